package content

func init() {
	registerKind[TextSection](sectionKind{
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
	Facts []BlockStat `json:"facts,omitempty"`
}
