package admin

import (
	"github.com/vozia/site/generator/bundle"
	"github.com/vozia/site/generator/codegen"
	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/output"
)

// Add adds the web editor's files (Files) for the bundle b and the site
// to out, made again only for a new bundle.
func (c *Cache) Add(frontendDir, liveScript string, b *bundle.Result, site *content.Site, out *output.Files) error {
	files, err := c.Files(frontendDir, b, EditorSite(site), liveScript)
	for _, f := range files {
		out.Add(output.StageAdmin, f.Path, f.Data)
	}
	return err
}

// EditorSite is what the editor's configuration takes from site.
func EditorSite(site *content.Site) codegen.EditorSite {
	return codegen.EditorSite{Brand: site.Config.Brand, ThemeColor: string(site.Config.SEO.ThemeColor), Claims: site.Collections.Claims}
}
