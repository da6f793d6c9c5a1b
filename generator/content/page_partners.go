package content

// PartnersCopy is the copy of /company/partners; the groups come from the
// partnerGroups collection.
type PartnersCopy struct {
	Hero   BlockHero    `json:"hero"`
	Groups BlockHeading `json:"groups"`
	Become BlockCards   `json:"become"`
	CTA    BlockCTA     `json:"cta"`
}
