package sitefiles

import (
	"time"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/sections"
	"github.com/vozia/site/generator/content/siteconfig"
)

// BrandOf is the brand of the site's configuration: what the drawn files
// are made from.
func BrandOf(c siteconfig.SiteConfig) Brand {
	return Brand{
		Name: c.Brand, Description: c.SEO.Description,
		Accent: c.SEO.ThemeColor.RGBA(), ShareImage: c.SEO.Image, Logo: c.Organization.Logo,
	}
}

// Cache keeps the drawn files between the builds of a session, drawn
// again only when the brand changes. The zero Cache is ready to use; it is
// not safe for concurrent use.
type Cache struct {
	brand *Brand
	files []File
}

// Files are the files drawn for b (Files), the last ones when b has not
// changed.
func (c *Cache) Files(b Brand) []File {
	if c.brand == nil || *c.brand != b {
		c.brand, c.files = &b, Files(b)
	}
	return c.files
}

// SiteSecurityTxt is the site's security.txt, when security.yaml, the
// security contact and a page with the security section (its Policy)
// exist; nil otherwise.
func SiteSecurityTxt(site *content.Site, now time.Time) []byte {
	if site.Security == nil || site.Config.SecurityEmail == "" {
		return nil
	}
	for _, r := range site.Routes {
		page := site.Pages[r.Path]
		if page == nil {
			continue
		}
		for _, sec := range page.Sections {
			if _, ok := sec.Value.(*sections.SecuritySection); ok {
				return SecurityTxt(string(site.Config.SecurityEmail), string(site.Config.BaseURL), r.Path, site.Security.ExpiresAt(now))
			}
		}
	}
	return nil
}
