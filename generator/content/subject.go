package content

// Subject is what a record's page is about, for its structured data: a
// schema.org Service or CreativeWork (a case study).
type Subject struct {
	// Type is the schema.org type.
	Type        string
	Name        string
	Description string
	// Image is a site path, or empty.
	Image string
	// About is what a case study is about (its industry), or empty.
	About string
}

// Schema.org types of the detail pages.
const (
	SubjectService   = "Service"
	SubjectCaseStudy = "CreativeWork"
)
