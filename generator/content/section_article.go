package content

import "fmt"

func init() {
	registerKind[ArticleSection](sectionKind{
		Name:          "article",
		Doc:           "An article's page, made by the build from its file under articles/ (never written in a page); the sections after the index's article-index section follow it.",
		OwnBackground: true,
	})
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
	HTML        string     `json:"html" yaml:"-"`
	// Images are the body's images, in order (SetImages).
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
