package load

import (
	"bytes"

	"github.com/yuin/goldmark/ast"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/field"
)

// markdownImages collects the images of a Markdown text, each where it is
// written, and checks their files as YAML images are checked. The text of
// an image (![this](…)) is its alt. original, when not nil, names the
// content file of an image whose site path is not its file's (an image
// beside an article's index.md), or "".
func (l *loader) markdownImages(pos field.Pos, src []byte, doc ast.Node, original func(dest string) string) []content.Image {
	var out []content.Image
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		im, ok := n.(*ast.Image)
		if !entering || !ok {
			return ast.WalkContinue, nil
		}
		line, col := pos.Line, pos.Col
		if start := imageStart(im, src); start >= 0 {
			before := src[:start]
			line += bytes.Count(before, []byte("\n"))
			col += len(before) - bytes.LastIndexByte(before, '\n') - 1
		}
		img := content.Image{Pos: field.Pos{File: pos.File, Line: line, Col: col}, Src: string(im.Destination), Alt: string(im.Text(src))} //nolint:staticcheck // Text is the alt's plain text
		if original != nil {
			img.Original = original(img.Src)
		}
		if err := img.Validate(); err != nil {
			l.errs = append(l.errs, img.Pos.Errorf("image %q: %v", img.Src, err))
		} else {
			l.sizeImage(&img)
		}
		out = append(out, img)
		return ast.WalkSkipChildren, nil
	})
	return out
}

// imageStart is the offset of the "![" of an image, found from its
// first text segment, or for an image without text (a blank alt), the
// start of its block; -1 when neither is known.
func imageStart(im *ast.Image, src []byte) int {
	if t, ok := im.FirstChild().(*ast.Text); ok {
		return max(t.Segment.Start-2, 0)
	}
	for n := im.Parent(); n != nil; n = n.Parent() {
		if n.Type() == ast.TypeBlock && n.Lines().Len() > 0 {
			return n.Lines().At(0).Start
		}
	}
	return -1
}
