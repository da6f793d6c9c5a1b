package sections

import "github.com/vozia/site/generator/content"

func init() {
	content.RegisterKind[ServicesSection](content.Kind{
		Name: "services",
		Doc:  "The services collection as cards, each a link to the service's page; the page holding this section lists the services, and each service's page is its path + /<id>.",
	})
}

// ServicesSection shows the services as cards, each a link to the
// service's page (details.go); OpenLabel is the cards' "more" label and
// Action the call to action of each service's page.
type ServicesSection struct {
	ID        string              `json:"id,omitempty"`
	Heading   string              `json:"heading"`
	Intro     string              `json:"intro,omitempty"`
	OpenLabel string              `json:"openLabel"`
	Action    content.BlockAction `json:"action"`
}

func (ServicesSection) Reads() []string { return []string{"services"} }
