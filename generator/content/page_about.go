package content

// AboutCopy is the copy of /company/about-us; the values come from the
// values collection.
type AboutCopy struct {
	Hero    BlockHero    `json:"hero"`
	Mission AboutBlock   `json:"mission"`
	Base    AboutBlock   `json:"base"`
	Values  BlockHeading `json:"values"`
	CTA     BlockCTA     `json:"cta"`
}

// AboutBlock is a heading, paragraphs and optional facts.
type AboutBlock struct {
	Heading    string      `json:"heading"`
	Paragraphs []string    `json:"paragraphs"`
	Facts      []BlockStat `json:"facts,omitempty"`
}
