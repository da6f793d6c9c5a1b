package content

// CaseStudiesCopy is the copy of /case-studies; the stories come from the
// caseStudies collection (the home page shows the same records).
type CaseStudiesCopy struct {
	Hero      BlockHero    `json:"hero"`
	Stories   BlockHeading `json:"stories"`
	Challenge string       `json:"challenge"`
	Solution  string       `json:"solution"`
	Results   string       `json:"results"`
	CTA       BlockCTA     `json:"cta"`
}
