package load

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/field"
	"github.com/vozia/site/generator/downloads"
	"github.com/vozia/site/generator/imagefiles"
	"github.com/vozia/site/internal/contentroot"
)

// The files of content/ that the site may publish, besides what the build
// makes of the YAML and Markdown, live under images/ and beside an
// article's index.md (articles/<slug>/). Nothing of them is published as
// it was committed unless its kind is on the list below:
//
//   - a photo (JPEG, PNG, WebP) that content shows is published only as
//     the files generator/imagefiles makes of it;
//   - an SVG that content shows, or links to, only as imagefiles.CleanSVG
//     writes it;
//   - a download, linked from content by its site path, as committed,
//     once its kind's check passes: PDF (.pdf), starting with "%PDF-",
//     at most content.MaxDownloadBytes; a sample call's recording
//     (Opus in Ogg or WebM, AAC in MP4, MP3), its header read for its
//     container, codec and duration, at most content.MaxAudioBytes; and
//     its WebVTT transcript, every cue read, at most
//     content.MaxTranscriptBytes.
//
// Every such file is named with field.FileNameChars, folder by folder,
// as the web editor names its uploads; any other name (a space, a "%2e")
// is a problem at the file. Anything else is published nowhere: a file
// that nothing shows or links to is a warning (Site.Warnings) at its name, and a link to a file of
// another kind (a script, a page, a photo's original) is a problem at the
// link. A symbolic link, or anything but a regular file, is a problem
// (internal/contentroot), at the image or link that names it, or at its
// own name.

// publishable reports whether a file of content/ is in a folder whose
// files the site may publish: images/, or an article's folder.
func publishable(file string) bool {
	if strings.HasPrefix(file, "images/") {
		return true
	}
	rest, ok := strings.CutPrefix(file, "articles/")
	return ok && strings.Count(rest, "/") >= 1 && file != path.Dir(file)+"/index.md"
}

// files checks every file under the folders the site publishes from, and
// collects the downloads. It runs once the content has been read: refs
// holds every image named (sizeImage), links every link.
func (l *loader) files(s *content.Site) {
	// Site paths of the files, to tell a link to a file from one to a page.
	byPath := map[string]string{}
	linked := map[string][]field.Pos{}
	var tree []fs.DirEntry
	var names []string
	fs.WalkDir(l.fsys, ".", func(file string, d fs.DirEntry, err error) error {
		if err != nil {
			l.errs = append(l.errs, content.Error{File: file, Line: 1, Col: 1, Message: fmt.Sprintf("cannot read: %v", unwrapPathError(err))})
			return nil
		}
		if d.IsDir() {
			return nil
		}
		tree, names = append(tree, d), append(names, file)
		if publishable(file) {
			byPath[l.sitePath(s, file)] = file
		}
		return nil
	})
	for _, ln := range l.links {
		href := ln.Href
		if i := strings.IndexAny(href, "?#"); i >= 0 {
			href = href[:i]
		}
		if file, ok := byPath[href]; ok {
			linked[file] = append(linked[file], ln.Pos)
		}
	}
	for i, file := range names {
		d := tree[i]
		shown, links := l.refs[file], linked[file]
		if !d.Type().IsRegular() {
			msg := fmt.Sprintf("%s is %v", file, contentroot.ErrNotRegular)
			if d.Type()&fs.ModeSymlink != 0 {
				msg = fmt.Sprintf("%s is %v", file, contentroot.ErrSymlink)
			}
			// An image named is reported where it is named (sizeImage).
			for _, p := range links {
				l.errs = append(l.errs, p.Errorf("link %q: %s", l.sitePath(s, file), msg))
			}
			// Unless its reader already said so (a page, a YAML file).
			if len(shown)+len(links) == 0 && !l.failed(file) {
				l.errs = append(l.errs, content.Error{File: file, Line: 1, Col: 1, Message: msg})
			}
			continue
		}
		if !publishable(file) {
			continue
		}
		if err := field.CheckFileName(file); err != nil {
			// Refused at the file, shown or not: its address would not be
			// its name (field.FileNameChars).
			l.errs = append(l.errs, content.Error{File: file, Line: 1, Col: 1, Message: err.Error()})
			continue
		}
		if len(shown)+len(links) == 0 {
			l.warnings = append(l.warnings, content.Error{File: file, Line: 1, Col: 1, Message: "nothing shows or links to this file, so it is not published: show it (an image field, or ![alt](…) in Markdown), link to it, or delete it"})
			continue
		}
		if len(links) == 0 {
			continue // shown: published by the image stage, as the image's files
		}
		ext := strings.ToLower(path.Ext(file))
		kind, ok := downloads.Kinds[ext]
		switch {
		case ext == ".svg":
			// Linked to: published as it is when shown, re-written.
			data, err := fs.ReadFile(l.fsys, file)
			if err == nil {
				_, err = imagefiles.CleanSVG(data)
			}
			if l.fileError(file, links[0], err) {
				continue
			}
			s.Downloads = append(s.Downloads, content.Download{Path: l.sitePath(s, file), File: file, Kind: "svg"})
		case !ok:
			what := fmt.Sprintf("the site publishes no %s file from content/; a download is a PDF (.pdf), and a sample call's files are its recording (.ogg, .opus, .webm, .m4a, .mp4, .mp3) and transcript (.vtt)", cmpExt(ext))
			switch ext {
			case ".jpg", ".jpeg", ".png", ".webp":
				what = "a photo's original is never published, only the sizes the build makes of it: show it as an image, or link to a page"
			}
			for _, p := range links {
				l.errs = append(l.errs, p.Errorf("link %q: %s", l.sitePath(s, file), what))
			}
		default:
			data, err := fs.ReadFile(l.fsys, file)
			if l.fileError(file, links[0], err) {
				continue
			}
			if problems := kind.Check(data); len(problems) > 0 {
				for _, p := range problems {
					l.errs = append(l.errs, content.Error{File: file, Line: p.Line, Col: 1, Message: p.Msg})
				}
				continue
			}
			s.Downloads = append(s.Downloads, content.Download{Path: l.sitePath(s, file), File: file, Kind: kind.Name, Data: data})
		}
	}
	slices.SortFunc(s.Downloads, func(a, b content.Download) int { return strings.Compare(a.Path, b.Path) })
	l.totalPixels()
}

func cmpExt(ext string) string {
	if ext == "" {
		return "extensionless"
	}
	return ext
}

// fileError records a file's read or check error, and reports whether
// there was one.
func (l *loader) fileError(file string, at field.Pos, err error) bool {
	if err == nil {
		return false
	}
	var se *imagefiles.SVGError
	switch {
	case errors.As(err, &se):
		l.errs = append(l.errs, content.Error{File: file, Line: se.Line, Col: se.Col, Message: se.Msg})
	case contentroot.Refusal(err) != "":
		l.errs = append(l.errs, at.Errorf("%s", contentroot.Refusal(err)))
	default:
		l.errs = append(l.errs, at.Errorf("%s: cannot read: %v", file, unwrapPathError(err)))
	}
	return true
}

// sitePath is where a file of a publishable folder would be served.
func (l *loader) sitePath(s *content.Site, file string) string {
	if rest, ok := strings.CutPrefix(file, "articles/"); ok && s.ArticleIndex != "" {
		return s.ArticleIndex + "/" + rest
	}
	return "/" + file
}

// totalPixels refuses the photos beyond MaxTotalPixels, at the first
// place that names the one that crosses it.
func (l *loader) totalPixels() {
	total := 0
	for _, file := range l.photos {
		total += l.pixels[file]
		if total > content.MaxTotalPixels {
			l.errs = append(l.errs, l.refs[file][0].Errorf("image %q: the photos shown so far add up to %d megapixels, over the build's budget of %d: export them smaller (2400 px wide is plenty), or show fewer",
				"/"+file, total/1_000_000, content.MaxTotalPixels/1_000_000))
			return
		}
	}
}
