package admin

import (
	"github.com/vozia/site/generator/bundle"
	"github.com/vozia/site/generator/codegen"
	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/internal/future"
	"github.com/vozia/site/generator/internal/stage"
	"github.com/vozia/site/generator/output"
	"github.com/vozia/site/internal/atomicdir"
)

// EditorSite is what the editor's configuration takes from site.
func EditorSite(site *content.Site) codegen.EditorSite {
	return codegen.EditorSite{Brand: site.Config.Brand, ThemeColor: string(site.Config.SEO.ThemeColor), Claims: site.Collections.Claims}
}

// Pending are the web editor's files under way (Cache.Start).
type Pending struct {
	files *future.Future[[]File]
	site  *content.Site
}

// Start makes the editor's files (Files) for site once bundles hands
// over the browser bundle, beside the rest of a build: a build starts it
// before its pages render, since the editor needs none of them.
func (c *Cache) Start(frontendDir, liveScript string, bundles func() (*bundle.Result, error), site *content.Site) *Pending {
	return &Pending{site: site, files: future.Spawn(func() (files []File, err error) {
		b, err := bundles()
		if err != nil {
			return nil, err
		}
		stage.Run("editor", func() { files, err = c.Files(frontendDir, b, EditorSite(site), liveScript) })
		return files, err
	})}
}

// Wait waits for the files.
func (p *Pending) Wait() { p.files.Wait() }

// AddTo adds the files to out, with the editor's routes (AddRoutes).
func (p *Pending) AddTo(out *output.Files, drafts bool) error {
	files, err := p.files.Get()
	if err != nil {
		return err
	}
	for _, f := range files {
		out.AddFile(output.StageAdmin, atomicdir.File{Path: f.Path, Data: f.Data, From: f.From})
	}
	AddRoutes(p.site, drafts, out)
	return nil
}
