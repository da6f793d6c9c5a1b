package document

import (
	"bytes"
	"os"
	"regexp"
	"testing"
	"time"

	"github.com/vozia/site/generator/load"
)

// The ranges the link check skips are exactly the contents of the
// document's style and JSON data elements: all of each, nothing else.
func TestDocumentOpaqueRanges(t *testing.T) {
	site, err := load.SiteWith(os.DirFS("../../testdata/site"), load.Options{Now: time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)})
	if err != nil {
		t.Fatal(err)
	}
	p := Params{
		Site: site, Route: site.Routes[0], Body: `<main><a href="/">home</a></main>`,
		SiteJSON: []byte(`{"a":"\u003c/script\u003e"}`), PageJSON: []byte(`{"page":1}`),
		Script: "/assets/app.js", Style: []byte(`a{color:red}`),
	}
	doc, opaque := Page(p)
	want := [][]byte{p.Style, p.SiteJSON, p.PageJSON}
	if len(opaque) != len(want) {
		t.Fatalf("%d opaque ranges, want %d", len(opaque), len(want))
	}
	startTag := regexp.MustCompile(`(<style>|<script type="application/json" id="[a-z-]+">)$`)
	for i, o := range opaque {
		if !bytes.Equal(doc[o.Start:o.End], want[i]) {
			t.Errorf("range %d is %q, want %q", i, doc[o.Start:o.End], want[i])
		}
		if !startTag.Match(doc[:o.Start]) || !(bytes.HasPrefix(doc[o.End:], []byte("</style>")) || bytes.HasPrefix(doc[o.End:], []byte("</script>"))) {
			t.Errorf("range %d is not the whole content of a style or JSON script element: %q", i, doc[max(0, o.Start-60):min(len(doc), o.End+10)])
		}
	}
}
