package content

// HealthCompanionCopy is the copy of /solutions/health-companion.
type HealthCompanionCopy struct {
	Hero     BlockHero  `json:"hero"`
	Features BlockCards `json:"features"`
	Benefits BlockCards `json:"benefits"`
	CTA      BlockCTA   `json:"cta"`
}
