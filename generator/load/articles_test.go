package load

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/field"
	"github.com/vozia/site/generator/content/sections"
	"github.com/vozia/site/internal/testkit/imagetest"
)

// articlesNow is after every published article of the fixture and before
// its scheduled one.
var articlesNow = time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)

func loadArticles(t *testing.T, fsys fstest.MapFS, drafts bool) *content.Site {
	t.Helper()
	s, err := SiteWith(fsys, Options{Now: articlesNow, Drafts: drafts})
	if err != nil {
		t.Fatalf("the fixture does not load:\n%v", err)
	}
	return s
}

func indexSection(t *testing.T, s *content.Site, path string) *sections.ArticleIndexSection {
	t.Helper()
	p := s.Pages[path]
	if p == nil {
		t.Fatalf("no page at %s", path)
	}
	for _, sec := range p.Sections {
		if ai, ok := sec.Value.(*sections.ArticleIndexSection); ok {
			return ai
		}
	}
	t.Fatalf("%s has no article-index section", path)
	return nil
}

func articleSection(t *testing.T, s *content.Site, path string) *content.ArticleSection {
	t.Helper()
	p := s.Pages[path]
	if p == nil {
		t.Fatalf("no page at %s", path)
	}
	return p.Sections[0].Value.(*content.ArticleSection)
}

func cardURLs(cards []content.ArticleCard) []string {
	var out []string
	for _, c := range cards {
		out = append(out, c.URL)
	}
	return out
}

// addArticles adds n articles, one a day from 2025-01-01, tagged by
// whether their number is even.
func addArticles(fsys fstest.MapFS, n int) {
	for i := range n {
		tag := "odd"
		if i%2 == 0 {
			tag = "even"
		}
		date := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, i).Format(time.DateOnly)
		fsys[fmt.Sprintf("articles/extra-%02d.md", i)] = &fstest.MapFile{Data: fmt.Appendf(nil,
			"---\ntitle: Extra %d\ndescription: Extra article %d.\ndate: %s\nauthor: ana\ntags: [%s]\ncover: {src: /images/articles/voice.svg, alt: A circle}\n---\nText %d.\n", i, i, date, tag, i)}
	}
}

func TestArticlesListing(t *testing.T) {
	fsys := fixtureSite(t)
	addArticles(fsys, 25) // 28 published: three pages of 12
	s := loadArticles(t, fsys, false)

	first := indexSection(t, s, "/insights")
	if first.Page != 1 || first.Pages != 3 || len(first.Articles) != content.ArticlesPerPage {
		t.Fatalf("first page: page %d of %d with %d articles, want 1 of 3 with %d", first.Page, first.Pages, len(first.Articles), content.ArticlesPerPage)
	}
	// Newest first: the fixture's three of 2026, then the extras from the last.
	want := []string{"/insights/on-premise", "/insights/pulse-themes", "/insights/voice-follow-up", "/insights/extra-24"}
	if got := cardURLs(first.Articles)[:4]; !slices.Equal(got, want) {
		t.Errorf("first page starts %q, want %q", got, want)
	}
	if first.NewerURL != "" || first.OlderURL != "/insights/page/2" {
		t.Errorf("first page links newer %q older %q", first.NewerURL, first.OlderURL)
	}
	second := indexSection(t, s, "/insights/page/2")
	third := indexSection(t, s, "/insights/page/3")
	if second.NewerURL != "/insights" || second.OlderURL != "/insights/page/3" || third.OlderURL != "" || len(third.Articles) != 4 {
		t.Errorf("page 2 links %q/%q, page 3 links older %q with %d articles", second.NewerURL, second.OlderURL, third.OlderURL, len(third.Articles))
	}
	var all []string
	for _, p := range []*sections.ArticleIndexSection{first, second, third} {
		all = append(all, cardURLs(p.Articles)...)
	}
	if len(all) != 28 || len(slices.Compact(slices.Clone(all))) != 28 {
		t.Errorf("the three pages list %d articles (%d distinct), want each of the 28 once", len(all), len(slices.Compact(slices.Clone(all))))
	}
	// The head's rel=prev/next and the breadcrumbs of the further pages.
	r, _ := s.Route("/insights/page/2")
	if r.Prev != "/insights" || r.Next != "/insights/page/3" {
		t.Errorf("/insights/page/2 prev %q next %q", r.Prev, r.Next)
	}
	if n := len(r.Breadcrumbs); n != 3 || r.Breadcrumbs[1].URL != "/insights" {
		t.Errorf("/insights/page/2 breadcrumbs %+v, want Home › Insights › the page", r.Breadcrumbs)
	}
	if r.Title == "Insights" {
		t.Error("page 2 has the first page's title: search engines would see duplicates")
	}
	// An article: Home › Insights › its title, and its head says it is one.
	a, _ := s.Route("/insights/voice-follow-up")
	if len(a.Breadcrumbs) != 3 || a.Breadcrumbs[2].Name != "Voice agents for patient follow-up" {
		t.Errorf("article breadcrumbs %+v", a.Breadcrumbs)
	}
	if a.Posting == nil || a.Posting.Published != "2026-01-10" || a.Posting.Author.Name != "Ana Test" || a.Image != "/insights/voice-follow-up/share.png" {
		t.Errorf("article head %+v %+v", a.Posting, a.PageMeta)
	}
	if len(s.Feeds) != 2 || s.Feeds[0].Path != "/insights/feed.xml" {
		t.Errorf("feeds %+v", s.Feeds)
	}
}

// A tag with more articles than a page holds is paginated like the index.
func TestArticlesTagPages(t *testing.T) {
	fsys := fixtureSite(t)
	addArticles(fsys, 25) // 13 tagged even: a page of 12 and a page of 1
	s := loadArticles(t, fsys, false)
	first := indexSection(t, s, "/insights/tags/even")
	second := indexSection(t, s, "/insights/tags/even/page/2")
	if first.Pages != 2 || len(first.Articles) != content.ArticlesPerPage || second.Page != 2 || len(second.Articles) != 1 {
		t.Fatalf("even: page %d of %d with %d articles, then page %d with %d; want 12 then 1", first.Page, first.Pages, len(first.Articles), second.Page, len(second.Articles))
	}
	if first.OlderURL != "/insights/tags/even/page/2" || second.NewerURL != "/insights/tags/even" || second.OlderURL != "" {
		t.Errorf("links: first older %q, second newer %q older %q", first.OlderURL, second.NewerURL, second.OlderURL)
	}
	if second.Tag != "even" || second.Heading != first.Heading || second.IndexURL != "/insights" {
		t.Errorf("page 2 is tag %q heading %q index %q, want the tag's page", second.Tag, second.Heading, second.IndexURL)
	}
	all := append(cardURLs(first.Articles), cardURLs(second.Articles)...)
	slices.Sort(all)
	if len(slices.Compact(all)) != 13 {
		t.Errorf("the two pages list %d distinct articles, want the 13 tagged even", len(slices.Compact(all)))
	}
	for _, c := range second.Articles {
		if !slices.ContainsFunc(c.Tags, func(l content.TagLink) bool { return l.Tag == "even" }) {
			t.Errorf("%s is listed under even without the tag", c.URL)
		}
	}
	r1, _ := s.Route("/insights/tags/even")
	r2, _ := s.Route("/insights/tags/even/page/2")
	if r1.Next != "/insights/tags/even/page/2" || r2.Prev != "/insights/tags/even" || r2.Next != "" {
		t.Errorf("rel: first next %q, second prev %q next %q", r1.Next, r2.Prev, r2.Next)
	}
	if r2.Title == r1.Title || !strings.HasPrefix(r2.Title, r1.Title) {
		t.Errorf("titles %q and %q: page 2 must name its tag and differ from page 1", r1.Title, r2.Title)
	}
	if _, ok := s.Route("/insights/tags/odd/page/2"); ok {
		t.Error("odd has 12 articles, one page, yet a page 2")
	}
}

func TestArticlesTagsAndRelated(t *testing.T) {
	s := loadArticles(t, fixtureSite(t), false)
	tag := indexSection(t, s, "/insights/tags/healthcare")
	if got, want := cardURLs(tag.Articles), []string{"/insights/pulse-themes", "/insights/voice-follow-up"}; !slices.Equal(got, want) {
		t.Errorf("healthcare lists %q, want %q", got, want)
	}
	// A tag is shown by its name in collections/tags/<tag>.yaml, or by its slug
	// with spaces for hyphens; the slug stays its address.
	if tag.Heading != "Articles tagged Health care" || tag.Tag != "healthcare" {
		t.Errorf("tag page heading %q tag %q, want the name of collections/tags/<tag>.yaml", tag.Heading, tag.Tag)
	}
	if r, _ := s.Route("/insights/tags/healthcare"); r.Name != "Health care" {
		t.Errorf("tag page's breadcrumb name %q, want Health care", r.Name)
	}
	names := map[string]string{}
	for _, l := range tag.Tags {
		names[l.Tag] = l.Name
	}
	if names["healthcare"] != "Health care" || names["infrastructure"] != "infrastructure" || names["voice-ai"] != "Voice AI" {
		t.Errorf("topics shown as %v", names)
	}
	// Related: shared tags only, never itself.
	if got := cardURLs(articleSection(t, s, "/insights/voice-follow-up").Related); !slices.Equal(got, []string{"/insights/pulse-themes"}) {
		t.Errorf("related to voice-follow-up: %q, want pulse-themes (shares healthcare); on-premise shares nothing", got)
	}
	if got := articleSection(t, s, "/insights/on-premise").Related; len(got) != 0 {
		t.Errorf("on-premise shares no tag, yet has related %q", cardURLs(got))
	}
	// Up to three, the most shared tags first.
	fsys := fixtureSite(t)
	for i, tags := range []string{"[healthcare]", "[healthcare, voice-ai]", "[healthcare]", "[healthcare]"} {
		fsys[fmt.Sprintf("articles/more-%d.md", i)] = &fstest.MapFile{Data: fmt.Appendf(nil,
			"---\ntitle: More %d\ndescription: More.\ndate: 2025-0%d-01\nauthor: ben\ntags: %s\ncover: {src: /images/articles/voice.svg, alt: A circle}\n---\nMore.\n", i, i+1, tags)}
	}
	rel := cardURLs(articleSection(t, loadArticles(t, fsys, false), "/insights/voice-follow-up").Related)
	if len(rel) != 3 || rel[0] != "/insights/more-1" {
		t.Errorf("related %q: want three, more-1 (two shared tags) first", rel)
	}
	// The resources page's latest articles.
	fsys = fixtureSite(t)
	fsys["pages/about.yaml"].Data = append(fsys["pages/about.yaml"].Data, "  - kind: latest-articles\n    heading: Latest\n    all: {label: All, href: /insights}\n"...)
	s = loadArticles(t, fsys, false)
	for _, sec := range s.Pages["/about"].Sections {
		if la, ok := sec.Value.(*sections.LatestArticlesSection); ok {
			if got := cardURLs(la.Articles); !slices.Equal(got, []string{"/insights/on-premise", "/insights/pulse-themes", "/insights/voice-follow-up"}) {
				t.Errorf("latest articles %q", got)
			}
		}
	}
}

func TestArticlesDraftsAndScheduled(t *testing.T) {
	hidden := []string{"draft-note", "future-launch", "drafts-only", "future-only"}
	s := loadArticles(t, fixtureSite(t), false)
	for _, r := range s.Routes {
		for _, h := range hidden {
			if strings.Contains(r.Path, h) {
				t.Errorf("the production build has %s", r.Path)
			}
		}
	}
	for _, a := range s.Articles {
		if a.Status != "" {
			t.Errorf("%s (%s) is published", a.Slug, a.Status)
		}
	}
	for _, c := range indexSection(t, s, "/insights/tags/voice-ai").Articles {
		if strings.Contains(c.URL, "draft") || strings.Contains(c.URL, "future") {
			t.Errorf("the voice-ai tag lists %s", c.URL)
		}
	}
	// A scheduled article is published on its day.
	later, err := SiteWith(fixtureSite(t), Options{Now: time.Date(2099, 1, 1, 0, 0, 1, 0, time.UTC)})
	if err != nil {
		t.Fatal(err)
	}
	if later.Pages["/insights/future-launch"] == nil {
		t.Error("the scheduled article is not published on its date")
	}

	// make dev shows both, each with its banner.
	dev := loadArticles(t, fixtureSite(t), true)
	for path, banner := range map[string]string{
		"/insights/draft-note":    "Draft: not published",
		"/insights/future-launch": "Scheduled for January 1, 2099",
	} {
		if got := articleSection(t, dev, path).Banner; got != banner {
			t.Errorf("%s banner %q, want %q", path, got, banner)
		}
	}
}

func TestArticleMarkdown(t *testing.T) {
	s := loadArticles(t, fixtureSite(t), false)
	a := articleSection(t, s, "/insights/voice-follow-up")
	for _, want := range []string{
		`<table tabindex="0" aria-labelledby="the-call">`, // GFM tables, named by their heading
		`id="fn-1"`, `href="#fn-1"`, // footnotes, with ids HTML checkers accept
		`&ldquo;answers&rdquo; &ndash;`, // typographer
		`<h2 id="why-call">`,            // heading ids
		// A heading links to itself by its words; the contents list it
		// (three ## headings), so the Tab key passes it by.
		`<h2 id="why-call"><a href="#why-call" class="heading-anchor" tabindex="-1">Why call</a></h2>`,
		// Highlighted by the build, a stop named in the site's language
		// (the fixture's ui.code) and described by its heading.
		`<pre class="chroma" tabindex="0" role="group" aria-label="Código" aria-describedby="what-comes-back"><code>`, `<span class="nf">Println</span>`,
		`<kbd>Ctrl</kbd>`, `<br>`, // the allow-list
	} {
		if body := textHTML(a.Text, a.Images); !strings.Contains(body, want) {
			t.Errorf("the body lacks %s:\n%s", want, body)
		}
	}
	if strings.Contains(textHTML(a.Text, a.Images), "<script") {
		t.Error("the body has a script")
	}
	if got := len(a.TOC); got != 3 || a.TOC[1] != (content.TOCEntry{ID: "the-call", Text: "The call"}) {
		t.Errorf("contents %+v", a.TOC)
	}
	if a.ReadingTime != "1 min read" || a.DateLabel != "January 10, 2026" {
		t.Errorf("reading time %q, date %q", a.ReadingTime, a.DateLabel)
	}
	// A folder article's own images are published under its path, and
	// read from its folder; the build renders each where the text has it
	// (JoinImages, at the place of a text's images).
	p := articleSection(t, s, "/insights/pulse-themes")
	if len(p.Images) != 1 || p.Images[0].File() != "articles/pulse-themes/chart.svg" {
		t.Errorf("folder article images %+v", p.Images)
	}
	p.JoinImages(testPicture)
	if p.Cover.Src != "/insights/pulse-themes/cover.svg" || p.Cover.Width != 1200 || !strings.Contains(p.HTML, `<img src="/insights/pulse-themes/chart.svg" data-place="text">`) {
		t.Errorf("folder article cover %+v, body %s", p.Cover, p.HTML)
	}
	// Links are recorded where the article writes them.
	i := slices.IndexFunc(s.Links, func(l content.LinkSource) bool { return l.Href == "#the-call" })
	if i < 0 || s.Links[i].Pos != (field.Pos{File: "articles/voice-follow-up.md", Line: 9, Col: 84}) {
		t.Errorf("link #the-call recorded at %+v", s.Links[max(i, 0)])
	}
}

// TestArticleErrors: each bad input fails the load at the article's own
// line and column, with a hint where one helps.
func TestArticleErrors(t *testing.T) {
	const good = "---\ntitle: T\ndescription: D.\ndate: 2026-01-01\nauthor: ana\ntags: [voice-ai]\ncover: {src: /images/articles/voice.svg, alt: A circle}\n---\nBody.\n"
	long := strings.Repeat("x", 161)
	for _, tc := range []struct {
		name, file, text string
		want             []string
	}{
		{"blank title", "", strings.Replace(good, "title: T", "title: \"  \"", 1), []string{`articles/bad.md:2:8: field "title" must not be blank`}},
		{"missing description", "", strings.Replace(good, "description: D.\n", "", 1), []string{`articles/bad.md:2:1: missing required field "description" in the front matter`}},
		{"missing date", "", strings.Replace(good, "date: 2026-01-01\n", "", 1), []string{`articles/bad.md:2:1: missing required field "date"`}},
		{"blank date", "", strings.Replace(good, "date: 2026-01-01", "date: \"\"", 1), []string{`articles/bad.md:4:7: field "date": "" is not a date`}},
		{"not a date", "", strings.Replace(good, "2026-01-01", "1 March", 1), []string{`articles/bad.md:4:7: field "date": "1 March" is not a date: write it YYYY-MM-DD`}},
		{"no such month", "", strings.Replace(good, "2026-01-01", "2026-13-45", 1), []string{`articles/bad.md:4:7: field "date": "2026-13-45" is not a date: there is no month 13`}},
		{"no such day", "", strings.Replace(good, "2026-01-01", "2026-02-30", 1), []string{`articles/bad.md:4:7: field "date": "2026-02-30" is not a date: there is no day 30 in February 2026, which has 28 days`}},
		{"figure in a table", "", good + "\n| Asked | Said yes |\n|---|---|\n| Patients | 71% |\n", []string{`articles/bad.md:13:14: the figure "71%" is written out: cite its claim`, `kind fact`}},
		{"template braces in the body", "", good + "\nDear {{ name }}, hello.\n", []string{`articles/bad.md:11:6: "{{ name }}" is template syntax, not text`}},
		{"a placeholder in the body", "", good + "\nWe called {count} patients.\n", []string{`articles/bad.md:11:11: unknown placeholder {count}`}},
		{"a missing value's word in the body", "", good + "\nThe result was undefined.\n", []string{`articles/bad.md:11:16: "undefined" is what a page shows for a value it did not have`}},
		{"template braces written as character references", "", good + "\nDear &#123;&lbrace; name &#125;&#125;, hello.\n", []string{`articles/bad.md:11:6: "{{ name }}" is template syntax, not text`}},
		{"template braces beside code", "", good + "\nSee `a` and {{ name }}.\n", []string{`articles/bad.md:11:13: "{{ name }}" is template syntax, not text`}},
		{"template braces, each pair once", "", good + "\nDear {{name}}, from {{ sender }}.\n", []string{`articles/bad.md:11:6: "{{name}}" is template syntax`, `articles/bad.md:11:21: "{{ sender }}" is template syntax`}},
		{"template braces, each alone", "", good + "\nDear }} sender, {{ name.\n", []string{`articles/bad.md:11:6: "}}" is template syntax`, `articles/bad.md:11:17: "{{" is template syntax`}},
		{"template braces written with backslashes", "", good + "\nDear \\{\\{ name \\}\\}, hello.\n", []string{`articles/bad.md:11:6: "{{ name }}" is template syntax, not text`}},
		{"a missing value's word in a heading's code", "", good + "\n## Why `undefined` appears\n\nText.\n", []string{`articles/bad.md:11:1: heading "Why undefined appears" shows "undefined" in code, but a heading's words, its code's too, also make its address (#why-undefined-appears)`}},
		{"template braces in a heading's code", "", good + "\n### The `{{ name }}` tag\n\nText.\n", []string{`articles/bad.md:11:1: heading "The {{ name }} tag" shows "{{" in code`}},
		{"a missing value's word in the description", "", strings.Replace(good, "description: D.", "description: NaN patients.", 1), []string{`articles/bad.md:3:14: "NaN" is what a page shows for a value it did not have`}},
		{"unknown author", "", strings.Replace(good, "author: ana", "author: anna", 1), []string{`articles/bad.md:5:9: author "anna" is not in collections/authors.yaml (did you mean "ana"?); its authors are ana, `}},
		{"tag not a slug", "", strings.Replace(good, "[voice-ai]", "[Voice AI]", 1), []string{`articles/bad.md:6:8: tag "Voice AI" is not a slug`, `("voice-ai")`}},
		{"the plain cover by its address", "", strings.Replace(good, "/images/articles/voice.svg", "/cover.svg", 1), []string{`articles/bad.md:7:14: image "/cover.svg": no such file under content/images/`}},
		{"share without a cover", "", strings.Replace(good, "cover: {src: /images/articles/voice.svg, alt: A circle}\n", "share: cover\n", 1), []string{`articles/bad.md:7:8: share: cover draws the share image from the cover photo, and the article has none`}},
		{"blank alt", "", strings.Replace(good, "alt: A circle", `alt: ""`, 1), []string{`articles/bad.md:7:47: field "cover.alt" must not be blank`}},
		{"no such cover", "", strings.Replace(good, "voice.svg", "voice.png", 1), []string{`articles/bad.md:7:14: image "/images/articles/voice.png": no such file under content/images/ (did you mean "/images/articles/voice.svg"?)`}},
		{"no such cover, nor one near its name", "", strings.Replace(good, "/images/articles/voice.svg", "/images/pilot-launch-photo.jpg", 1), []string{`articles/bad.md:7:14: image "/images/pilot-launch-photo.jpg": no such file under content/images/: add the file as content/images/pilot-launch-photo.jpg, or write the name of one that is there`}},
		{"long description", "", strings.Replace(good, "description: D.", "description: "+long, 1), []string{`articles/bad.md:3:14: description has 161 characters; search engines cut it after 160`}},
		{"long title", "", strings.Replace(good, "title: T", "title: "+strings.Repeat("y", 63), 1), []string{`articles/bad.md:2:8: title "` + strings.Repeat("y", 63) + `" is 71 characters with " | Vozia"; search engines cut titles after 70`}},
		{"unknown field", "", strings.Replace(good, "tags:", "tgas:", 1), []string{`articles/bad.md:6:1: unknown field "tgas" in the front matter (did you mean "tags"?)`}},
		{"focus off the image", "", strings.Replace(good, "alt: A circle}", "alt: A circle, focus: {x: 1.5, y: 0.2}}", 1), []string{`articles/bad.md:7:64: cover: focus x is 1.5: write a number from 0 to 1`}},
		{"unknown position", "", strings.Replace(good, "alt: A circle}", "alt: A circle, position: middle}", 1), []string{`articles/bad.md:7:67: cover: position "middle": write top, center or bottom`}},
		// Columns count bytes, as offsets in a text do (the terminal shows
		// characters: problem.List.WithSources): yaml.v3's count characters.
		{"unknown position after accents and dashes", "", strings.Replace(good, "alt: A circle}", "alt: Café — “a circle”, position: middle}", 1), []string{`articles/bad.md:7:83: cover: position "middle"`}},
		{"focus and position", "", strings.Replace(good, "alt: A circle}", "alt: A circle, position: top, focus: {x: 0.5, y: 0.2}}", 1), []string{`write focus or position, not both`}},
		{"share a drawing", "", strings.Replace(good, "tags:", "share: cover\ntags:", 1), []string{`articles/bad.md:6:8: share: cover draws the share image from a photo, and the cover "/images/articles/voice.svg" is a drawing`}},
		{"share what", "", strings.Replace(good, "tags:", "share: photo\ntags:", 1), []string{`articles/bad.md:6:8: share "photo": write cover`}},
		{"Markdown link in a plain field", "", strings.Replace(good, "description: D.", "description: See [the guide](/guide).", 1), []string{`articles/bad.md:3:18: "[the guide](/guide)" is Markdown, and this field is plain text`}},
		{"Lorem ipsum", "", good + "\nLorem ipsum dolor sit amet.\n", []string{`articles/bad.md:11:1: "Lorem ipsum" is a placeholder, not text for readers`}},
		{"TODO", "", good + "\nThe numbers (TODO: check them) come next.\n", []string{`articles/bad.md:11:14: "TODO" is a placeholder`}},
		{"make article's text", "", good + "\n## The first part\n\nWrite in Markdown. Three or more parts (## headings) get a table of contents.\n", []string{`articles/bad.md:11:1: "## The first part" is a placeholder that make article and the guide's example write`, `articles/bad.md:13:1: "Write in Markdown. Three or more parts (## headings) get a table of contents." is a placeholder that make article and the guide's example write`}},
		// Its heading alone, once the rest is written (an editor's trial).
		{"make article's heading", "", good + "\nHow the calls went.\n\n## The first part\n\nThey went well.\n", []string{`articles/bad.md:13:1: "## The first part" is a placeholder that make article and the guide's example write`}},
		{"raw HTML block", "", good + "\n<div class=\"x\">\nhi\n</div>\n", []string{`articles/bad.md:11:1: raw HTML "<div class=\"x\">\nhi\n</div>" is not allowed in an article`}},
		{"raw inline HTML", "", good + "\nSome <span style=\"color:red\">red</span> text.\n", []string{`articles/bad.md:11:6: raw HTML "<span style=\"color:red\">" is not allowed`, `articles/bad.md:11:33: raw HTML "</span>"`}},
		{"two with one slug", "articles/voice-follow-up/index.md", good, []string{`articles/voice-follow-up.md:1:1: articles/voice-follow-up/index.md already has the slug "voice-follow-up": two articles cannot share a page`}},
		{"slug not a slug", "articles/Big News.md", good, []string{`articles/Big News.md:1:1: "Big News" cannot be a page's address: name the article with a slug, like "big-news"`}},
		{"no front matter", "", "Just text.\n", []string{`articles/bad.md:1:1: an article starts with front matter`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fsys := fixtureSite(t)
			file := tc.file
			if file == "" {
				file = "articles/bad.md"
			}
			fsys[file] = &fstest.MapFile{Data: []byte(tc.text)}
			_, err := SiteWith(fsys, Options{Now: articlesNow})
			if err == nil {
				t.Fatal("loaded")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("errors lack %q:\n%v", w, err)
				}
			}
		})
	}
}

// TestOneProblemAPlace: a blank alt is one mistake, reported once, not
// again in the image's own words.
func TestOneProblemAPlace(t *testing.T) {
	fsys := edit(fixtureSite(t), "pages/about.yaml", replace("alt: Northwind logo}", `alt: ""}`))
	_, err := SiteWith(fsys, Options{Now: articlesNow})
	before, _, _ := strings.Cut(string(fsys["pages/about.yaml"].Data), `""}`)
	at := fmt.Sprintf("pages/about.yaml:%d:%d:", strings.Count(before, "\n")+1, len(before)-strings.LastIndex(before, "\n"))
	if n := strings.Count(fmt.Sprint(err), at); n != 1 {
		t.Errorf("%d problems at %s, the blank alt, want 1:\n%v", n, at, err)
	}
}

// TestArticleErrorsAllAtOnce: one round reports every problem of every
// article, sorted.
func TestArticleErrorsAllAtOnce(t *testing.T) {
	fsys := fixtureSite(t)
	fsys["articles/a.md"] = &fstest.MapFile{Data: []byte("---\ntitle: \"\"\ndescription: D.\ndate: soon\nauthor: zed\ncover: {src: /images/articles/voice.svg, alt: \"\"}\n---\n<iframe src=x></iframe>\n")}
	fsys["articles/b.md"] = &fstest.MapFile{Data: []byte("---\ntitle: B\ndescription: D.\ndate: 2026-01-01\nauthor: ana\ntags: [Bad_Tag]\ncover: {src: /images/articles/voice.svg, alt: A}\n---\nB.\n")}
	_, err := SiteWith(fsys, Options{Now: articlesNow})
	el, ok := err.(content.ErrorList)
	if !ok {
		t.Fatalf("want an ErrorList, got %v", err)
	}
	var files []string
	for _, e := range el {
		files = append(files, fmt.Sprintf("%s:%d", e.File, e.Line))
	}
	for _, want := range []string{"articles/a.md:2", "articles/a.md:4", "articles/a.md:5", "articles/a.md:6", "articles/a.md:8", "articles/b.md:6"} {
		if !slices.Contains(files, want) {
			t.Errorf("no problem reported at %s; got:\n%v", want, err)
		}
	}
	if !slices.IsSortedFunc(el, func(a, b content.Error) int {
		return strings.Compare(fmt.Sprintf("%s:%06d", a.File, a.Line), fmt.Sprintf("%s:%06d", b.File, b.Line))
	}) {
		t.Errorf("not sorted:\n%v", err)
	}
}

func TestAuthorsErrors(t *testing.T) {
	fsys := fixtureSite(t)
	fsys[content.AuthorsFile] = &fstest.MapFile{Data: []byte("- key: ana\n  name: A\n  role: R\n- key: ana\n  name: B\n  role: R\n  url: not a url\n")}
	_, err := SiteWith(fsys, Options{Now: articlesNow})
	if err != nil && strings.Contains(err.Error(), "is not in collections/authors.yaml") {
		t.Errorf("a broken authors file makes every article's author unknown too:\n%v", err)
	}
	for _, want := range []string{`collections/authors.yaml:4:3: key "ana": another author has it`, `collections/authors.yaml:7:8: field "[1].url": invalid URL`} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("errors lack %q:\n%v", want, err)
		}
	}
}

// TestTagFiles: each tag's file is named by its slug and holds its name;
// the list the names were once kept in is named, with the move to make.
func TestTagFiles(t *testing.T) {
	fsys := fixtureSite(t)
	fsys["collections/tags/Voice Banking.yaml"] = &fstest.MapFile{Data: []byte("name: Voice banking\n")}
	fsys["collections/tags/pulse.yaml"] = &fstest.MapFile{Data: []byte("name: \"\"\n")}
	fsys["collections/tags/notes.txt"] = &fstest.MapFile{Data: []byte("x")}
	fsys[content.OldTagsFile] = &fstest.MapFile{Data: []byte("- {key: pulse, name: Pulse}\n")}
	_, err := SiteWith(fsys, Options{Now: articlesNow})
	for _, want := range []string{
		`collections/tags/Voice Banking.yaml:1:1: a tag's file is named by its slug, as articles write the tag: rename it voice-banking.yaml`,
		`collections/tags/pulse.yaml:1:7: field "name"`,
		`collections/tags/notes.txt:1:1: collections/tags holds one file per tag, <tag>.yaml`,
		`collections/tags.yaml:1:1: tags are one file each now: move each {key: …, name: …} to collections/tags/<key>.yaml`,
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("errors lack %q:\n%v", want, err)
		}
	}
}

func TestSlugify(t *testing.T) {
	for in, want := range map[string]string{
		"On-premise or API models?":      "on-premise-or-api-models",
		"  Pulse: turning interviews  ":  "pulse-turning-interviews",
		"Atención al paciente, año 2026": "atencion-al-paciente-ano-2026",
	} {
		if got := field.Slugify(in); got != want {
			t.Errorf("Slugify(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestArticleCoverFrame: a cover is framed in the cover's shape around
// its focus (the centre, a position word, or a point), with the size of
// the crop; a drawing keeps its size and is framed by the page.
func TestArticleCoverFrame(t *testing.T) {
	photo := imagetest.JPEG(imagetest.Photo(300, 400, 1), 80, 1) // portrait
	for _, tc := range []struct {
		name, extra, file string
		x, y              float64
		focus             string
		crop              bool
	}{
		{"centre", "", "cover.jpg", 0.5, 0.5, "", true},
		{"position top", ", position: top", "cover.jpg", 0.5, 0, "50% 0%", true},
		{"focus", ", focus: {x: 0.25, y: 0.8}", "cover.jpg", 0.25, 0.8, "25% 80%", true},
		{"drawing", ", position: bottom", "/images/articles/voice.svg", 0.5, 1, "50% 100%", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fsys := fixtureSite(t)
			fsys["articles/framed/cover.jpg"] = &fstest.MapFile{Data: photo}
			fsys["articles/framed/index.md"] = &fstest.MapFile{Data: []byte("---\ntitle: Framed\ndescription: A framed cover.\ndate: 2026-01-01\nauthor: ana\ncover: {src: " + tc.file + ", alt: A photo" + tc.extra + "}\n---\nText.\n")}
			s := loadArticles(t, fsys, false)
			i := slices.IndexFunc(s.Articles, func(a *content.LoadedArticle) bool { return a.Slug == "framed" })
			c := s.Articles[i].Cover
			if c.Focus != tc.focus {
				t.Errorf("focus %q, want %q", c.Focus, tc.focus)
			}
			if !tc.crop {
				if c.Crop != nil {
					t.Errorf("a drawing is cropped: %v", c.Crop)
				}
				return
			}
			if c.Crop == nil || c.Crop.X != tc.x || c.Crop.Y != tc.y || c.Crop.W*content.CoverHeight != c.Crop.H*content.CoverWidth {
				t.Fatalf("crop %v, want the cover's shape around (%g, %g)", c.Crop, tc.x, tc.y)
			}
			if c.Width != 300 || c.Height != 158 {
				t.Errorf("the cover is %dx%d, want its crop's 300x158", c.Width, c.Height)
			}
			if card := indexSection(t, s, "/insights").Articles; !slices.ContainsFunc(card, func(c content.ArticleCard) bool { return c.Cover.Crop != nil && c.Cover.Height == 158 }) {
				t.Error("the article's card does not show the framed cover")
			}
		})
	}
}

// TestMisspeltField: a misspelt required field is one mistake, reported
// once, at the misspelling, with the field meant; not also as the field
// it leaves missing.
func TestMisspeltField(t *testing.T) {
	for _, tc := range []struct{ name, file, old, new, want string }{
		{"article's title", "articles/voice-follow-up.md", "title:", "titel:", `articles/voice-follow-up.md:2:1: unknown field "titel" in the front matter (did you mean "title"?)`},
		{"hero's heading", "pages/index.yaml", "    heading: A test site", "    headline: A test site", `unknown field "headline"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fsys := edit(fixtureSite(t), tc.file, replace(tc.old, tc.new))
			_, err := SiteWith(fsys, Options{Now: articlesNow})
			el, ok := err.(content.ErrorList)
			if !ok || len(el) != 1 || !strings.Contains(el.Error(), tc.want) {
				t.Errorf("want one problem, %q; got:\n%v", tc.want, err)
			}
		})
	}
}

// TestPlaceholdersAllowed: a draft may hold placeholders, and code may
// say TODO, or show a template's braces and JavaScript's undefined; a
// markdown section's body may hold links.
func TestPlaceholdersAllowed(t *testing.T) {
	const text = "---\ntitle: T\ndescription: D.\ndate: 2026-01-01\nauthor: ana\ntags: [voice-ai]\ncover: {src: /images/articles/voice.svg, alt: A circle}\n%s---\n%s\n"
	for _, tc := range []struct{ name, front, body string }{
		{"draft", "draft: true\n", "TODO: the whole article. Lorem ipsum."},
		{"code", "", "Search for `TODO` comments:\n\n```go\n// TODO: remove\n```\n"},
		{"template and missing values in code", "", "A template says `{{ name }}`, and `x` is `undefined`:\n\n```text\nHello {{ name }}, {count} calls; NaN\n```\n"},
		// Code as Markdown reads it, not as a line looks.
		{"indented code", "", "A template:\n\n    Hello {{ name }}, {count} calls; NaN\n\nThe end.\n"},
		{"a span that holds a backtick", "", "Write ``{{ a ` b }}`` to show it.\n"},
		{"a longer fence around a shorter one", "", "````markdown\n```\n{{ name }}\n```\nundefined\n````\n"},
		{"a comment, which is not published", "", "Text.\n\n<!-- {{ fill in later }} -->\n\nMore <!-- {count} --> text.\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fsys := fixtureSite(t)
			fsys["articles/fine.md"] = &fstest.MapFile{Data: []byte(fmt.Sprintf(text, tc.front, tc.body))}
			if _, err := SiteWith(fsys, Options{Now: articlesNow}); err != nil {
				t.Error(err)
			}
		})
	}
	t.Run("markdown section", func(t *testing.T) {
		fsys := edit(fixtureSite(t), "pages/about.yaml", replace("  - kind: text\n", "  - kind: markdown\n    body: |\n      Read [the services](/services).\n\n      Write `{{ name }}`:\n\n          Hello {{ name }}, NaN\n  - kind: text\n"))
		if _, err := SiteWith(fsys, Options{Now: articlesNow}); err != nil {
			t.Error(err)
		}
	})
}

// TestRedirectToABrokenArticle: a redirect to an article that is left out
// for its own mistakes is not a second mistake: its problems are the one
// to fix.
func TestRedirectToABrokenArticle(t *testing.T) {
	fsys := edit(fixtureSite(t), "articles/voice-follow-up.md", replace("title:", "titel:"))
	fsys = edit(fsys, "routing.yaml", replace("  - {from: /old, to: /about}\n", "  - {from: /old, to: /about}\n  - {from: /follow-up, to: /insights/voice-follow-up}\n"))
	_, err := SiteWith(fsys, Options{Now: articlesNow})
	el, ok := err.(content.ErrorList)
	if !ok || len(el) != 1 || !strings.Contains(el.Error(), `unknown field "titel"`) {
		t.Errorf("want the article's one problem; got:\n%v", err)
	}
}

// textHTML is a rendered text, each image written by testPicture.
// TestHeadingAnchors: a ## or ### heading's words link to it, so that the
// link is named by them and the heading by nothing more; a heading that
// holds a link keeps its words (links do not nest), and a # or #### is
// left alone. A footnote's links, to it and back, are named by the
// index's labels.
func TestHeadingAnchors(t *testing.T) {
	fsys := fixtureSite(t)
	const file = "articles/voice-follow-up.md"
	head, _, _ := strings.Cut(string(fsys[file].Data), "---\nA voice agent")
	body := "---\n## Plain *words*\n\n### With a [link](/about)\n\n### With a note[^1]\n\n### With <https://example.com>\n\n#### Deep\n\n[^1]: N.\n"
	fsys[file] = &fstest.MapFile{Data: []byte(head + body)}
	index := "pages/insights.yaml"
	labels := strings.Replace(string(fsys[index].Data), "backlink: Back to the text", `backlink: Back to "the text" & <up>`, 1)
	fsys[index] = &fstest.MapFile{Data: []byte(strings.Replace(labels, `footnote: "Footnote {n}"`, `footnote: 'Note "{n}" & <more>'`, 1))}
	a := articleSection(t, loadArticles(t, fsys, false), "/insights/voice-follow-up")
	html := textHTML(a.Text, a.Images)
	for _, want := range []string{
		`<h2 id="plain-words"><a href="#plain-words" class="heading-anchor">Plain <em>words</em></a></h2>`,
		`">With a <a href="/about">link</a></h3>`,
		`<h4 id="deep">Deep</h4>`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("the body lacks %s:\n%s", want, html)
		}
	}
	if want := `role="doc-backlink" aria-label="Back to &#34;the text&#34; &amp; &lt;up&gt;">`; !strings.Contains(html, want) {
		t.Errorf("the footnote's link back is not named by the labels (%s):\n%s", want, html)
	}
	// And its link from the text, its number in the name: "1" alone was
	// read as a link like any other (a screen reader's trial).
	if want := `role="doc-noteref" aria-label="Note &#34;1&#34; &amp; &lt;more&gt;">1</a>`; !strings.Contains(html, want) {
		t.Errorf("the link to the footnote is not named by the labels (%s):\n%s", want, html)
	}
	if n := strings.Count(html, "heading-anchor"); n != 1 {
		t.Errorf("%d headings link to themselves, want 1:\n%s", n, html)
	}
	// One ## heading: no contents, and its link is the only one to it, a
	// Tab stop.
	if a.TOC != nil || strings.Contains(html, `tabindex="-1"`) {
		t.Errorf("an article of one ## heading has contents %+v, or a heading out of the Tab order:\n%s", a.TOC, html)
	}
	if strings.Contains(html, "<a href=\"#with") {
		t.Errorf("a link inside a link:\n%s", html)
	}
}

// TestFootnotesMatched: a footnote cited under a label that no note has,
// and a note whose label nothing cites (one label misspelt), are each
// reported where they are written, naming the labels there are.
func TestFootnotesMatched(t *testing.T) {
	fsys := fixtureSite(t)
	const file = "articles/voice-follow-up.md"
	data := string(fsys[file].Data)
	data = strings.Replace(data, `surveys don't.[^1]`, `surveys don't.[^aiact]`, 1)
	data = strings.Replace(data, "[^1]: In our tests.", "[^aiakt]: In our tests.", 1)
	fsys[file] = &fstest.MapFile{Data: []byte(data)}
	_, err := SiteWith(fsys, Options{Now: articlesNow})
	if err == nil {
		t.Fatal("a footnote without its note built")
	}
	msg := err.Error()
	at := func(needle string) string {
		before := data[:strings.Index(data, needle)]
		return fmt.Sprintf("%s:%d:%d", file, strings.Count(before, "\n")+1, len(before)-strings.LastIndex(before, "\n"))
	}
	for _, want := range []string{
		at("[^aiact]") + ": footnote [^aiact] has no note, and the page would show it as written: write its note on a line of its own below the text, starting [^aiact]:, or cite a note that is there: [^aiakt]",
		at("[^aiakt]") + ": the note [^aiakt] is cited nowhere",
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("the errors lack %s:\n%s", want, msg)
		}
	}
}

func textHTML(t content.Text, imgs []content.Image) string { return t.Join(imgs, testPicture) }

// testPicture writes an image as its src and place.
func testPicture(img content.Image, place string) string {
	return `<img src="` + img.Src + `" data-place="` + place + `">`
}

// TestMarkdownPageText: in a .md page, template braces, a placeholder the
// page does not fill and a missing value's word are each reported at
// their line and column; its {email} is filled, and its code is shown as
// written.
func TestMarkdownPageText(t *testing.T) {
	const file = "pages/legal/privacy.md"
	fsys := fixtureSite(t)
	line := strings.Count(string(fsys[file].Data), "\n") + 2
	fsys = edit(fsys, file, func(s string) string {
		return s + "\nDear {{ name }}, {count} is undefined; write to {email}.\n\n```text\n{{ code }} {count} undefined\n```\n"
	})
	_, err := SiteWith(fsys, Options{Now: articlesNow})
	el, ok := err.(content.ErrorList)
	if !ok {
		t.Fatalf("want an ErrorList, got %v", err)
	}
	want := []string{
		fmt.Sprintf(`%s:%d:6: "{{ name }}" is template syntax`, file, line),
		fmt.Sprintf(`%s:%d:18: unknown placeholder {count}`, file, line),
		fmt.Sprintf(`%s:%d:29: "undefined" is what a page shows`, file, line),
	}
	if len(el) != len(want) {
		t.Errorf("%d problems, want %d:\n%v", len(el), len(want), err)
	}
	for _, w := range want {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("no problem %q in:\n%v", w, err)
		}
	}
}

// TestFileBesideArticleMisspelt: a cover or a text's image named beside
// an article, with the wrong extension, is refused at its place (a cover's
// at its src, in a flow mapping or a block), with the file that is there.
func TestFileBesideArticleMisspelt(t *testing.T) {
	svg := []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630"><rect width="1200" height="630" fill="#123"/></svg>`)
	fsys := fixtureSite(t)
	fsys["articles/framed/cover.svg"] = &fstest.MapFile{Data: svg}
	fsys["articles/framed/chart.svg"] = &fstest.MapFile{Data: svg}
	fsys["articles/framed/index.md"] = &fstest.MapFile{Data: []byte("---\ntitle: Framed\ndescription: A framed cover.\ndate: 2026-01-01\nauthor: ana\ncover: {src: cover.png, alt: A drawing}\n---\nText.\n\n![A chart](chart.png)\n")}
	// The same written as a block: at the value too, not at the key.
	fsys["articles/block/cover.svg"] = &fstest.MapFile{Data: svg}
	fsys["articles/block/index.md"] = &fstest.MapFile{Data: []byte("---\ntitle: Block\ndescription: A block cover.\ndate: 2026-01-01\nauthor: ana\ncover:\n  alt: A drawing\n  src: cover.png\n---\nText.\n")}
	_, err := SiteWith(fsys, Options{Now: articlesNow})
	got := fmt.Sprint(err)
	for _, want := range []string{
		`articles/framed/index.md:6:14: cover "cover.png": no such file beside articles/framed/index.md (did you mean "cover.svg"?)`,
		`no such file beside articles/framed/index.md (did you mean "chart.svg"?)`,
		`articles/block/index.md:8:8: cover "cover.png": no such file beside articles/block/index.md (did you mean "cover.svg"?)`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the errors lack %s:\n%s", want, got)
		}
	}
}
