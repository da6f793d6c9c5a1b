package content

func init() {
	registerKind[StatsSection](sectionKind{
		Name: "stats",
		Doc:  "A section of figures.",
	})
}

// StatsSection is a section of figures.
type StatsSection struct {
	// Heading is the section's h2.
	Heading string `json:"heading"`
	// Intro is the paragraph under the heading.
	Intro string      `json:"intro,omitempty"`
	Stats []BlockStat `json:"stats"`
	// Note qualifies the figures (where they come from).
	Note string `json:"note,omitempty"`
}
