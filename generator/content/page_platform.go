package content

// PlatformCopy is the copy of /platform.
type PlatformCopy struct {
	Hero         BlockHero            `json:"hero"`
	Components   BlockCards           `json:"components"`
	Compliance   BlockCards           `json:"compliance"`
	Integrations PlatformIntegrations `json:"integrations"`
	CTA          BlockCTA             `json:"cta"`
}

type PlatformIntegrations struct {
	Heading string                `json:"heading"`
	Intro   string                `json:"intro"`
	Items   []PlatformIntegration `json:"items"`
}

// PlatformIntegration is a named product and the kind of tool it is.
type PlatformIntegration struct {
	Name     string `json:"name"`
	Category string `json:"category"`
}
