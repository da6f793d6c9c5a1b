package sections

import (
	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/field"
)

func init() {
	content.RegisterKind[BusinessLinesSection](content.Kind{
		Name: "business-lines",
		Doc:  "The consulting services (from the services collection), each a link to its page, and the product cards.",
	})
}

type BusinessLinesSection struct {
	Eyebrow         string    `json:"eyebrow,omitempty"`
	Heading         string    `json:"heading"`
	Intro           string    `json:"intro"`
	ConsultingTitle string    `json:"consultingTitle"`
	ConsultingIntro string    `json:"consultingIntro"`
	MoreLabel       string    `json:"moreLabel"`
	ProductsTitle   string    `json:"productsTitle"`
	Products        []Product `json:"products"`
}

func (BusinessLinesSection) Reads() []string { return []string{"services"} }

// Product is a product card: bullets and a link to the product's site.
type Product struct {
	Icon    field.Icon     `json:"icon"`
	Eyebrow string         `json:"eyebrow"`
	Title   string         `json:"title"`
	Text    string         `json:"text"`
	Bullets []string       `json:"bullets"`
	Link    content.Action `json:"link"`
}
