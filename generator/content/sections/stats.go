package sections

import "github.com/vozia/site/generator/content"

func init() {
	content.RegisterKind[StatsSection](content.Kind{
		Name: "stats",
		Doc:  "A section of figures.",
	})
}

// StatsSection is a section of figures.
type StatsSection struct {
	// Heading is the section's h2.
	Heading string `json:"heading"`
	// Intro is the paragraph under the heading.
	Intro string              `json:"intro,omitempty"`
	Stats []content.BlockStat `json:"stats"`
	// Note qualifies the figures (where they come from).
	Note string `json:"note,omitempty"`
}
