package articlefiles

import (
	"io/fs"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/output"
)

// Files are the articles' share images, drawn again only when their card
// changed (Draw), and the feeds (Feeds), as the build's output.
func (sh *Shares) Files(site *content.Site, fsys fs.FS) (*output.Files, error) {
	out := &output.Files{}
	for _, f := range sh.Draw(site, fsys, site.Config.SEO.ThemeColor.RGBA()) {
		out.Add(output.StageShareImage, f.Path, f.Data)
	}
	feeds, err := Feeds(site)
	if err != nil {
		return nil, err
	}
	for _, f := range feeds {
		out.Add(output.StageFeed, f.Path, f.Data)
	}
	return out, nil
}
