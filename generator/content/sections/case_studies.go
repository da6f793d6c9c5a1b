package sections

import "github.com/vozia/site/generator/content"

func init() {
	content.RegisterKind[CaseStudiesSection](content.Kind{
		Name:      "case-studies",
		LeadPlace: "story",
		Doc:       "Every case study (from the caseStudies collection) told in full, each titled with a link to its own page; the page holding this section lists the case studies, and each story's page is its path + /<id>, with these headings.",
	})
}

// CaseStudiesSection tells every case study in full; Challenge, Solution
// and Results are the headings of each story's parts.
type CaseStudiesSection struct {
	ID        string `json:"id,omitempty"`
	Heading   string `json:"heading"`
	Intro     string `json:"intro,omitempty"`
	Challenge string `json:"challenge"`
	Solution  string `json:"solution"`
	Results   string `json:"results"`
}

func (CaseStudiesSection) Reads() []string { return []string{"caseStudies"} }
