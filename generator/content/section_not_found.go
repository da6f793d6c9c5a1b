package content

func init() {
	registerKind[NotFoundSection](sectionKind{
		Name:          "not-found",
		Interactive:   true,
		Doc:           "The message of the not-found page and a link home.",
		OwnBackground: true,
	})
}

// NotFoundSection is the body of the not-found page.
type NotFoundSection struct {
	Heading    string `json:"heading"`
	Text       string `json:"text"`
	ReturnHome string `json:"returnHome"`
}
