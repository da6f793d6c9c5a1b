package sections

import (
	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/security"
)

func init() {
	content.RegisterKind[SecuritySection](content.Kind{
		Name: "security",
		Lazy: true,
		Doc:  "The security page's body: every framework with its status, the BAA, hosting, sub-processors, retention and the security contact, all from security.yaml.",
	})
}

// SecuritySection shows content/security.yaml. Its fields are the words
// around the record; the record itself is never written here, so that it
// is stated once.
type SecuritySection struct {
	// Heading is the section's h2.
	Heading string `json:"heading"`
	// Intro is the paragraph under the heading.
	Intro string `json:"intro,omitempty"`
	// Labels are the headings and status words the page shows.
	Labels SecurityLabels `json:"labels"`
	// Record is security.yaml, filled in by the build.
	Record security.Security `json:"record" yaml:"-"`
	// Contact is the security contact (site.yaml's securityEmail),
	// filled in by the build.
	Contact string `json:"contact" yaml:"-"`
}

// SecurityLabels are the words of the security page.
type SecurityLabels struct {
	Frameworks string `json:"frameworks"`
	Certified  string `json:"certified"`
	// CertifiedNote says what Certified means. The page lists the three
	// statuses, each with its note, above the frameworks, whichever of
	// them the frameworks have.
	CertifiedNote string `json:"certifiedNote"`
	InProgress    string `json:"inProgress"`
	// InProgressNote says what InProgress means, in the same list.
	InProgressNote string `json:"inProgressNote"`
	Aligned        string `json:"aligned"`
	// AlignedNote says what Aligned means, in the same list.
	AlignedNote    string `json:"alignedNote"`
	Auditor        string `json:"auditor"`
	Target         string `json:"target"`
	BAA            string `json:"baa"`
	BAAAvailable   string `json:"baaAvailable"`
	BAAOnRequest   string `json:"baaOnRequest"`
	BAAUnavailable string `json:"baaUnavailable"`
	Hosting        string `json:"hosting"`
	Subprocessors  string `json:"subprocessors"`
	Name           string `json:"name"`
	Purpose        string `json:"purpose"`
	Location       string `json:"location"`
	Retention      string `json:"retention"`
	Contact        string `json:"contact"`
}
