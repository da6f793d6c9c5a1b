package content

import (
	"cmp"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"path"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/vozia/site/generator/images"
)

// Articles: one Markdown file per article under articles/, either
// articles/<slug>.md or articles/<slug>/index.md with the article's own
// images beside it. The front matter (ArticleFront) names an author of
// collections/authors.yaml. The page that holds a section of kind
// article-index (pages/insights.yaml) is the articles' index, and its path
// their home: for /insights the build adds
//
//	/insights/<slug>            each article (sections article and contact)
//	/insights/page/<n>          the index's further pages, ArticlesPerPage each
//	/insights/tags/<tag>        every article with a tag, paginated likewise;
//	                            with fewer than MinTagArticles, noindex and
//	                            not in the sitemap (Route.Thin)
//
// newest first, and a section of kind latest-articles on any page shows the
// newest few. An article that is a draft, or dated after the build's day,
// is left out of everything unless LoadOptions.Drafts (make dev), which
// shows it with a banner saying so.

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

// TagsFile holds the names tags are shown by; a tag it does not name is
// shown as its slug with spaces for hyphens.
const TagsFile = "collections/tags.yaml"

// TagName is how a tag (its slug, the key) is shown to visitors.
type TagName struct {
	Pos  Pos    `json:"-"`
	Key  string `json:"key"`
	Name string `json:"name"`
}

// LoadOptions are what a load depends on besides the files.
type LoadOptions struct {
	// Now is the build's time: an article dated after its day is
	// scheduled. Zero means time.Now().
	Now time.Time
	// Drafts keeps drafts and scheduled articles, with a banner (make dev).
	Drafts bool
}

// ArticleFront is the front matter of an article.
type ArticleFront struct {
	// Title is the article's h1 and the title of its page.
	Title string `json:"title"`
	// Description is the summary on cards, in feeds and search results (at most 160 characters).
	Description string `json:"description"`
	// Date is the publication date, YYYY-MM-DD; an article dated after the build's day is scheduled.
	Date Date `json:"date"`
	// Updated is the date of the last meaningful change, YYYY-MM-DD.
	Updated Date `json:"updated,omitempty"`
	// Author is the key of an author in collections/authors.yaml.
	Author string `json:"author"`
	// Tags are lowercase slugs (voice-ai); each gets a page listing its articles.
	Tags []string `json:"tags,omitempty"`
	// Cover is the image on top of the article and on its cards: a file under content/images/, or beside an articles/<slug>/index.md.
	Cover ArticleImage `json:"cover"`
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
	Pos Pos    `json:"-"`
	Src string `json:"src"`
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
				problems = append(problems, atField("focus", "focus %s is %g: write a number from 0 to 1 (0.5 is the middle)", v.name, v.v))
			}
		}
		if c.Position != "" {
			problems = append(problems, atField("position", "write focus or position, not both"))
		}
	}
	if c.Position != "" && !slices.Contains(coverPositions, c.Position) {
		problems = append(problems, atField("position", "position %q: write top, center or bottom%s", c.Position, didYouMean(c.Position, coverPositions)))
	}
	return errors.Join(problems...)
}

// focus is the cover's focal point: its focus, its position, or the centre.
func (c ArticleImage) focus() (x, y float64) {
	switch {
	case c.Focus != nil:
		return c.Focus.X, c.Focus.Y
	case c.Position == "top":
		return 0.5, 0
	case c.Position == "bottom":
		return 0.5, 1
	}
	return 0.5, 0.5
}

// coverImage is the cover as pages show it: a photo cropped by the build
// to the cover's shape around its focus, and, for any image, the focus
// as the CSS object-position of the frame it is shown in.
func coverImage(c ArticleImage) Image {
	img := Image{Pos: c.Pos, Src: c.Src, Alt: c.Alt}
	x, y := c.focus()
	if c.Focus != nil || c.Position != "" {
		img.Focus = fmt.Sprintf("%g%% %g%%", math.Round(x*1000)/10, math.Round(y*1000)/10)
	}
	if img.Processed() {
		img.Crop = &images.Crop{W: CoverWidth, H: CoverHeight, X: x, Y: y}
	}
	return img
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
		problems = append(problems, atField("description", "description has %d characters; search engines cut it after %d", n, maxDescription))
	}
	if !f.Draft && f.Description == PlaceholderDescription {
		problems = append(problems, atField("description", "description is still the placeholder of make article: write one or two sentences on what the article tells, or put back draft: true"))
	}
	if f.Share != "" && !slices.Contains(shareSources, f.Share) {
		problems = append(problems, atField("share", "share %q: write cover (the cover photo with the title) or leave it out (the title on the site's card)%s", f.Share, didYouMean(f.Share, shareSources)))
	}
	if f.Share == "cover" && f.Cover.Src != "" && !(Image{Src: f.Cover.Src}).Processed() {
		problems = append(problems, atField("share", "share: cover draws the share image from a photo, and the cover %q is a drawing: use a JPEG, PNG or WebP cover, or leave share out", f.Cover.Src))
	}
	if !f.Draft && f.Cover.Alt == PlaceholderAlt {
		problems = append(problems, atField("cover", "the cover's alt is still the placeholder of make article: say what the image shows, or put back draft: true"))
	}
	for i, t := range f.Tags {
		if !tagRE.MatchString(t) {
			problems = append(problems, atItem("tags", i, "tag %q is not a slug: lowercase letters, digits and single hyphens (%q)", t, slugify(t)))
		}
	}
	if f.Updated != "" && f.Date != "" && f.Updated < f.Date {
		problems = append(problems, atField("updated", "updated %s is before date %s", f.Updated, f.Date))
	}
	return errors.Join(problems...)
}

// Date is a calendar date written YYYY-MM-DD.
type Date string

func (d *Date) UnmarshalText(b []byte) error {
	if _, err := time.Parse(time.DateOnly, string(b)); err != nil {
		return fmt.Errorf("%q is not a date: %s", string(b), dateMistake(string(b)))
	}
	*d = Date(b)
	return nil
}

var dateParts = regexp.MustCompile(`^(\d{4})-(\d{2})-(\d{2})$`)

// dateMistake says which part of a date written YYYY-MM-DD does not
// exist, or how to write it.
func dateMistake(s string) string {
	m := dateParts.FindStringSubmatch(s)
	if m == nil {
		return "write it YYYY-MM-DD, like 2026-03-14"
	}
	year, _ := strconv.Atoi(m[1])
	month, _ := strconv.Atoi(m[2])
	day, _ := strconv.Atoi(m[3])
	if month < 1 || month > 12 {
		return fmt.Sprintf("there is no month %s (the month comes second, 01 to 12: YYYY-MM-DD)", m[2])
	}
	days := time.Date(year, time.Month(month)+1, 0, 0, 0, 0, 0, time.UTC).Day()
	if day < 1 || day > days {
		return fmt.Sprintf("there is no day %s in %s %d, which has %d days", m[3], time.Month(month), year, days)
	}
	return "write it YYYY-MM-DD, like 2026-03-14"
}

// Author is one record of collections/authors.yaml.
type Author struct {
	Pos Pos `json:"-"`
	// Key is how articles name the author (author: lucia).
	Key  string `json:"key"`
	Name string `json:"name"`
	// Role is the author's job, shown under the name.
	Role string `json:"role"`
	// Photo is a portrait; the author's initials stand in without one.
	Photo *Image `json:"photo,omitempty"`
	// URL is the author's profile (LinkedIn, a personal site).
	URL AbsURL `json:"url,omitempty"`
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
	// Months names the months of the dates, January first.
	Months []string `yaml:"months" json:"-"`
}

func (l ArticleLabels) Validate() error {
	if len(l.Months) != 12 {
		return atField("months", "months: want 12 names, have %d", len(l.Months))
	}
	for _, c := range []struct{ name, text, want string }{
		{"readingTime", l.ReadingTime, "{minutes}"}, {"taggedHeading", l.TaggedHeading, "{tag}"},
		{"pageLabel", l.PageLabel, "{page}"}, {"scheduled", l.Scheduled, "{date}"},
	} {
		if !strings.Contains(c.text, c.want) {
			return atField(c.name, "%s %q must contain %s", c.name, c.text, c.want)
		}
	}
	return nil
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
// between that field's quotes.
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

// TOCEntry is one ## heading of an article.
type TOCEntry struct {
	ID   string `json:"id"`
	Text string `json:"text"`
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
	// HTML is the rendered body, with a placeholder for each of Images.
	HTML    string
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
	// coverName is the cover's file beside the article's index.md.
	coverName string
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

// ArticleFeeds are the feed files below an index.
var ArticleFeeds = []struct{ Name, Type string }{
	{"feed.xml", "application/atom+xml"},
	{"feed.json", "application/feed+json"},
}

// articles loads articles/ and makes their pages. It runs after the pages
// are read and before the route table is made.
func (l *loader) articles(s *Site, opt LoadOptions) {
	s.Authors = l.authors()
	// The index: the page holding the article-index section.
	var index *Page
	var indexSec *ArticleIndexSection
	for _, p := range pagesInOrder(s) {
		for _, sec := range p.Sections {
			if ai, ok := sec.Value.(*ArticleIndexSection); ok {
				if index != nil {
					l.errs = append(l.errs, sec.Pos.errorf("%s already lists the articles: one page is their index", index.Route.File))
					continue
				}
				index, indexSec = p, ai
			}
		}
	}
	base := ""
	if index != nil {
		base = index.Route.Path
	}
	var list []*LoadedArticle
	slugs := map[string]string{}
	if _, err := fs.Stat(l.fsys, "articles"); err == nil {
		fs.WalkDir(l.fsys, "articles", func(file string, d fs.DirEntry, err error) error {
			if err != nil || !d.Type().IsRegular() {
				return err // a link is reported as one (files.go)
			}
			slug, ok := articleSlug(file)
			if !ok {
				if path.Ext(file) == ".md" || path.Dir(file) == "articles" {
					l.errs = append(l.errs, Error{File: file, Line: 1, Col: 1, Message: "not an article: write articles/<slug>.md, or articles/<slug>/index.md with its images beside it"})
				}
				return nil
			}
			if prev, dup := slugs[slug]; dup {
				l.errs = append(l.errs, Error{File: file, Line: 1, Col: 1, Message: fmt.Sprintf("%s already has the slug %q: two articles cannot share a page", prev, slug)})
				return nil
			}
			slugs[slug] = file
			if !tagRE.MatchString(slug) {
				l.errs = append(l.errs, Error{File: file, Line: 1, Col: 1, Message: fmt.Sprintf("%q cannot be a page's address: name the article with a slug, like %q", slug, slugify(slug))})
				return nil
			}
			if a := l.article(file, slug, base, s, opt); a != nil {
				list = append(list, a)
			}
			return nil
		})
	}
	if index == nil {
		if len(list) > 0 {
			l.errs = append(l.errs, Error{File: list[0].File, Line: 1, Col: 1, Message: "no page lists the articles: add a page (pages/insights.yaml) with a section of kind article-index"})
		}
		return
	}
	labels := indexSec.ArticleLabels
	slices.SortStableFunc(list, func(a, b *LoadedArticle) int {
		return cmp.Or(-strings.Compare(string(a.Front.Date), string(b.Front.Date)), strings.Compare(a.Slug, b.Slug))
	})
	for _, a := range list {
		a.Path = base + "/" + a.Slug
		a.ShareImage = a.Path + "/share.png"
		if a.Front.Share == "cover" { // a photo: a JPEG is a tenth of the PNG
			a.ShareImage = a.Path + "/share.jpg"
		}
		if a.coverName != "" { // beside the article: published in its folder
			a.Cover.Src = a.Path + "/" + a.coverName
		}
	}
	s.Articles = list
	s.ArticleIndex = base
	if len(list) > 0 {
		for _, f := range ArticleFeeds {
			s.Feeds = append(s.Feeds, FeedLink{Title: index.Route.Title, Type: f.Type, Path: base + "/" + f.Name})
		}
	}
	tags := map[string][]*LoadedArticle{}
	for _, a := range list {
		for _, t := range a.Front.Tags {
			tags[t] = append(tags[t], a)
		}
	}
	names := l.tagNames()
	tagName := func(t string) string {
		if n, ok := names[t]; ok {
			return n
		}
		return strings.ReplaceAll(t, "-", " ")
	}
	tagLinks := func(ts []string) []TagLink {
		out := []TagLink{}
		for _, t := range ts {
			out = append(out, TagLink{Tag: t, Name: tagName(t), URL: base + "/tags/" + t})
		}
		return out
	}
	// banner is what an unpublished article's page and cards say of it.
	banner := func(a *LoadedArticle) string {
		switch a.Status {
		case "draft":
			return labels.Draft
		case "scheduled":
			return strings.ReplaceAll(labels.Scheduled, "{date}", dateLabel(a.Front.Date, labels.Months))
		}
		return ""
	}
	card := func(a *LoadedArticle) ArticleCard {
		return ArticleCard{
			URL: a.Path, Title: a.Front.Title, Description: a.Front.Description, Date: string(a.Front.Date),
			DateLabel: dateLabel(a.Front.Date, labels.Months), ReadingTime: strings.ReplaceAll(labels.ReadingTime, "{minutes}", strconv.Itoa(a.Minutes)),
			AuthorName: a.Author.Name, Cover: a.Cover, Tags: tagLinks(a.Front.Tags), Status: a.Status, Badge: banner(a),
		}
	}
	cards := func(as []*LoadedArticle) []ArticleCard {
		out := []ArticleCard{}
		for _, a := range as {
			out = append(out, card(a))
		}
		return out
	}
	allTags := tagLinks(sortedKeys(tags))
	feed := ""
	if len(s.Feeds) > 0 {
		feed = s.Feeds[0].Path
	}

	// The index's pages, and each tag's, ArticlesPerPage articles to a
	// page: page 1 at the list's own path, then <path>/page/<n>. A tag of
	// fewer than MinTagArticles articles is Thin.
	listPages := func(path string, as []*LoadedArticle, tag string) {
		pages := max(1, (len(as)+ArticlesPerPage-1)/ArticlesPerPage)
		pageURL := func(n int) string {
			if n == 1 {
				return path
			}
			return fmt.Sprintf("%s/page/%d", path, n)
		}
		lastMod := ""
		if len(as) > 0 {
			lastMod = slices.Max(mapSlice(as, (*LoadedArticle).Modified))
		}
		for n := 1; n <= pages; n++ {
			sec := *indexSec
			sec.Articles = cards(as[(n-1)*ArticlesPerPage : min(n*ArticlesPerPage, len(as))])
			sec.Tag, sec.Tags, sec.Page, sec.Pages, sec.IndexURL, sec.FeedURL = tag, allTags, n, pages, base, feed
			if tag != "" {
				sec.Heading = strings.ReplaceAll(labels.TaggedHeading, "{tag}", tagName(tag))
			}
			if n > 1 {
				sec.NewerURL = pageURL(n - 1)
			}
			if n < pages {
				sec.OlderURL = pageURL(n + 1)
			}
			p := index
			if tag != "" || n > 1 {
				p = l.derivedPage(s, index, pageURL(n))
			}
			if tag != "" {
				p.Route.Title, p.Route.Name = sec.Heading, tagName(tag)
				p.Route.Description = fmt.Sprintf("%s: %s", sec.Heading, index.Route.Description)
			}
			if n > 1 {
				label := strings.NewReplacer("{page}", strconv.Itoa(n), "{pages}", strconv.Itoa(pages)).Replace(labels.PageLabel)
				p.Route.Title = p.Route.Title + " – " + label
				p.Route.Name = label
			}
			p.Route.Prev, p.Route.Next, p.Route.LastMod = sec.NewerURL, sec.OlderURL, lastMod
			p.Route.Thin = tag != "" && len(as) < MinTagArticles
			p.Sections = replaceSection(p.Sections, &sec)
		}
	}
	listPages(base, list, "")
	for _, t := range sortedKeys(tags) {
		listPages(base+"/tags/"+t, tags[t], t)
	}

	// The articles' pages.
	publisher := s.Config.BaseURL
	var closing []Section
	for i, sec := range index.Sections {
		if _, ok := sec.Value.(*ArticleIndexSection); ok {
			closing = index.Sections[i+1:]
		}
	}
	for _, a := range list {
		sec := &ArticleSection{
			Title: a.Front.Title, Description: a.Front.Description, Date: string(a.Front.Date), Updated: string(a.Front.Updated),
			DateLabel: dateLabel(a.Front.Date, labels.Months), ReadingTime: strings.ReplaceAll(labels.ReadingTime, "{minutes}", strconv.Itoa(a.Minutes)),
			Author: a.Author, Cover: a.Cover, Tags: tagLinks(a.Front.Tags), TOC: a.TOC, HTML: a.HTML, Images: a.Images,
			Related: cards(related(a, list, 3)), Status: a.Status, Labels: labels, IndexURL: base,
		}
		a.Shown = sec
		sec.Banner = banner(a)
		pos := Pos{File: a.File, Line: 1, Col: 1}
		p := &Page{
			Route: Route{
				Pos: pos, Path: a.Path, File: a.File,
				PageMeta: PageMeta{
					Title: a.Front.Title, Description: a.Front.Description, Name: a.Front.Title,
					Keywords: a.Front.Tags, Image: a.ShareImage,
					Article: &Article{Author: a.Author.Name, Publisher: publisher},
				},
				Posting: &Posting{
					Published: string(a.Front.Date), Modified: a.Modified(), Author: a.Author, Tags: a.Front.Tags,
					Section: cmp.Or(index.Route.Name, index.Route.Title), Image: a.ShareImage,
				},
				LastMod: a.Modified(),
			},
			// The index's closing sections (its call to action) close
			// every article too.
			Sections: append([]Section{{Kind: "article", Pos: pos, Value: sec}}, closing...),
		}
		l.addPage(s, p)
	}

	// Every latest-articles section.
	for _, p := range s.Pages {
		for _, sec := range p.Sections {
			if la, ok := sec.Value.(*LatestArticlesSection); ok {
				la.Articles = cards(list[:min(cmp.Or(la.Count, 3), len(list))])
			}
		}
	}
}

// article reads one article; nil when it is left out or has errors.
func (l *loader) article(file, slug, base string, s *Site, opt LoadOptions) *LoadedArticle {
	var f ArticleFront
	body, bodyLine, ok := l.frontMatter(file, "an article starts with front matter: a line \"---\", its title, description, date, author and cover in YAML, and another \"---\" (see content/README.md, Write an article)", &f)
	if !ok {
		return nil
	}
	a := &LoadedArticle{Slug: slug, File: file, Front: f}
	if f.Author != "" && !l.failed(AuthorsFile) {
		i := slices.IndexFunc(s.Authors, func(au Author) bool { return au.Key == f.Author })
		if i < 0 {
			keys := mapSlice(s.Authors, func(au Author) string { return au.Key })
			l.errs = append(l.errs, l.keyPos(file, "author").errorf("author %q is not in %s%s; its authors are %s", f.Author, AuthorsFile, didYouMean(f.Author, keys), strings.Join(keys, ", ")))
		} else {
			a.Author = s.Authors[i]
		}
	}
	if full := f.Title + titleSuffix(s.Config.Brand); f.Title != "" && utf8.RuneCountInString(full) > maxTitle {
		l.errs = append(l.errs, l.keyPos(file, "title").errorf("title %q is %d characters with \" | %s\"; search engines cut titles after %d", f.Title, utf8.RuneCountInString(full), s.Config.Brand, maxTitle))
	}
	today := opt.Now.UTC().Format(time.DateOnly)
	switch {
	case f.Draft:
		a.Status = "draft"
	case f.Date != "" && string(f.Date) > today:
		a.Status = "scheduled"
	}
	// The cover: a site image, or a file beside the article's index.md.
	dir := path.Dir(file)
	a.Cover = coverImage(f.Cover)
	if f.Cover.Src != "" && !strings.HasPrefix(f.Cover.Src, "/") {
		if path.Base(file) != "index.md" || strings.Contains(f.Cover.Src, "/") {
			l.errs = append(l.errs, f.Cover.Pos.errorf("cover %q: write a site path (/images/...), or put the article in a folder (articles/%s/index.md) with the image beside it", f.Cover.Src, slug))
		} else if _, err := fs.Stat(l.fsys, path.Join(dir, f.Cover.Src)); err != nil {
			l.errs = append(l.errs, f.Cover.Pos.errorf("cover %q: no such file beside %s", f.Cover.Src, file))
		} else {
			// Read, checked and processed from its folder; its site path is
			// known once the index's is (articles()).
			a.Cover.Original = "/" + path.Join(dir, f.Cover.Src)
			l.sizeImage(&a.Cover)
			a.coverName = f.Cover.Src
		}
	} else if f.Cover.Src != "" {
		l.sizeImage(&a.Cover)
	}
	folder := ""
	if path.Base(file) == "index.md" {
		folder = base + "/" + slug
	}
	bodyAt := Pos{File: file, Line: bodyLine, Col: 1}
	if !f.Draft {
		l.bodyPlaceholders(bodyAt, body)
	}
	html, toc, words, imgs := l.renderArticle(bodyAt, l.citeMarkdown(bodyAt, body, false), folder)
	a.HTML, a.TOC, a.Images = html, toc, imgs
	a.Minutes = max(1, int(math.Ceil(float64(words)/wordsPerMinute)))
	if l.failed(file) {
		l.broken[base+"/"+slug] = file
		return nil
	}
	if a.Status != "" {
		l.unpublished[base+"/"+slug] = a
		if !opt.Drafts {
			return nil
		}
	}
	return a
}

// wordsPerMinute is a reader's pace on a screen.
const wordsPerMinute = 220

// articleSlug is the slug of an article file, false for a file that is not
// one (an image beside an index.md).
func articleSlug(file string) (string, bool) {
	rel := strings.TrimPrefix(file, "articles/")
	parts := strings.Split(rel, "/")
	switch {
	case len(parts) == 1 && path.Ext(rel) == ".md":
		return strings.TrimSuffix(rel, ".md"), true
	case len(parts) == 2 && parts[1] == "index.md":
		return parts[0], true
	}
	return "", false
}

// ArticleAssets are the files beside articles/<slug>/index.md, keyed by
// the site path they are published at (/insights/<slug>/<name>).
func (s *Site) ArticleAssets(fsys fs.FS) map[string]string {
	out := map[string]string{}
	for _, a := range s.Articles {
		if path.Base(a.File) != "index.md" {
			continue
		}
		entries, _ := fs.ReadDir(fsys, path.Dir(a.File))
		for _, e := range entries {
			// Photos ship only as the processed files (generator/images),
			// never as committed, with their camera data.
			if !e.IsDir() && e.Name() != "index.md" && !(Image{Src: e.Name()}).Processed() {
				out[a.Path+"/"+e.Name()] = path.Join(path.Dir(a.File), e.Name())
			}
		}
	}
	return out
}

// tagNames reads TagsFile (optional): each tag's name, by slug.
func (l *loader) tagNames() map[string]string {
	out := map[string]string{}
	if _, err := fs.Stat(l.fsys, TagsFile); err != nil {
		return out
	}
	var names []TagName
	l.yaml(TagsFile, &names)
	for _, n := range names {
		if _, dup := out[n.Key]; dup {
			l.errs = append(l.errs, n.Pos.errorf("key %q: another tag has it", n.Key))
		}
		if !tagRE.MatchString(n.Key) {
			l.errs = append(l.errs, n.Pos.errorf("key %q: write it as the tag's slug (%q)", n.Key, slugify(n.Key)))
		}
		out[n.Key] = n.Name
	}
	return out
}

func (l *loader) authors() []Author {
	if _, err := fs.Stat(l.fsys, AuthorsFile); err != nil {
		return nil
	}
	var authors []Author
	l.yaml(AuthorsFile, &authors)
	seen := map[string]bool{}
	for _, a := range authors {
		if seen[a.Key] {
			l.errs = append(l.errs, a.Pos.errorf("key %q: another author has it", a.Key))
		}
		seen[a.Key] = true
		if !tagRE.MatchString(a.Key) {
			l.errs = append(l.errs, a.Pos.errorf("key %q: write it as a slug (%q)", a.Key, slugify(a.Key)))
		}
	}
	l.sizeImages(reflect.ValueOf(authors))
	return authors
}

// derivedPage adds a copy of the index page at another path.
func (l *loader) derivedPage(s *Site, index *Page, p string) *Page {
	cp := *index
	cp.Route.Path = p
	cp.Route.Breadcrumbs = nil
	cp.Sections = slices.Clone(index.Sections)
	l.addPage(s, &cp)
	return &cp
}

func (l *loader) addPage(s *Site, p *Page) {
	if prev, dup := s.Pages[p.Route.Path]; dup {
		l.errs = append(l.errs, Error{File: p.Route.File, Line: 1, Col: 1, Message: fmt.Sprintf("%s is already the page at %s", prev.Route.File, p.Route.Path)})
		return
	}
	s.Pages[p.Route.Path] = p
}

func replaceSection(secs []Section, v any) []Section {
	out := slices.Clone(secs)
	for i, sec := range out {
		if _, ok := sec.Value.(*ArticleIndexSection); ok {
			out[i].Value = v
		}
	}
	return out
}

// related are up to n other articles sharing the most tags with a, the
// newest first among equals.
func related(a *LoadedArticle, list []*LoadedArticle, n int) []*LoadedArticle {
	type scored struct {
		a      *LoadedArticle
		shared int
	}
	var out []scored
	for _, b := range list {
		if b == a {
			continue
		}
		shared := 0
		for _, t := range b.Front.Tags {
			if slices.Contains(a.Front.Tags, t) {
				shared++
			}
		}
		if shared > 0 {
			out = append(out, scored{b, shared})
		}
	}
	slices.SortStableFunc(out, func(x, y scored) int { return y.shared - x.shared }) // list is newest first
	res := []*LoadedArticle{}
	for _, s := range out[:min(n, len(out))] {
		res = append(res, s.a)
	}
	return res
}

// dateLabel writes a date as "14 March 2026".
func dateLabel(d Date, months []string) string {
	t, err := time.Parse(time.DateOnly, string(d))
	if err != nil || len(months) != 12 {
		return string(d)
	}
	return fmt.Sprintf("%d %s %d", t.Day(), months[t.Month()-1], t.Year())
}

// Slugify makes a slug of a title: lowercase ASCII letters and digits
// joined by single hyphens.
func Slugify(s string) string { return slugify(s) }

func slugify(s string) string {
	var b strings.Builder
	hyphen := false
	for _, r := range strings.ToLower(foldAccents(s)) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			if hyphen && b.Len() > 0 {
				b.WriteByte('-')
			}
			hyphen = false
			b.WriteRune(r)
		default:
			hyphen = true
		}
	}
	return b.String()
}

func foldAccents(s string) string {
	return strings.NewReplacer("á", "a", "à", "a", "ä", "a", "â", "a", "é", "e", "è", "e", "ë", "e", "ê", "e",
		"í", "i", "ï", "i", "ó", "o", "ö", "o", "ô", "o", "ú", "u", "ü", "u", "ñ", "n", "ç", "c",
		"Á", "a", "É", "e", "Í", "i", "Ó", "o", "Ú", "u", "Ñ", "n").Replace(s)
}

func mapSlice[T, U any](in []T, f func(T) U) []U {
	out := make([]U, len(in))
	for i, v := range in {
		out[i] = f(v)
	}
	return out
}

func pagesInOrder(s *Site) []*Page {
	out := make([]*Page, 0, len(s.Pages))
	for _, k := range sortedKeys(s.Pages) {
		out = append(out, s.Pages[k])
	}
	return out
}
