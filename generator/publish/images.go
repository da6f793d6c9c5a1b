package publish

import (
	"context"
	"io/fs"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/output"
	"github.com/vozia/site/generator/pictures"
	"github.com/vozia/site/internal/contentroot"
	"github.com/vozia/site/internal/problem"
)

// Images processes the photos (generator/pictures) and adds them, the
// SVGs and the downloads (Files) to out; the problems are placed in the
// content's folder.
func Images(ctx context.Context, pics *pictures.Pictures, site *content.Site, tree fs.FS, ready func(), out *output.Files) (*pictures.Result, error) {
	res, err := pics.Process(ctx, site, tree, ready)
	if err == nil {
		for _, f := range res.Files {
			out.Add(output.StageImage, f.Path, f.Data)
		}
		var files []File
		files, err = Files(site, tree, res.Shown)
		for _, f := range files {
			stage := output.StageDownload
			if f.SVG {
				stage = output.StageSVG
			}
			out.Add(stage, f.Path, f.Data)
		}
	}
	if err != nil {
		return nil, problem.Of(err).Prefix(contentroot.Dir(tree))
	}
	return res, nil
}
