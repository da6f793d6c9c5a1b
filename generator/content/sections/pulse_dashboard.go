package sections

import (
	"fmt"

	"github.com/vozia/site/generator/content"
)

func init() {
	content.RegisterKind[PulseDashboardSection](content.Kind{
		Name: "pulse-dashboard",
		Doc:  "The illustrative Pulse dashboard drawn in CSS.",
	})
}

// PulseDashboardSection is the illustrative dashboard drawn in CSS: sample
// figures, a positive-sentiment bar and the top themes of a sample study.
type PulseDashboardSection struct {
	Heading string              `json:"heading"`
	Intro   string              `json:"intro"`
	Title   string              `json:"title"`
	Badge   string              `json:"badge"`
	Metrics []content.BlockStat `json:"metrics"`
	// Sentiment is the share of positive answers (0-100) the bar shows.
	Sentiment      int      `json:"sentiment"`
	SentimentLabel string   `json:"sentimentLabel"`
	ThemesTitle    string   `json:"themesTitle"`
	Themes         []string `json:"themes"`
	Note           string   `json:"note"`
}

func (d PulseDashboardSection) Validate() error {
	if d.Sentiment < 0 || d.Sentiment > 100 {
		return fmt.Errorf("sentiment %d must be between 0 and 100", d.Sentiment)
	}
	return nil
}
