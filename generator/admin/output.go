package admin

import (
	"github.com/vozia/site/generator/codegen"
	"github.com/vozia/site/generator/content"
)

// EditorSite is what the editor's configuration takes from site.
func EditorSite(site *content.Site) codegen.EditorSite {
	return codegen.EditorSite{Brand: site.Config.Brand, ThemeColor: string(site.Config.SEO.ThemeColor), Claims: site.Collections.Claims}
}
