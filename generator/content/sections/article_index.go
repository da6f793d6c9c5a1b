package sections

import "github.com/vozia/site/generator/content"

func init() {
	content.RegisterKind[ArticleIndexSection](content.Kind{
		Name:          "article-index",
		LeadPlace:     "article-card",
		Doc:           "The articles, newest first, with their topics: on the page that holds it (the articles' index, whose path is theirs: /insights/<slug>), and on the pages the build adds for more articles (page/2, ...) and for each tag (tags/<tag>, then tags/<tag>/page/2, ...).",
		OwnBackground: true,
	})
}

// ArticleIndexSection is the list of articles, newest first, on the page
// that holds it and on the pages the build adds after it (page/2, ...) and
// for each tag (tags/<tag>, paginated likewise). The sections after it on
// its page (a call to action) close every article's page too.
type ArticleIndexSection struct {
	Eyebrow string `json:"eyebrow,omitempty"`
	// Heading is the index's h1.
	Heading string `json:"heading"`
	Intro   string `json:"intro"`
	content.ArticleLabels
	// The rest is made by the build.
	Articles []content.ArticleCard `json:"articles" yaml:"-"`
	// Tag is the tag this page lists, on a tag page.
	Tag string `json:"tag,omitempty" yaml:"-"`
	// Tags are every tag with its page, for the list of topics.
	Tags []content.TagLink `json:"tags" yaml:"-"`
	// Page and Pages say where this page is in the index.
	Page  int `json:"page" yaml:"-"`
	Pages int `json:"pages" yaml:"-"`
	// Newer and older are the neighbouring pages' paths.
	NewerURL string `json:"newerUrl,omitempty" yaml:"-"`
	OlderURL string `json:"olderUrl,omitempty" yaml:"-"`
	// IndexURL is the first page's path; FeedURL the Atom feed's.
	IndexURL string `json:"indexUrl" yaml:"-"`
	FeedURL  string `json:"feedUrl" yaml:"-"`
}
