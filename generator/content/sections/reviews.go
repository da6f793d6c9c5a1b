package sections

import (
	"strconv"
	"strings"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/field"
	"github.com/vozia/site/generator/content/siteconfig"
)

func init() {
	content.RegisterKind[ReviewsSection](content.Kind{
		Name: "reviews",
		Doc:  "The reviews collection as quotes with the kind of company, the rating and the date: the same records as the structured data's reviews and aggregate rating.",
	})
}

// bestRating is the top of the reviews' rating scale.
const bestRating = 5

// ReviewsSection shows the reviews collection. The same records make the
// Organization's reviews and aggregate rating in every page's structured
// data, which must describe what visitors can see: Load refuses reviews
// that no page shows. RatingLabel says the rating in words, with {rating}
// and {best} (e.g. "Rated {rating} out of {best}"); Months names the months
// of the dates, January first.
type ReviewsSection struct {
	ID      string `json:"id,omitempty"`
	Eyebrow string `json:"eyebrow,omitempty"`
	Heading string `json:"heading"`
	Intro   string `json:"intro,omitempty"`
	// RatingLabel is read out for each review's stars: {rating} and {best}
	// are replaced.
	RatingLabel string `yaml:"ratingLabel" json:"-" fill:"rating,best"`
	// Months name the twelve months, January first, for the dates.
	Months []string `yaml:"months" json:"-"`
}

func (r ReviewsSection) Validate() error {
	if len(r.Months) != 12 {
		return field.AtField("months", "months: want 12 names, have %d", len(r.Months))
	}
	if !strings.Contains(r.RatingLabel, "{rating}") {
		return field.AtField("ratingLabel", "ratingLabel %q must contain {rating}", r.RatingLabel)
	}
	return nil
}

func (ReviewsSection) Reads() []string { return []string{"reviews"} }

func (v ReviewsSection) WordRecords(c *content.Collections, _ siteconfig.SiteConfig) {
	c.Reviews = content.CloneEach(c.Reviews, func(r *content.Review) {
		r.RatingLabel = content.Fill(v.RatingLabel, "{rating}", strconv.FormatFloat(r.RatingValue, 'f', -1, 64), "{best}", strconv.Itoa(bestRating))
		r.DateText = content.DateText(string(r.DatePublished), v.Months)
	})
}
