package content

func init() {
	registerKind[FAQSection](sectionKind{
		Name: "faq",
		Doc:  "The questions of the faq collection as an accordion, and a contact link.",
	})
}

type FAQSection struct {
	Eyebrow     string `json:"eyebrow,omitempty"`
	Heading     string `json:"heading"`
	Intro       string `json:"intro"`
	ContactText string `json:"contactText"`
	Contact     Action `json:"contact"`
}

func (FAQSection) reads() []string { return []string{"faq"} }
