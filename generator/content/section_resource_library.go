package content

import (
	"reflect"
)

func init() {
	registerKind[ResourceLibrarySection](sectionKind{
		Name: "resource-library",
		Doc:  "The resources collection as download cards.",
	})
}

// ResourceLibrarySection labels the downloadable items. Until a resource
// has a downloadUrl, its button asks for the file by e-mail and Pending
// says so.
type ResourceLibrarySection struct {
	Heading string `json:"heading"`
	Intro   string `json:"intro"`
	// DownloadLabel is the button of a resource with a file.
	DownloadLabel string `yaml:"downloadLabel" json:"-"`
	// RequestLabel is the button of one without: it asks for it by e-mail.
	RequestLabel string `yaml:"requestLabel" json:"-"`
	// RequestSubject prefixes the e-mail subject; the title follows.
	RequestSubject string `yaml:"requestSubject" json:"-"`
	Pending        string `json:"pending"`
}

func (ResourceLibrarySection) reads() []string { return []string{"resources"} }

func (v ResourceLibrarySection) wordRecords(c *Collections, cfg SiteConfig) {
	c.Resources = cloneEach(c.Resources, func(r *Resource) {
		a := BlockAction{Action: Action{Label: v.DownloadLabel, Href: Link(r.DownloadURL)}, Secondary: true}
		if r.DownloadURL == "" {
			a = BlockAction{Action: Action{Label: v.RequestLabel, Site: "email"}, Subject: v.RequestSubject + " " + r.Title, Secondary: true}
		}
		resolveAddresses(reflect.ValueOf(&a), cfg)
		r.Action = a
	})
}
