package content

func init() {
	registerKind[CaseStudyGridSection](sectionKind{
		Name: "case-study-grid",
		Doc:  "The case studies (from the caseStudies collection) as cards, each a link to the story's page.",
	})
}

type CaseStudyGridSection struct {
	Eyebrow  string `json:"eyebrow,omitempty"`
	Heading  string `json:"heading"`
	Intro    string `json:"intro"`
	ReadMore string `json:"readMore"`
	AllLink  Action `json:"allLink"`
}

func (CaseStudyGridSection) reads() []string { return []string{"caseStudies"} }
