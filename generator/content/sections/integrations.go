package sections

import "github.com/vozia/site/generator/content"

func init() {
	content.RegisterKind[IntegrationsSection](content.Kind{
		Name: "integrations",
		Doc:  "A list of named products and what they are.",
	})
}

// IntegrationsSection lists named products and the kind of tool each is.
type IntegrationsSection struct {
	Heading string        `json:"heading"`
	Intro   string        `json:"intro"`
	Items   []Integration `json:"items"`
}

type Integration struct {
	Name     string `json:"name"`
	Category string `json:"category"`
}
