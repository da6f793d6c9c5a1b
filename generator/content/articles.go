package content

import (
	"cmp"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/vozia/site/generator/content/field"
)

// ArticlesPerPage is how many articles a page of the index lists.
const ArticlesPerPage = 12

// MinTagArticles is how many articles a tag needs for its page to be
// offered to search engines: a page listing one article only repeats it.
const MinTagArticles = 2

// maxDescription and maxTitle are the longest description and document
// title search engines show whole.
const (
	maxDescription = 160
	maxTitle       = 70
)

// shareSources are the values of ArticleFront.Share: the build checks
// them and the editor offers them.
var shareSources = []string{"title", "cover"}

// titleSuffix is what the build adds to an article's title in its page's
// title.
func titleSuffix(brand string) string { return " | " + brand }

// AuthorsFile holds the authors articles name.
const AuthorsFile = "collections/authors.yaml"

// TagsFolder holds one file per tag, <slug>.yaml, with the name the tag is
// shown by; a tag with no file is shown as UnnamedTag has it. One file
// each, so that the web editor can add a tag from the article that first
// uses it (a list in one file it cannot add to).
const TagsFolder = "collections/tags"

// UnnamedTag is how a tag with no file in TagsFolder is shown: its slug
// with spaces for hyphens ("night-shifts": "night shifts").
func UnnamedTag(slug string) string { return strings.ReplaceAll(slug, "-", " ") }

// OldTagsFile is where the tags' names were kept before TagsFolder: the
// build names the move rather than ignore the file.
const OldTagsFile = "collections/tags.yaml"

// TagName is how a tag is shown to visitors: the file
// collections/tags/<slug>.yaml, whose name is the tag's slug, as articles
// write it (tags: [voice-ai]).
type TagName struct {
	Pos field.Pos `json:"-"`
	// Name is the words visitors read for the tag ("Voice AI").
	Name string `json:"name"`
}

// ArticleFront is the front matter of an article.
type ArticleFront struct {
	// Title is the article's h1 and the title of its page.
	Title string `json:"title"`
	// Description is the summary on cards, in feeds and search results (at most 160 characters).
	Description string `json:"description"`
	// Date is the publication date, YYYY-MM-DD; an article dated after the build's day is scheduled.
	Date field.Date `json:"date"`
	// Updated is the date of the last meaningful change, YYYY-MM-DD.
	Updated field.Date `json:"updated,omitempty"`
	// Author is the key of an author in collections/authors.yaml.
	Author string `json:"author"`
	// Tags are lowercase slugs (voice-ai); each gets a page listing its articles.
	Tags []string `json:"tags,omitempty"`
	// Cover is the image on top of the article and on its cards: a file under content/images/, or beside an articles/<slug>/index.md; left out, the site's plain cover in its colours.
	Cover ArticleImage `json:"cover,omitempty"`
	// Share is what the article's share image (the 1200x630 picture a link to it shows on social networks and in chats) is drawn from: left out or title, the title on the site's dark card; cover, the cover photo, framed as on the page, with the title over it.
	Share string `json:"share,omitempty"`
	// Draft keeps the article out of the site (make dev shows it).
	Draft bool `json:"draft,omitempty"`
	// Aliases are the article's earlier addresses (/insights/old-slug), kept
	// when it is renamed: each answers with a permanent redirect to it.
	Aliases []string `yaml:"aliases,omitempty" json:"-"`
}

// ArticleImage is an article's cover as written: a site path (/images/...)
// or, in an article folder, a file name beside index.md.
type ArticleImage struct {
	Pos field.Pos `json:"-"`
	Src string    `json:"src"`
	// SrcAt is where src's value is written: a file refused is placed
	// there, not at the mapping ("cover: {src: …}" put it at the brace).
	SrcAt field.Pos `json:"-" yaml:"-" at:"src"`
	// Alt describes the image for those who cannot see it.
	Alt string `json:"alt"`
	// Focus is the point of the image that stays in view when the build crops it to the cover's shape (1200 by 630): x from 0 (left edge) to 1 (right edge), y from 0 (top) to 1 (bottom); the centre when left out.
	Focus *Focus `json:"focus,omitempty"`
	// Position says the focus in a word: top, center or bottom (a portrait photo whose subject is at its top: position: top); write focus or position, not both.
	Position string `json:"position,omitempty"`
}

// Focus is a point of an image, each coordinate from 0 to 1.
type Focus struct {
	// X is from 0 (the left edge) to 1 (the right edge).
	X float64 `json:"x"`
	// Y is from 0 (the top) to 1 (the bottom).
	Y float64 `json:"y"`
}

// DefaultCover is the site path of the plain cover an article without
// one shows: the brand's mark on its dark background, drawn in its
// colours by the build (generator/sitefiles), so that a new article
// needs no picture to be published.
const DefaultCover = "/cover.svg"

// CoverWidth and CoverHeight are the shape of every article cover, the
// share image's: the build crops a photo to it, the page and the cards
// show any cover in it, and share: cover draws the share image from the
// same frame.
const (
	CoverWidth  = 1200
	CoverHeight = 630
)

// coverPositions are the words of ArticleImage.Position and the focus
// each stands for (y).
var coverPositions = []string{"top", "center", "bottom"}

func (c ArticleImage) Validate() error {
	var problems []error
	if c.Focus != nil {
		for _, v := range []struct {
			name string
			v    float64
		}{{"x", c.Focus.X}, {"y", c.Focus.Y}} {
			if v.v < 0 || v.v > 1 {
				problems = append(problems, field.AtField("focus", "focus %s is %g: write a number from 0 to 1 (0.5 is the middle)", v.name, v.v))
			}
		}
		if c.Position != "" {
			problems = append(problems, field.AtField("position", "write focus or position, not both"))
		}
	}
	if c.Position != "" && !slices.Contains(coverPositions, c.Position) {
		problems = append(problems, field.AtField("position", "position %q: write top, center or bottom%s", c.Position, field.DidYouMean(c.Position, coverPositions)))
	}
	return errors.Join(problems...)
}

// PlaceholderDescription and PlaceholderAlt are the texts make article
// starts a draft with: published, they would reach cards, feeds, search
// results and screen readers as written.
const (
	PlaceholderDescription = "One or two sentences for the cards, the feeds and search results (at most 160 characters)."
	PlaceholderAlt         = "Describe the cover for people who cannot see it"
)

var tagRE = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

func (f ArticleFront) Validate() error {
	var problems []error
	if n := utf8.RuneCountInString(f.Description); n > maxDescription {
		problems = append(problems, field.AtField("description", "description has %d characters; search engines cut it after %d", n, maxDescription))
	}
	if !f.Draft && f.Description == PlaceholderDescription {
		problems = append(problems, field.AtField("description", "description is still the placeholder of make article: write one or two sentences on what the article tells, or put back draft: true"))
	}
	if f.Share != "" && !slices.Contains(shareSources, f.Share) {
		problems = append(problems, field.AtField("share", "share %q: write cover (the cover photo with the title) or leave it out (the title on the site's card)%s", f.Share, field.DidYouMean(f.Share, shareSources)))
	}
	if f.Share == "cover" && f.Cover.Src == "" {
		problems = append(problems, field.AtField("share", "share: cover draws the share image from the cover photo, and the article has none: add a cover photo (JPEG, PNG or WebP), or leave share out"))
	}
	if f.Share == "cover" && f.Cover.Src != "" && !(Image{Src: f.Cover.Src}).Processed() {
		problems = append(problems, field.AtField("share", "share: cover draws the share image from a photo, and the cover %q is a drawing: use a JPEG, PNG or WebP cover, or leave share out", f.Cover.Src))
	}
	if !f.Draft && f.Cover.Alt == PlaceholderAlt {
		problems = append(problems, field.AtField("cover", "the cover's alt is still the placeholder of make article: say what the image shows, or put back draft: true"))
	}
	for i, t := range f.Tags {
		if !tagRE.MatchString(t) {
			problems = append(problems, field.AtItem("tags", i, "tag %q is not a slug: lowercase letters, digits and single hyphens (%q)", t, field.Slugify(t)))
		}
	}
	if f.Updated != "" && f.Date != "" && f.Updated < f.Date {
		problems = append(problems, field.AtField("updated", "updated %s is before date %s", f.Updated, f.Date))
	}
	return errors.Join(problems...)
}

// Author is one record of collections/authors.yaml.
type Author struct {
	Pos field.Pos `json:"-"`
	// Key is how articles name the author (author: lucia).
	Key  string `json:"key"`
	Name string `json:"name"`
	// Role is the author's job, shown under the name.
	Role string `json:"role"`
	// Photo is a portrait; the author's initials stand in without one.
	Photo *Image `json:"photo,omitempty"`
	// URL is the author's profile (LinkedIn, a personal site).
	URL field.AbsURL `json:"url,omitempty"`
}

// ArticleLabels are the words the article pages and lists need, written
// once on the index page's article-index section.
type ArticleLabels struct {
	// ReadingTime says how long an article takes to read; {minutes} is replaced ("{minutes} min read").
	ReadingTime string `json:"readingTime" fill:"minutes"`
	// Contents heads the table of contents of a long article.
	Contents string `json:"contents"`
	// Related heads the related articles under an article.
	Related string `json:"related"`
	// TaggedHeading is a tag page's h1; {tag} is replaced ("Articles tagged {tag}").
	TaggedHeading string `json:"taggedHeading" fill:"tag"`
	// TagsLabel names the list of an article's tags for screen readers.
	TagsLabel string `json:"tagsLabel"`
	// Newer labels the link to the page of newer articles.
	Newer string `json:"newer"`
	// Older labels the link to the page of older articles.
	Older string `json:"older"`
	// PageLabel says where a page is in the index; {page} and {pages} are replaced ("Page {page} of {pages}").
	PageLabel string `json:"pageLabel" fill:"page,pages"`
	// AllArticles links back to the index.
	AllArticles string `json:"allArticles"`
	// Feed labels the link to the article feed.
	Feed string `json:"feed"`
	// Draft is the banner make dev shows on a draft.
	Draft string `json:"draft"`
	// Scheduled is the banner make dev shows on an article dated after today; {date} is replaced.
	Scheduled string `json:"scheduled" fill:"date"`
	// Backlink names, for screen readers, the link from a footnote back to where the article cites it ("Back to the text"); the link shows an arrow.
	Backlink string `yaml:"backlink" json:"-"`
	// Footnote names, for screen readers, the link from the text to a footnote ("Footnote {n}"), which shows the number alone; {n} is replaced by it.
	Footnote string `yaml:"footnote" json:"-" fill:"n"`
	// Months names the months of the dates, January first.
	Months []string `yaml:"months" json:"-"`
}

func (l ArticleLabels) Validate() error {
	var errs []error
	if len(l.Months) != 12 {
		errs = append(errs, field.AtField("months", "months: want 12 names, have %d", len(l.Months)))
	}
	for _, c := range []struct{ name, text, want string }{
		{"readingTime", l.ReadingTime, "{minutes}"}, {"taggedHeading", l.TaggedHeading, "{tag}"},
		{"pageLabel", l.PageLabel, "{page}"}, {"scheduled", l.Scheduled, "{date}"},
		// The number shown is in the link's name (WCAG's label in name),
		// and tells one footnote's link from another's.
		{"footnote", l.Footnote, "{n}"},
	} {
		if !strings.Contains(c.text, c.want) {
			errs = append(errs, field.AtField(c.name, "%s %q must contain %s", c.name, c.text, c.want))
		}
	}
	return errors.Join(errs...)
}

// ArticleCard is an article as a list shows it.
type ArticleCard struct {
	URL         string    `json:"url"`
	Title       string    `json:"title"`
	Description string    `json:"description"`
	Date        string    `json:"date"`
	DateLabel   string    `json:"dateLabel"`
	ReadingTime string    `json:"readingTime"`
	AuthorName  string    `json:"authorName"`
	Cover       Image     `json:"cover"`
	Tags        []TagLink `json:"tags"`
	Status      string    `json:"status,omitempty"`
	// Badge says, on a draft's or scheduled article's card (make dev only),
	// what its page's banner says.
	Badge string `json:"badge,omitempty"`
	// Memo is a digest of everything else the card holds, filled in when
	// the card is written (MarshalJSON): the prerender renders each
	// distinct card once (frontend/src/lib/memo.tsx).
	Memo string `json:"memo"`
}

// MarshalJSON writes the card with its Memo. It is computed as the card
// is written, so that it covers what the build sets after making the card
// (its cover's priority on the page that leads with it): the digest of
// the card written with an empty Memo, which is its last field, goes
// between that field's quotes. That assumes Memo stays the last field,
// written as "memo":"": a field after it would take the digest, or break
// the JSON. TestArticleCardDigest fails if it is not, if the card does not
// read back as itself, or if two cards that differ get one memo.
func (c ArticleCard) MarshalJSON() ([]byte, error) {
	type plain ArticleCard
	p := plain(c)
	p.Memo = ""
	b, err := json.Marshal(p)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(b)
	end := len(b) - len(`"}`) // b ends with "memo":""}
	return append(append(b[:end:end], base64.RawURLEncoding.EncodeToString(sum[:12])...), `"}`...), nil
}

// TagLink is a tag, the name it is shown by, and its page.
type TagLink struct {
	Tag  string `json:"tag"`
	Name string `json:"name"`
	URL  string `json:"url"`
}

// MinTOCEntries is how many ## headings an article needs for its page
// to list them as its contents, above the text; with fewer, a reader
// sees them all at a glance, and ArticleSection.TOC is empty.
const MinTOCEntries = 3

// TOCEntry is one ## heading of an article.
type TOCEntry struct {
	ID   string `json:"id"`
	Text string `json:"text"`
}

// ArticleSection is an article page's body, made by the build from the
// article's file: never written in a page (its fields are the build's).
type ArticleSection struct {
	Title       string `json:"title" yaml:"-"`
	Description string `json:"description" yaml:"-"`
	// Date and Updated are YYYY-MM-DD; DateLabel is Date in words.
	Date      string `json:"date" yaml:"-"`
	Updated   string `json:"updated,omitempty" yaml:"-"`
	DateLabel string `json:"dateLabel" yaml:"-"`
	// ReadingTime is the labelled reading time ("4 min read").
	ReadingTime string     `json:"readingTime" yaml:"-"`
	Author      Author     `json:"author" yaml:"-"`
	Cover       Image      `json:"cover" yaml:"-"`
	Tags        []TagLink  `json:"tags" yaml:"-"`
	TOC         []TOCEntry `json:"toc,omitempty" yaml:"-"`
	// HTML is the rendered body, its images written in by the image
	// stage from Text (JoinImages).
	HTML string `json:"html" yaml:"-"`
	// Text is the rendered body with its images apart, and Images its
	// images, in order.
	Text    Text          `json:"-" yaml:"-"`
	Images  []Image       `json:"-" yaml:"-"`
	Related []ArticleCard `json:"related" yaml:"-"`
	// Status is "draft" or "scheduled" for an article make dev shows
	// before it is published; Banner says so.
	Status string        `json:"status,omitempty" yaml:"-"`
	Banner string        `json:"banner,omitempty" yaml:"-"`
	Labels ArticleLabels `json:"labels" yaml:"-"`
	// IndexURL is the index's path.
	IndexURL string `json:"indexUrl" yaml:"-"`
}

func (ArticleSection) Validate() error {
	return fmt.Errorf("sections of kind article are made by the build from the files under articles/; write an article there instead")
}

// LoadedArticle is one article as the build uses it: for its page, the
// feeds, the sitemap and its share image.
type LoadedArticle struct {
	Slug string
	// File is the article's Markdown file under content/.
	File  string
	Front ArticleFront
	// Path is the article's page.
	Path   string
	Author Author
	Cover  Image
	// Text is the rendered body, with its Images apart.
	Text    Text
	Images  []Image
	TOC     []TOCEntry
	Minutes int
	// Status is "", "draft" or "scheduled".
	Status string
	// ShareImage is the site path of its drawn share image.
	ShareImage string
	// Shown is the body section of the article's page, as the page shows
	// it once the build has filled it in (images as <picture>, claims
	// cited, the date in words): the feeds and the share image take the
	// article from there. Nil for an article without a page.
	Shown *ArticleSection
	// CoverName is the cover's file beside the article's index.md.
	CoverName string `json:"-"`
}

// Modified is the article's last change: updated, or its date.
func (a *LoadedArticle) Modified() string { return string(cmp.Or(a.Front.Updated, a.Front.Date)) }

// Posting is what the head of an article's page says about it.
type Posting struct {
	Published, Modified string
	Author              Author
	Tags                []string
	// Section is the index's name ("Insights").
	Section string
	Image   string
}

// FeedLink is one of the site's feeds, linked from every page's head.
type FeedLink struct {
	Title, Type, Path string
}

// wordsPerMinute is a reader's pace on a screen.
const wordsPerMinute = 220

// PlaceholderBody are the lines make article starts a draft's text with,
// in order: a published article holds none of them, its first heading
// included.
var PlaceholderBody = []string{
	"The first paragraph: what the reader will learn.",
	"## The first part",
	"Write in Markdown. Three or more parts (## headings) get a table of contents.",
}
