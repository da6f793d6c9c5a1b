package sections

import (
	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/field"
	"github.com/vozia/site/generator/content/siteconfig"
)

func init() {
	content.RegisterKind[ResourceLibrarySection](content.Kind{
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

func (ResourceLibrarySection) Reads() []string { return []string{"resources"} }

func (v ResourceLibrarySection) WordRecords(c *content.Collections, cfg siteconfig.SiteConfig) {
	c.Resources = content.CloneEach(c.Resources, func(r *content.Resource) {
		a := content.BlockAction{Action: content.Action{Label: v.DownloadLabel, Href: field.Link(r.DownloadURL)}, Secondary: true}
		if r.DownloadURL == "" {
			a = content.BlockAction{Action: content.Action{Label: v.RequestLabel, Site: "email"}, Subject: v.RequestSubject + " " + r.Title, Secondary: true}
		}
		a.Resolve(cfg)
		r.Action = a
	})
}
