package generator

import (
	"bytes"
	"context"
	"crypto/sha256"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/vozia/site/generator/imagefiles"
	"github.com/vozia/site/generator/output"
	"github.com/vozia/site/internal/testkit/imagetest"
)

// knownStages are the stages that may write the site root.
var knownStages = map[output.Stage]bool{
	output.StageData: true, output.StageBundle: true, output.StageDocument: true, output.StageRedirect: true, output.StageSiteFiles: true,
	output.StageImage: true, output.StageSVG: true, output.StageDownload: true, output.StageShareImage: true, output.StageFeed: true, output.StageSitemap: true, output.StageAdmin: true,
}

// checkStages checks that every file of a build was made by a known stage,
// and that none is a copy of a file of the content tree, but a download
// (a kind on content's list, checked) and an SVG the SVG stage wrote.
func checkStages(t *testing.T, res *Result, tree fs.FS) {
	t.Helper()
	committed := map[[32]byte]string{}
	fs.WalkDir(tree, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			if data, err := fs.ReadFile(tree, p); err == nil && len(data) > 0 {
				committed[sha256.Sum256(data)] = p
			}
		}
		return nil
	})
	for _, f := range res.Site {
		stage, ok := res.Stages[f.Path]
		if !ok || !knownStages[stage] {
			t.Errorf("%s was written by no known stage (%q)", f.Path, stage)
			continue
		}
		switch stage {
		case output.StageSVG:
			// What the SVG stage writes, it would write again as it is.
			if again, err := imagefiles.CleanSVG(f.Data); err != nil || !bytes.Equal(again, f.Data) {
				t.Errorf("%s is not an SVG as CleanSVG writes it (%v)", f.Path, err)
			}
		case output.StageDownload:
			if !strings.HasSuffix(f.Path, ".pdf") || !bytes.HasPrefix(f.Data, []byte("%PDF-")) {
				t.Errorf("%s is a download of no kind on the list", f.Path)
			}
		default:
			if src, ok := committed[sha256.Sum256(f.Data)]; ok {
				t.Errorf("%s (stage %s) is content/%s as committed", f.Path, stage, src)
			}
		}
	}
}

// TestEveryFileHasAStage: after a build of the test site, with a photo, a
// download and files nothing refers to added, every file of the site was
// written by a stage, and none of content/ was copied but the download.
func TestEveryFileHasAStage(t *testing.T) {
	fsys := fixture(t)
	fsys["images/photos/team.jpg"] = &fstest.MapFile{Data: imagetest.JPEG(imagetest.Photo(640, 480, 1), 85, 1)}
	fsys["images/report.pdf"] = &fstest.MapFile{Data: []byte("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n")}
	fsys["images/notes.js"] = &fstest.MapFile{Data: []byte("alert(document.domain)\n")}
	fsys["articles/pulse-themes/page.html"] = &fstest.MapFile{Data: []byte("<script>alert(1)</script>\n")}
	fsys["pages/notes.md"] = &fstest.MapFile{Data: []byte("---\ntitle: Notes\ndescription: Notes in Markdown.\nname: Notes\n---\n# Notes\n\n![The team](/images/photos/team.jpg)\n\nRead [the report](/images/report.pdf).\n")}
	res, err := Build(context.Background(), Options{Content: fsys, FrontendDir: "../frontend", Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	checkStages(t, res, fsys)
	f := files(res)
	if res.Stages["images/report.pdf"] != output.StageDownload {
		t.Errorf("the linked PDF was not published as a download: %q", res.Stages["images/report.pdf"])
	}
	for _, p := range []string{"images/notes.js", "insights/pulse-themes/page.html", "images/photos/team.jpg"} {
		if f[p] != nil {
			t.Errorf("%s was published", p)
		}
	}
	var warned []string
	for _, w := range res.Warnings {
		warned = append(warned, w.File)
	}
	if got := strings.Join(warned, " "); got != "articles/pulse-themes/page.html images/notes.js" {
		t.Errorf("warnings name %q, want the two files nothing refers to", got)
	}
	// Each drawing shown is published, re-written.
	stages := map[output.Stage]int{}
	for _, st := range res.Stages {
		stages[st]++
	}
	for _, st := range []output.Stage{output.StageSVG, output.StageImage, output.StageDownload, output.StageDocument, output.StageData, output.StageBundle} {
		if stages[st] == 0 {
			t.Errorf("no file of stage %s", st)
		}
	}
}
