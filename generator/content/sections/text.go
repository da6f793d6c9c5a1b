package sections

import "github.com/vozia/site/generator/content"

func init() {
	content.RegisterKind[TextSection](content.Kind{
		Name: "text",
		Doc:  "A heading, paragraphs and optional figures.",
	})
}

// TextSection is a heading, paragraphs and optional figures.
type TextSection struct {
	// Heading is the section's h2.
	Heading    string   `json:"heading"`
	Paragraphs []string `json:"paragraphs"`
	// Facts are figures under the text.
	Facts []content.BlockStat `json:"facts,omitempty"`
}
