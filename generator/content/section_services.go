package content

func init() {
	registerKind[ServicesSection](sectionKind{
		Name:        "services",
		Interactive: true,
		Doc:         "The services collection as cards; each opens its details in a dialog (a sheet on phones).",
	})
}

// ServicesSection shows the services as cards; OpenLabel is the card's
// button, CloseLabel names the dialog's close button for screen readers
// and Action is the dialog's call to action.
type ServicesSection struct {
	ID         string      `json:"id,omitempty"`
	Heading    string      `json:"heading"`
	Intro      string      `json:"intro,omitempty"`
	OpenLabel  string      `json:"openLabel"`
	CloseLabel string      `json:"closeLabel"`
	Action     BlockAction `json:"action"`
}

func (ServicesSection) reads() []string { return []string{"services"} }
