package sections

import "github.com/vozia/site/generator/content"

func init() {
	content.RegisterKind[LatestArticlesSection](content.Kind{
		Name:      "latest-articles",
		LeadPlace: "article-card",
		Doc:       "The newest articles as cards, with a link to all of them.",
	})
}

// LatestArticlesSection shows the newest articles as cards.
type LatestArticlesSection struct {
	ID      string `json:"id,omitempty"`
	Heading string `json:"heading"`
	Intro   string `json:"intro,omitempty"`
	// Count is how many articles to show (3 when left out).
	Count int `json:"count,omitempty"`
	// All is the link to the index.
	All      content.Action        `json:"all"`
	Articles []content.ArticleCard `json:"articles" yaml:"-"`
}
