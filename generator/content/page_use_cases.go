package content

// UseCasesCopy is the copy of /solutions/use-cases: one card section per
// industry, then the results.
type UseCasesCopy struct {
	Hero    BlockHero    `json:"hero"`
	Groups  []BlockCards `json:"groups"`
	Results BlockStats   `json:"results"`
	CTA     BlockCTA     `json:"cta"`
}
