package sections

import (
	"regexp"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/field"
)

func init() {
	content.RegisterKind[StatsSection](content.Kind{
		Name: "stats",
		Doc:  "A section of figures, or of customers' results: each result a claim of kind result, shown with its evidence.",
	})
}

// StatsSection is a section of figures: Stats, or Results when the figures
// are customers' results.
type StatsSection struct {
	// Heading is the section's h2.
	Heading string `json:"heading"`
	// Intro is the paragraph under the heading.
	Intro string `json:"intro,omitempty"`
	// Stats are figures of any kind of claim (a goal says it is one).
	Stats []content.BlockStat `json:"stats,omitempty"`
	// Results are customers' results: each cites a claim of kind result
	// ({claim:key.value} and {claim:key.label}), and its label reads with
	// the claim's metric, before and after, sample and period. Give
	// Stats or Results, not both.
	Results []content.BlockStat `json:"results,omitempty"`
	// Note qualifies the figures (where they come from).
	Note string `json:"note,omitempty"`
}

// resultsHeading is a heading that presents its figures as results.
var resultsHeading = regexp.MustCompile(`(?i)\b(results?|outcomes?)\b`)

func (s StatsSection) Validate() error {
	switch {
	case len(s.Stats) > 0 && len(s.Results) > 0:
		return field.AtField("results", "give stats or results, not both")
	case len(s.Stats) == 0 && len(s.Results) == 0:
		return field.AtField("stats", "give stats (figures) or results (customers' results)")
	case len(s.Stats) > 0 && resultsHeading.MatchString(s.Heading):
		// A reader takes every figure under such a heading for a result.
		return field.AtField("heading", "the heading presents these figures as results: list them under results (claims of kind result, with their evidence), or head them as what they are")
	}
	return nil
}
