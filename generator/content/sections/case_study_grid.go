package sections

import "github.com/vozia/site/generator/content"

func init() {
	content.RegisterKind[CaseStudyGridSection](content.Kind{
		Name:      "case-study-grid",
		LeadPlace: "card",
		Doc:       "The case studies (from the caseStudies collection) as cards, each a link to the story's page.",
	})
}

type CaseStudyGridSection struct {
	Eyebrow  string         `json:"eyebrow,omitempty"`
	Heading  string         `json:"heading"`
	Intro    string         `json:"intro"`
	ReadMore string         `json:"readMore"`
	AllLink  content.Action `json:"allLink"`
}

func (CaseStudyGridSection) Reads() []string { return []string{"caseStudies"} }
