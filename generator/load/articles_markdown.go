package load

import (
	"bytes"
	"fmt"
	"net/url"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"
	extast "github.com/yuin/goldmark/extension/ast"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/field"
	"github.com/vozia/site/generator/decode"
	"github.com/vozia/site/generator/markdown"
)

// renderArticle renders an article's body, whose first line is pos, and
// records its links where they are written. It returns the rendered
// text, with its images apart (ArticleSection.JoinImages), the table of
// contents (the ## headings), the number of words and the images. In an
// article folder (articles/<slug>/index.md) a relative image is a file
// beside it, published under the article's path (dir). labels name each
// footnote's link from the text and back to it, for screen readers.
func (l *loader) renderArticle(pos field.Pos, body []byte, dir string, labels content.ArticleLabels) (content.Text, []content.TOCEntry, int, []content.Image) {
	src := body
	at := offsetPos(pos, src)
	if p := markdown.Budget(src); p != nil {
		l.errs = append(l.errs, at(p.Offset).Errorf("%s", p.Message))
		return nil, nil, 0, nil
	}
	doc := markdown.Article.Parse(src)
	for _, p := range markdown.Article.Check(doc, src) {
		l.errs = append(l.errs, at(p.Offset).Errorf("%s", p.Message))
	}
	l.codeInHeadings(at, doc, src, nil)
	for _, link := range markdown.Links(doc, src) {
		if !link.Image { // an image is shown, checked as one (markdownImages)
			l.links = append(l.links, content.LinkSource{Href: link.Href, Pos: at(link.Offset)})
		}
	}
	var toc []content.TOCEntry
	var headings []*ast.Heading
	words := 0
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Image:
			dest := string(n.Destination)
			if u, err := url.Parse(dest); err == nil && u.Scheme == "" && !strings.HasPrefix(dest, "/") && dir != "" {
				n.Destination = []byte(dir + "/" + dest)
			}
		case *ast.Text:
			words += len(bytes.Fields(n.Segment.Value(src)))
		case *ast.Heading:
			headings = append(headings, n)
		case *extast.FootnoteLink:
			n.SetAttributeString("aria-label", content.Fill(labels.Footnote, "{n}", strconv.Itoa(n.Index)))
		case *extast.FootnoteBacklink:
			n.SetAttributeString("aria-label", labels.Backlink)
		}
		return ast.WalkContinue, nil
	})
	// Each ## and ### heading links to itself; the ## make the contents.
	for _, h := range markdown.AnchorHeadings(headings, src, content.MinTOCEntries) {
		toc = append(toc, content.TOCEntry{ID: h.ID, Text: h.Text})
	}
	// Photos are processed like every content image (generator/imagefiles):
	// one beside the article is read from its folder.
	imgs := l.markdownImages(pos, src, doc, func(dest string) string {
		if rest, ok := strings.CutPrefix(dest, dir+"/"); ok && dir != "" {
			return "/" + path.Join(path.Dir(pos.File), rest)
		}
		return ""
	})
	markdown.NameCode(doc, src, l.codeLabel)
	pieces, err := markdown.Article.Render(src, doc)
	if err != nil {
		l.errs = append(l.errs, pos.Errorf("markdown: %v", err))
	}
	return textOf(pieces), toc, words, imgs
}

// textPlace is where a Markdown text, a page's or an article's, shows
// its images (content.ImageSizes): across its column.
const textPlace = "text"

// textOf is a text rendered in pieces (markdown.Dialect.Render), each of
// its images shown at textPlace.
func textOf(pieces []markdown.Piece) content.Text {
	t := make(content.Text, 0, len(pieces))
	images := 0
	for _, p := range pieces {
		switch p.Kind {
		case markdown.ImagePlace:
			t = append(t, content.Segment{Place: textPlace, Image: images})
			images++
		case markdown.SitePath:
			t = append(t, content.Segment{Address: content.Address{Kind: content.SitePath, Value: p.Text}})
		case markdown.Fragment:
			t = append(t, content.Segment{Address: content.Address{Kind: content.Fragment, Value: p.Text}})
		default:
			t = append(t, content.Segment{HTML: p.Text})
		}
	}
	return t
}

// offsetPos maps a byte offset of src, a text that starts at pos, to its
// place in the file; an unknown offset (-1) is pos.
func offsetPos(pos field.Pos, src []byte) func(int) field.Pos {
	return func(offset int) field.Pos {
		if offset < 0 {
			return pos
		}
		before := src[:min(offset, len(src))]
		// Each line of a YAML block scalar starts at pos.Col.
		col := len(before) - bytes.LastIndexByte(before, '\n') - 1
		return field.Pos{File: pos.File, Line: pos.Line + bytes.Count(before, []byte("\n")), Col: pos.Col + col}
	}
}

// shownToken is the token a problem of decode.TextProblems starts at.
var shownToken = regexp.MustCompile(`^(\{\{|\}\}|\{[^{}\s]*\}|\w+)`)

// placeholderWords are what a writer leaves for later.
var placeholderWords = regexp.MustCompile(`\b(TODO|TBD|FIXME|XXX)\b|(?i:lorem ipsum)`)

// bodyPlaceholders reports the text a published article still holds from
// before it was written: make article's lines, Lorem ipsum, TODO, TBD,
// each at its line and column, and what its page would show as written
// (markdownText). A draft may hold them. In code they are code.
func (l *loader) bodyPlaceholders(pos field.Pos, body []byte) {
	prose, at := markdown.Article.Prose(body)
	where := offsetPos(pos, body)
	offset := 0
	for _, line := range strings.SplitAfter(prose, "\n") {
		trimmed := strings.TrimSpace(line)
		if slices.Contains(content.PlaceholderBody, trimmed) {
			l.errs = append(l.errs, where(at(offset+strings.Index(line, trimmed))).Errorf("%q is a placeholder that make article and the guide's example write: write the article's own words, or put back draft: true", trimmed))
		} else if m := placeholderWords.FindStringIndex(line); m != nil {
			l.errs = append(l.errs, where(at(offset+m[0])).Errorf("%q is a placeholder, not text for readers: write what it stands for, or put back draft: true", line[m[0]:m[1]]))
		}
		offset += len(line)
	}
	l.footnotes(where, prose, at)
	l.textProblems(where, prose, at, nil)
}

// footnoteMark is a footnote's reference ([^label]) or, at a line's
// start, the start of its note ([^label]:).
var footnoteMark = regexp.MustCompile(`\[\^([^\]\s]+)\](:?)`)

// footnotes reports a footnote cited without a note, which the page
// would show as written ("[^aiact]"), and a note never cited, which the
// page would leave out: the two halves of one misspelt label.
func (l *loader) footnotes(where func(int) field.Pos, prose string, at func(int) int) {
	notes := map[string]int{} // label → offset of its note
	var labels []string       // of the notes, in order
	type cite struct {
		label  string
		offset int
	}
	var cites []cite
	cited := map[string]bool{}
	for _, m := range footnoteMark.FindAllStringSubmatchIndex(prose, -1) {
		label := prose[m[2]:m[3]]
		lineStart := strings.LastIndexByte(prose[:m[0]], '\n') + 1
		if m[5] > m[4] && strings.TrimSpace(prose[lineStart:m[0]]) == "" {
			if _, dup := notes[label]; !dup {
				notes[label] = m[0]
				labels = append(labels, label)
			}
			continue
		}
		cites = append(cites, cite{label, m[0]})
		cited[label] = true
	}
	for _, c := range cites {
		if _, ok := notes[c.label]; !ok {
			hint := fmt.Sprintf("write its note on a line of its own below the text, starting [^%s]:", c.label)
			if len(labels) > 0 {
				hint += ", or cite a note that is there: [^" + strings.Join(labels, "], [^") + "]"
			}
			l.errs = append(l.errs, where(at(c.offset)).Errorf("footnote [^%s] has no note, and the page would show it as written: %s", c.label, hint))
		}
	}
	for _, label := range labels {
		if !cited[label] {
			l.errs = append(l.errs, where(at(notes[label])).Errorf("the note [^%s] is cited nowhere, and the page would leave it out: cite it in the text with [^%s], or remove it", label, label))
		}
	}
}

// markdownText reports, at its line and column, what a Markdown text
// (a .md page's) would show as written and the build would refuse on the
// page: template braces, a placeholder other than fills, a missing
// value's word (decode.TextProblems). In code it is code, shown as
// written.
func (l *loader) markdownText(pos field.Pos, body []byte, fills []string) {
	prose, at := markdown.Text.Prose(body)
	l.textProblems(offsetPos(pos, body), prose, at, fills)
}

// textProblems reports the problems of prose (markdown.Dialect.Prose), each
// where at and where say it is written.
func (l *loader) textProblems(where func(int) field.Pos, prose string, at func(int) int, fills []string) {
	for _, p := range decode.TextProblems(prose, fills) {
		l.errs = append(l.errs, where(at(p.Offset)).Errorf("%s%s", p.Msg, markdown.CodeHint))
	}
}

// codeInHeadings reports a heading whose code holds what a page may show
// only as code ("{{", undefined...; fills are filled): a heading's words,
// its code's too, also make its address (#why-undefined-appears) and, in
// an article, its line in the contents, which show them as plain text.
func (l *loader) codeInHeadings(at func(int) field.Pos, doc ast.Node, src []byte, fills []string) {
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		h, ok := n.(*ast.Heading)
		if !entering || !ok {
			return ast.WalkContinue, nil
		}
		code := false
		_ = ast.Walk(h, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
			code = code || c.Kind() == ast.KindCodeSpan
			return ast.WalkContinue, nil
		})
		if !code { // its words outside code are checked where they are written
			return ast.WalkSkipChildren, nil
		}
		text := markdown.PlainText(h, src)
		id, _ := h.AttributeString("id")
		idText, _ := id.([]byte)
		shown := text + "\n" + string(idText)
		if p := decode.TextProblems(shown, fills); len(p) > 0 {
			l.errs = append(l.errs, at(markdown.Offset(h)).Errorf("heading %q shows %q in code, but a heading's words, its code's too, also make its address (#%s) and, in an article, its line in the contents, as plain text: keep such code for the text below the heading",
				text, shownToken.FindString(shown[p[0].Offset:]), idText))
		}
		return ast.WalkSkipChildren, nil
	})
}
