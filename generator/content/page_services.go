package content

// ServicesCopy is the copy of /services (and any /services/*); the services
// come from the services collection.
type ServicesCopy struct {
	Hero     BlockHero    `json:"hero"`
	Services BlockHeading `json:"services"`
	// OpenLabel is the card's button ("Learn more").
	OpenLabel string `json:"openLabel"`
	// CloseLabel names the dialog's close button for screen readers.
	CloseLabel string      `json:"closeLabel"`
	Action     BlockAction `json:"action"`
	CTA        BlockCTA    `json:"cta"`
}
