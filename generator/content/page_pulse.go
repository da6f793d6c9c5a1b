package content

// PulseCopy is the copy of /solutions/pulse.
type PulseCopy struct {
	Hero         BlockHero      `json:"hero"`
	Dashboard    PulseDashboard `json:"dashboard"`
	Collection   BlockCards     `json:"collection"`
	Applications BlockCards     `json:"applications"`
	CTA          BlockCTA       `json:"cta"`
}

// PulseDashboard is the illustrative dashboard drawn in CSS: sample
// figures, a positive-sentiment bar and the top themes of a sample study.
type PulseDashboard struct {
	Heading string      `json:"heading"`
	Intro   string      `json:"intro"`
	Title   string      `json:"title"`
	Badge   string      `json:"badge"`
	Metrics []BlockStat `json:"metrics"`
	// Sentiment is the share of positive answers (0-100) the bar shows.
	Sentiment      int      `json:"sentiment"`
	SentimentLabel string   `json:"sentimentLabel"`
	ThemesTitle    string   `json:"themesTitle"`
	Themes         []string `json:"themes"`
	Note           string   `json:"note"`
}
