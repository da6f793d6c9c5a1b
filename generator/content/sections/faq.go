package sections

import "github.com/vozia/site/generator/content"

func init() {
	content.RegisterKind[FAQSection](content.Kind{
		Name: "faq",
		Doc:  "The questions of the faq collection as an accordion, and a contact link.",
	})
}

type FAQSection struct {
	Eyebrow     string         `json:"eyebrow,omitempty"`
	Heading     string         `json:"heading"`
	Intro       string         `json:"intro"`
	ContactText string         `json:"contactText"`
	Contact     content.Action `json:"contact"`
}

func (FAQSection) Reads() []string { return []string{"faq"} }
