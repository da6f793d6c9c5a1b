package generator

import (
	"bytes"
	"regexp"
	"testing"
	"testing/fstest"
	"time"

	"github.com/vozia/site/generator/bundle"
	"github.com/vozia/site/generator/prerender"
)

// The server bundle takes two shortcuts the browser does not (its aliases,
// generator/bundle): it renders a link to a site path as the <a>
// react-router's <Link> renders, without running <Link> ("#link"), and it
// renders the content of a Memo element once and repeats its markup
// ("#memo"). On every route of the shipped site and of the test site, the
// pages are byte-identical to the pages rendered without them, as the
// browser would render them.
func TestServerShortcutsChangeNoByte(t *testing.T) {
	b, err := bundle.Build("../frontend")
	if err != nil {
		t.Fatal(err)
	}
	asBrowser, err := bundle.ServerAsBrowser("../frontend")
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(asBrowser, b.Server) {
		t.Fatal(`the server bundle's aliases changed nothing: the prerender runs <Link> and renders every Memo`)
	}
	for _, tc := range []struct {
		name string
		// content is nil for the shipped site, built once for the
		// package's tests (builtOrShipped).
		content fstest.MapFS
		now     time.Time
		// memo: the site repeats an article card (the test site's index,
		// topics and related lists do; the shipped site may not).
		memo bool
	}{
		{"shipped", nil, shippedNow, false},
		{"test site", fixtureFS(t), fixedNow, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := builtOrShipped(t, tc.content, tc.now)
			// A fresh runtime for each site, one each: a memo is kept per
			// runtime, and with more, which pages share one depends on the
			// scheduler (on a busy machine, no card was ever repeated in
			// the runtime that had rendered it).
			server, err := prerender.New(b.Server, 1)
			if err != nil {
				t.Fatal(err)
			}
			browser, err := prerender.New(asBrowser, 1)
			if err != nil {
				t.Fatal(err)
			}
			got, err := server.RenderAllGrouped(res.Jobs, 0)
			if err != nil {
				t.Fatal(err)
			}
			want, err := browser.RenderAllGrouped(res.Jobs, 0)
			if err != nil {
				t.Fatal(err)
			}
			links := 0
			for i, j := range res.Jobs {
				if got[i].HTML != want[i].HTML {
					t.Errorf("%s: differs from the render without the shortcuts\nserver  %.400q\nbrowser %.400q", j.URL, diffFrom(got[i].HTML, want[i].HTML), diffFrom(want[i].HTML, got[i].HTML))
				}
				links += len(siteLink.FindAllString(want[i].HTML, -1))
			}
			// The comparison is only worth something if <Link> is used.
			if links < len(res.Jobs) {
				t.Errorf("%d site links in %d pages: the pages hardly use <Link>", links, len(res.Jobs))
			}
			hits, err := server.MemoHits()
			if err != nil {
				t.Fatal(err)
			}
			if none, _ := browser.MemoHits(); none != 0 {
				t.Errorf("the bundle without aliases took %d elements from a memo", none)
			}
			t.Logf("%d elements repeated from a memo", hits)
			if tc.memo && hits == 0 {
				t.Error("no element was repeated from a memo: the comparison tested only the render in place")
			}
		})
	}
}

var siteLink = regexp.MustCompile(`<a [^>]*href="/[^"]*" data-discover="true"`)

// diffFrom is a from its first difference with b, with some context.
func diffFrom(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return a[max(0, i-80):]
}
