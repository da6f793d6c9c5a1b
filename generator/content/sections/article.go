package sections

import "github.com/vozia/site/generator/content"

// The article kind's struct, content.ArticleSection, is the article as
// the build makes it, beside the article's other types in content: its
// page's body (content.LoadedArticle.Shown) is one.

func init() {
	content.RegisterKind[content.ArticleSection](content.Kind{
		Name:          "article",
		LeadPlace:     "article-cover", // its cover (its author's photo is not its lead)
		Doc:           "An article's page, made by the build from its file under articles/ (never written in a page); the sections after the index's article-index section follow it.",
		OwnBackground: true,
	})
}
