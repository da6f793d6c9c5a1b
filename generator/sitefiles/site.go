package sitefiles

import (
	"encoding/json"
	"time"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/sections"
	"github.com/vozia/site/generator/content/siteconfig"
	"github.com/vozia/site/internal/filecache"
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
// again only when the brand changes, and with Disk between builds too
// (cmd/build -cache): drawing and encoding them took 60 ms of an
// unchanged site's build's CPU. The zero Cache keeps them for the session
// only; it is not safe for concurrent use.
type Cache struct {
	Disk  filecache.Dir
	brand *Brand
	files []File
}

// NewCache returns a Cache that keeps the files under root too ("": for
// the session only).
func NewCache(root string) Cache {
	return Cache{Disk: filecache.New(root, "sitefiles", ".json")}
}

// Files are the files drawn for b (Files), the last ones when b has not
// changed.
func (c *Cache) Files(b Brand) []File {
	if c.brand != nil && *c.brand == b {
		return c.files
	}
	key, _ := json.Marshal(b)
	var files []File
	if !c.Disk.GetJSON(string(key), &files) {
		files = Files(b)
		c.Disk.KeepJSON(string(key), files)
	}
	c.brand, c.files = &b, files
	return files
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
