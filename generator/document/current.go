package document

import (
	"bytes"
	"html"
	"strings"
)

// currentMark opens the aria-current the server bundle gives every link
// of the layout to a site path, followed by the path and a NUL
// (CURRENT_MARK of frontend/src/lib/current.ts). The layout is rendered
// once for many pages, so it cannot know which of its links is the
// page's own; the document can.
const currentMark = ` aria-current="` + "\x00current:"

// writeCurrent writes body with each marked link's aria-current made
// "page" where its path is the page's, "true" where the page is under it
// (an article under its insights), and dropped elsewhere: what the
// browser's app renders on that page (currentOf, in current.ts), so that
// hydration finds the same attributes, and a visitor without JavaScript
// is told the current page too. It is not a read of the render's output
// for data: it fills a slot the render left for the one fact the layout
// must not depend on, as the page's own slot is
// (generator/prerender/splice.go).
func writeCurrent(b *bytes.Buffer, body, path string) {
	for {
		i := strings.Index(body, currentMark)
		if i < 0 {
			b.WriteString(body)
			return
		}
		rest := body[i+len(currentMark):]
		end := strings.Index(rest, "\x00\"")
		if end < 0 { // not ours: a marker the bundle always closes
			b.WriteString(body)
			return
		}
		b.WriteString(body[:i])
		switch href := html.UnescapeString(rest[:end]); {
		case href == path:
			b.WriteString(` aria-current="page"`)
		case href != "/" && strings.HasPrefix(path, href+"/"):
			b.WriteString(` aria-current="true"`)
		}
		body = rest[end+2:]
	}
}
