package head

import (
	"fmt"
	"strings"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/siteconfig"
	"github.com/vozia/site/generator/content/wire"
)

// The schema.org vocabulary, as plain structs so that the JSON keeps its
// field order (and so its bytes) from build to build.

type thing struct {
	Type string `json:"@type"`
	Name string `json:"name"`
}

type organizationLD struct {
	Context         string           `json:"@context"`
	Type            string           `json:"@type"`
	Name            string           `json:"name"`
	URL             string           `json:"url"`
	Logo            string           `json:"logo"`
	Description     string           `json:"description"`
	ContactPoint    contactPointLD   `json:"contactPoint"`
	SameAs          []string         `json:"sameAs"`
	Address         addressLD        `json:"address"`
	Founder         thing            `json:"founder"`
	AggregateRating *AggregateRating `json:"aggregateRating,omitempty"`
	Review          []reviewLD       `json:"review,omitempty"`
	Offers          offerLD          `json:"offers"`
}

type contactPointLD struct {
	Type        string `json:"@type"`
	ContactType string `json:"contactType"`
	Email       string `json:"email"`
}

type addressLD struct {
	Type    string `json:"@type"`
	Country string `json:"addressCountry"`
}

// AggregateRating is schema.org's AggregateRating.
type AggregateRating struct {
	Type        string `json:"@type"`
	RatingValue string `json:"ratingValue"`
	ReviewCount int    `json:"reviewCount"`
	BestRating  int    `json:"bestRating"`
	WorstRating int    `json:"worstRating"`
}

type ratingLD struct {
	Type        string  `json:"@type"`
	RatingValue float64 `json:"ratingValue"`
	BestRating  int     `json:"bestRating"`
	WorstRating int     `json:"worstRating"`
}

type reviewLD struct {
	Type          string   `json:"@type"`
	Author        thing    `json:"author"`
	ReviewBody    string   `json:"reviewBody"`
	ReviewRating  ratingLD `json:"reviewRating"`
	DatePublished string   `json:"datePublished"`
}

type offerLD struct {
	Type          string `json:"@type"`
	Price         string `json:"price"`
	PriceCurrency string `json:"priceCurrency"`
	Description   string `json:"description"`
}

func organization(s siteconfig.SiteConfig, reviews []content.Review) organizationLD {
	o := s.Organization
	ld := organizationLD{
		Context:      "https://schema.org",
		Type:         "Organization",
		Name:         s.Brand,
		URL:          string(s.BaseURL),
		Logo:         URL(s, o.Logo),
		Description:  o.Description,
		ContactPoint: contactPointLD{Type: "ContactPoint", ContactType: o.ContactType, Email: string(s.DemoEmail)},
		SameAs:       []string{},
		Address:      addressLD{Type: "PostalAddress", Country: o.Country},
		Founder:      thing{Type: "Organization", Name: o.FounderName},
		Offers:       offerLD{Type: "Offer", Price: o.Offer.Price, PriceCurrency: o.Offer.Currency, Description: o.Offer.Description},
	}
	for _, p := range s.Social {
		ld.SameAs = append(ld.SameAs, string(p.URL))
	}
	ld.AggregateRating = Rating(reviews)
	for _, r := range reviews {
		ld.Review = append(ld.Review, reviewLD{
			Type:          "Review",
			Author:        thing{Type: "Organization", Name: r.Company},
			ReviewBody:    r.ReviewBody,
			ReviewRating:  ratingLD{Type: "Rating", RatingValue: r.RatingValue, BestRating: 5, WorstRating: 1},
			DatePublished: string(r.DatePublished),
		})
	}
	return ld
}

// Rating is the aggregate of the review records (nil when there are none):
// their mean to one decimal, their count, on a 1-5 scale.
func Rating(reviews []content.Review) *AggregateRating {
	if len(reviews) == 0 {
		return nil
	}
	sum := 0.0
	for _, r := range reviews {
		sum += r.RatingValue
	}
	return &AggregateRating{
		Type:        "AggregateRating",
		RatingValue: fmt.Sprintf("%.1f", sum/float64(len(reviews))),
		ReviewCount: len(reviews),
		BestRating:  5,
		WorstRating: 1,
	}
}

type webPageLD struct {
	Context     string      `json:"@context"`
	Type        string      `json:"@type"`
	Name        string      `json:"name"`
	Description string      `json:"description"`
	URL         string      `json:"url"`
	InLanguage  string      `json:"inLanguage"`
	IsPartOf    webSiteLD   `json:"isPartOf"`
	Speakable   speakableLD `json:"speakable"`
}

type webSiteLD struct {
	Type string `json:"@type"`
	Name string `json:"name"`
	URL  string `json:"url"`
}

type speakableLD struct {
	Type        string   `json:"@type"`
	CSSSelector []string `json:"cssSelector"`
}

func webPage(s siteconfig.SiteConfig, title, desc, canonical string) webPageLD {
	return webPageLD{
		Context:     "https://schema.org",
		Type:        "WebPage",
		Name:        title,
		Description: desc,
		URL:         canonical,
		InLanguage:  s.Language,
		IsPartOf:    webSiteLD{Type: "WebSite", Name: s.Brand, URL: string(s.BaseURL)},
		Speakable:   speakableLD{Type: "SpeakableSpecification", CSSSelector: s.SEO.Speakable},
	}
}

type breadcrumbListLD struct {
	Context string       `json:"@context"`
	Type    string       `json:"@type"`
	Items   []listItemLD `json:"itemListElement"`
}

type listItemLD struct {
	Type     string `json:"@type"`
	Position int    `json:"position"`
	Name     string `json:"name"`
	Item     string `json:"item"`
}

func breadcrumbs(s siteconfig.SiteConfig, items []content.Breadcrumb) breadcrumbListLD {
	ld := breadcrumbListLD{Context: "https://schema.org", Type: "BreadcrumbList"}
	for i, b := range items {
		ld.Items = append(ld.Items, listItemLD{Type: "ListItem", Position: i + 1, Name: b.Name, Item: URL(s, b.URL)})
	}
	return ld
}

type blogPostingLD struct {
	Context          string       `json:"@context"`
	Type             string       `json:"@type"`
	Headline         string       `json:"headline"`
	Description      string       `json:"description"`
	DatePublished    string       `json:"datePublished"`
	DateModified     string       `json:"dateModified"`
	Author           personLD     `json:"author"`
	Publisher        publisherLD  `json:"publisher"`
	Image            string       `json:"image"`
	MainEntityOfPage mainEntityLD `json:"mainEntityOfPage"`
	Keywords         string       `json:"keywords,omitempty"`
	ArticleSection   string       `json:"articleSection,omitempty"`
	InLanguage       string       `json:"inLanguage"`
}

type personLD struct {
	Type     string `json:"@type"`
	Name     string `json:"name"`
	JobTitle string `json:"jobTitle,omitempty"`
	URL      string `json:"url,omitempty"`
}

type publisherLD struct {
	Type string  `json:"@type"`
	Name string  `json:"name"`
	URL  string  `json:"url"`
	Logo imageLD `json:"logo"`
}

type imageLD struct {
	Type string `json:"@type"`
	URL  string `json:"url"`
}

type mainEntityLD struct {
	Type string `json:"@type"`
	ID   string `json:"@id"`
}

// blogPosting is an article's BlogPosting: its headline (the title
// without the brand), dates, author, the site as publisher, its share
// image and its page.
func blogPosting(s siteconfig.SiteConfig, r content.Route, h wire.Head) blogPostingLD {
	ps := r.Posting
	return blogPostingLD{
		Context:          "https://schema.org",
		Type:             "BlogPosting",
		Headline:         r.Title,
		Description:      h.Description,
		DatePublished:    ps.Published,
		DateModified:     ps.Modified,
		Author:           personLD{Type: "Person", Name: ps.Author.Name, JobTitle: ps.Author.Role, URL: string(ps.Author.URL)},
		Publisher:        publisherLD{Type: "Organization", Name: s.Brand, URL: string(s.BaseURL), Logo: imageLD{Type: "ImageObject", URL: URL(s, s.Organization.Logo)}},
		Image:            URL(s, ps.Image),
		MainEntityOfPage: mainEntityLD{Type: "WebPage", ID: h.URL},
		Keywords:         strings.Join(ps.Tags, ", "),
		ArticleSection:   ps.Section,
		InLanguage:       s.Language,
	}
}

// subjectLD is a service's Service or a case study's CreativeWork.
type subjectLD struct {
	Context          string       `json:"@context"`
	Type             string       `json:"@type"`
	Name             string       `json:"name"`
	Headline         string       `json:"headline,omitempty"`
	Description      string       `json:"description"`
	URL              string       `json:"url"`
	Image            string       `json:"image,omitempty"`
	About            *thing       `json:"about,omitempty"`
	Provider         *publisherLD `json:"provider,omitempty"`
	Publisher        *publisherLD `json:"publisher,omitempty"`
	MainEntityOfPage mainEntityLD `json:"mainEntityOfPage"`
	InLanguage       string       `json:"inLanguage"`
}

// subject is the block of a detail page: the Organization provides a
// Service and publishes a case study.
func subject(s siteconfig.SiteConfig, sub *content.Subject, h wire.Head) subjectLD {
	org := &publisherLD{Type: "Organization", Name: s.Brand, URL: string(s.BaseURL), Logo: imageLD{Type: "ImageObject", URL: URL(s, s.Organization.Logo)}}
	ld := subjectLD{
		Context:          "https://schema.org",
		Type:             sub.Type,
		Name:             sub.Name,
		Description:      sub.Description,
		URL:              h.URL,
		MainEntityOfPage: mainEntityLD{Type: "WebPage", ID: h.URL},
		InLanguage:       s.Language,
	}
	if sub.Image != "" {
		ld.Image = URL(s, sub.Image)
	}
	if sub.About != "" {
		ld.About = &thing{Type: "Thing", Name: sub.About}
	}
	if sub.Type == content.SubjectService {
		ld.Provider = org
	} else {
		ld.Headline, ld.Publisher = sub.Name, org
	}
	return ld
}
