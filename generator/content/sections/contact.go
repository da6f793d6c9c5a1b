package sections

import "github.com/vozia/site/generator/content"

func init() {
	content.RegisterKind[ContactSection](content.Kind{
		Name:          "contact",
		Interactive:   true,
		Lazy:          true,
		Doc:           "The contact form with the contact details, and the floating contact button.",
		OwnBackground: true,
	})
}

// ContactSection is the contact form and details (copy in layout.yaml's
// contactForm), with the floating contact button. Heading, intro and the
// button's label override the layout's for one page.
type ContactSection struct {
	// Heading replaces the layout's contactForm.heading on this page.
	Heading string `json:"heading,omitempty"`
	// Intro replaces the layout's contactForm.intro on this page.
	Intro string `json:"intro,omitempty"`
	// Submit replaces the layout's contactForm.submit (the form's button) on
	// this page, such as "Request my demo" on the demo page.
	Submit string `json:"submit,omitempty"`
}
