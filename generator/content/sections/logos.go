package sections

import "github.com/vozia/site/generator/content"

func init() {
	content.RegisterKind[LogosSection](content.Kind{
		Name:      "logos",
		LeadPlace: "logo",
		Doc:       "A row of logos under a title: each a name and its image.",
	})
}

// LogosSection is a row of named logos (clients, partners, certifications)
// under a title.
type LogosSection struct {
	// Title is the row's h2.
	Title string `json:"title"`
	// Logos are drawn in order.
	Logos []Logo `json:"logos"`
}

// Logo is one named image of a logos row.
type Logo struct {
	// Name is whose logo it is, shown under it.
	Name  string        `json:"name"`
	Image content.Image `json:"image"`
}
