package sections

import "github.com/vozia/site/generator/content"

func init() {
	content.RegisterKind[NotFoundSection](content.Kind{
		Name:          "not-found",
		Interactive:   true,
		Doc:           "The message of the not-found page, a link home and where else to go.",
		OwnBackground: true,
	})
}

// NotFoundSection is the body of the not-found page.
type NotFoundSection struct {
	Heading    string `json:"heading"`
	Text       string `json:"text"`
	ReturnHome string `json:"returnHome"`
	// Links are where else a lost visitor may want to go (the solutions,
	// the case studies, the insights, contact).
	Links []content.NavLink `json:"links,omitempty"`
}
