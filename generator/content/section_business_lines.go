package content

func init() {
	registerKind[BusinessLinesSection](sectionKind{
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

func (BusinessLinesSection) reads() []string { return []string{"services"} }

// Product is a product card: bullets and a link to the product's site.
type Product struct {
	Icon    Icon     `json:"icon"`
	Eyebrow string   `json:"eyebrow"`
	Title   string   `json:"title"`
	Text    string   `json:"text"`
	Bullets []string `json:"bullets"`
	Link    Action   `json:"link"`
}
