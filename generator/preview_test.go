package generator

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/vozia/site/generator/cdn"
	"github.com/vozia/site/generator/preview"
)

// TestBuildPreview: the build of a pull request's preview is the site
// production would publish, plus a banner on every page naming and linking
// the pull request, robots.txt and X-Robots-Tag saying noindex, no
// analytics even when site.yaml (or -analytics-id) names one, and the
// preview's routing table under its own keys.
func TestBuildPreview(t *testing.T) {
	fsys := fixture(t)
	// The preview turns analytics off, whatever the content says.
	site := strings.Replace(string(fsys["site.yaml"].Data), `measurementID: ""`, "measurementID: G-FIXTURE1", 1)
	if !strings.Contains(site, "G-FIXTURE1") {
		t.Fatal(`could not set a measurement ID in the fixture's site.yaml (no measurementID: "")`)
	}
	fsys["site.yaml"].Data = []byte(site)
	pv := &preview.Preview{PR: 42, URL: "https://github.com/vozia/site/pull/42"}
	res, err := Build(context.Background(), Options{Content: fsys, FrontendDir: "../frontend", Now: fixedNow,
		BaseURL: "https://pr-42.preview.vozia.example", Preview: pv})
	if err != nil {
		t.Fatal(err)
	}
	f := files(res)
	pages := 0
	for _, file := range res.Site {
		if !strings.HasSuffix(file.Path, ".html") || strings.Contains(string(file.Data), `http-equiv="refresh"`) {
			continue
		}
		pages++
		doc := string(file.Data)
		banner := strings.Index(doc, `<p class="preview-banner" role="note"`)
		root := strings.Index(doc, `<div id="root">`)
		if banner < 0 || root < banner {
			t.Errorf("%s: no banner before the app's root", file.Path)
			continue
		}
		text := stripTags(doc[banner:root])
		if !strings.Contains(text, "Preview of pull request #42, not the live site.") {
			t.Errorf("%s: banner says %q", file.Path, text)
		}
		if !strings.Contains(doc[banner:root], `href="https://github.com/vozia/site/pull/42"`) {
			t.Errorf("%s: the banner does not link to the pull request", file.Path)
		}
		if strings.Contains(doc, "G-FIXTURE1") || strings.Contains(doc, "googletagmanager") {
			t.Errorf("%s: analytics in a preview", file.Path)
		}
	}
	if pages < 5 {
		t.Fatalf("%d pages checked", pages)
	}
	if robots := string(f["robots.txt"]); !strings.Contains(robots, "User-agent: *\nDisallow: /\n") || strings.Contains(robots, "Allow: /\n\n") {
		t.Errorf("robots.txt allows crawling:\n%s", robots)
	}
	all := res.Manifest.Headers[0]
	if all.For != "/*" || all.Values["X-Robots-Tag"] != "noindex" {
		t.Errorf("the manifest's headers for every answer: %v, want X-Robots-Tag: noindex", all)
	}
	if csp := all.Values["Content-Security-Policy"]; strings.Contains(csp, "google") {
		t.Errorf("CSP allows analytics: %s", csp)
	}
	var keys struct{ Data []struct{ Key, Value string } }
	for _, c := range res.CDN {
		if c.Path == cdn.PreviewKeysFile {
			if err := json.Unmarshal(c.Data, &keys); err != nil {
				t.Fatal(err)
			}
		}
	}
	if len(keys.Data) < 2 || keys.Data[len(keys.Data)-1].Key != "pr-42" {
		t.Fatalf("%s: %+v, want pieces and the head pr-42", cdn.PreviewKeysFile, keys.Data)
	}
	for _, k := range keys.Data {
		if k.Key != "pr-42" && !strings.HasPrefix(k.Key, "pr-42.") {
			t.Errorf("key %q is not the preview's", k.Key)
		}
	}

	t.Run("refuses what is not a pull request", func(t *testing.T) {
		for _, bad := range []preview.Preview{{PR: 0, URL: pv.URL}, {PR: 42, URL: "http://github.com/x"}, {PR: 42, URL: "javascript:alert(1)"}, {PR: 42}} {
			if _, err := Build(context.Background(), Options{Content: fixture(t), FrontendDir: "../frontend", Now: fixedNow, Preview: &bad}); err == nil {
				t.Errorf("%+v was accepted", bad)
			}
		}
	})
}

// stripTags is the text of an HTML fragment.
func stripTags(s string) string {
	var b strings.Builder
	in := false
	for _, r := range s {
		switch {
		case r == '<':
			in = true
		case r == '>':
			in = false
		case !in:
			b.WriteRune(r)
		}
	}
	return b.String()
}
