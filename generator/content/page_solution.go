package content

// SolutionCopy is the copy of the Voice AI and Text AI pages.
type SolutionCopy struct {
	Hero BlockHero `json:"hero"`
	// Highlights is the strip of figures under the hero.
	Highlights []BlockStat `json:"highlights"`
	Features   BlockCards  `json:"features"`
	// Stories holds the industry or success-story blocks.
	Stories BlockCards `json:"stories"`
	CTA     BlockCTA   `json:"cta"`
}
