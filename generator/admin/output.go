package admin

import (
	"github.com/vozia/site/generator/bundle"
	"github.com/vozia/site/generator/output"
)

// Add adds the web editor's files (Files) for the bundle b to out, made
// again only for a new bundle.
func (c *Cache) Add(frontendDir, liveScript string, b *bundle.Result, brand string, out *output.Files) error {
	files, err := c.Files(frontendDir, b, brand, liveScript)
	for _, f := range files {
		out.Add(output.StageAdmin, f.Path, f.Data)
	}
	return err
}
