package sections

import (
	"fmt"

	"github.com/vozia/site/generator/content"
)

func init() {
	content.RegisterKind[CaseStudySection](content.Kind{
		Name:          "case-study",
		LeadPlace:     "story",
		Doc:           "A case study's page, made by the build for each record of the caseStudies collection (never written in a page); the sections after the case-studies section of the page that lists them follow it.",
		OwnBackground: true,
	})
}

// CaseStudySection is a case study's page body (details.go): the record,
// the headings of its parts (the listing section's), and the page's
// breadcrumbs.
type CaseStudySection struct {
	Study     content.CaseStudy `json:"study" yaml:"-"`
	Challenge string            `json:"challenge" yaml:"-"`
	Solution  string            `json:"solution" yaml:"-"`
	Results   string            `json:"results" yaml:"-"`
	// IndexURL is the page that lists the case studies.
	IndexURL string               `json:"indexUrl" yaml:"-"`
	Trail    []content.Breadcrumb `json:"trail" yaml:"-"`
}

func (CaseStudySection) Validate() error {
	return fmt.Errorf("sections of kind case-study are made by the build for each record of %s; add a record there instead", content.CollectionFile("caseStudies"))
}
