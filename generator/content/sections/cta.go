package sections

import "github.com/vozia/site/generator/content"

func init() {
	content.RegisterKind[CTASection](content.Kind{
		Name:          "cta",
		Doc:           "The black closing call to action of a page.",
		OwnBackground: true,
	})
}

// CTASection is the closing call to action of a page.
type CTASection struct {
	// Heading is the section's h2.
	Heading string `json:"heading"`
	Text    string `json:"text"`
	// Actions are the buttons.
	Actions []content.BlockAction `json:"actions"`
}
