package generator

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/vozia/site/generator/cdn"
	"github.com/vozia/site/generator/prpreview"
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
	pv := &prpreview.Preview{PR: 42, URL: "https://github.com/vozia/site/pull/42"}
	res, err := Build(context.Background(), Options{Content: fsys, FrontendDir: "../frontend", Now: fixedNow,
		BaseURL: "https://pr-42.vozia-preview.example", Preview: pv})
	if err != nil {
		t.Fatal(err)
	}
	f := files(res)
	pages := 0
	for _, file := range res.Site {
		// The web editor (admin/) is no page of the site.
		if !strings.HasSuffix(file.Path, ".html") || strings.HasPrefix(file.Path, "admin/") || strings.Contains(string(file.Data), `http-equiv="refresh"`) {
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
		// A crawler that reads the page, not the header, is told the same.
		if robots := regexp.MustCompile(`<meta name="robots" content="([^"]*)"`).FindStringSubmatch(doc); robots == nil || !strings.Contains(robots[1], "noindex") {
			t.Errorf("%s: meta robots %q in a preview, want noindex", file.Path, robots)
		}
	}
	// A visitor who sends the contact form is told that nothing was sent.
	var siteData struct {
		Layout struct {
			ContactForm struct {
				Success struct{ Title, Text string }
				Sent    struct{ Title string }
			} `json:"contactForm"`
		} `json:"layout"`
	}
	home := string(f["index.html"])
	start := strings.Index(home, `<script type="application/json" id="site-data">`)
	if start < 0 {
		t.Fatal("index.html: no site data")
	}
	home = home[start+len(`<script type="application/json" id="site-data">`):]
	if err := json.Unmarshal([]byte(home[:strings.Index(home, "</script>")]), &siteData); err != nil {
		t.Fatal(err)
	}
	if form := siteData.Layout.ContactForm; !strings.HasPrefix(form.Success.Title, "Not sent") || !strings.HasPrefix(form.Sent.Title, "Not sent") || !strings.Contains(form.Success.Text, "#42") {
		t.Errorf("the contact form, once sent in a preview, says %q / %q / %q", form.Success.Title, form.Success.Text, form.Sent.Title)
	}
	// The head the app applies after a client-side navigation says it too.
	data := 0
	for _, file := range res.Site {
		if !strings.HasPrefix(file.Path, "data/") || !strings.HasSuffix(file.Path, ".json") || !bytes.Contains(file.Data, []byte(`"robots":`)) {
			continue
		}
		data++
		if m := regexp.MustCompile(`"robots":"([^"]*)"`).FindAllSubmatch(file.Data, -1); len(m) == 0 || !bytes.Contains(m[0][1], []byte("noindex")) {
			t.Errorf("%s: the page data's robots is not noindex", file.Path)
		}
	}
	if data == 0 {
		t.Error("no page data with a head")
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

	t.Run("served at its address", func(t *testing.T) { servedAtItsAddress(t, res) })

	// The fixture's site is https://www.vozia.example: a preview on its
	// registrable domain could set the live site's cookies.
	t.Run("refuses an address on the live site's domain", func(t *testing.T) {
		for _, base := range []string{"https://pr-42.preview.vozia.example", "https://pr-42.vozia.example", "https://www.vozia.example", "https://PR-42.Preview.Vozia.Example.", ""} {
			_, err := Build(context.Background(), Options{Content: fixture(t), FrontendDir: "../frontend", Now: fixedNow, BaseURL: base, Preview: pv})
			if err == nil || !strings.Contains(err.Error(), "-base-url") {
				t.Errorf("-base-url %q: %v, want it refused", base, err)
			}
		}
	})

	t.Run("refuses what is not a pull request", func(t *testing.T) {
		for _, bad := range []prpreview.Preview{{PR: 0, URL: pv.URL}, {PR: 42, URL: "http://github.com/x"}, {PR: 42, URL: "javascript:alert(1)"}, {PR: 42}} {
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

// servedAtItsAddress follows the preview build of pull request 42 to its
// address as the preview workflow and stack put it there, with the stand-in
// of CloudFront that generator/cdn's tests use (cdn/testdata/cloudfront.mjs):
// the build's files uploaded below pr-42/ of the bucket, its
// preview-keys.json in the key value store, the previews' functions from
// the same build with the stack's domain filled in. Beside it in the bucket
// are production's files at the root and files of pull request 7, which
// has no table.
func servedAtItsAddress(t *testing.T, res *Result) {
	const domain = "preview.vozia.example"
	bucket := map[string]string{
		"index.html":        "production",
		"pr-7/index.html":   "pull request 7",
		"_preview/404.html": "no such page in a preview",
	}
	for _, f := range res.Site {
		bucket["pr-42/"+f.Path] = string(f.Data)
	}
	cdnFiles := map[string][]byte{}
	for _, f := range res.CDN {
		cdnFiles[f.Path] = f.Data
	}
	var keys struct{ Data []struct{ Key, Value string } }
	if err := json.Unmarshal(cdnFiles[cdn.PreviewKeysFile], &keys); err != nil {
		t.Fatal(err)
	}
	kvs := map[string]string{}
	for _, k := range keys.Data {
		kvs[k.Key] = k.Value
	}
	dir := t.TempDir()
	q, _ := json.Marshal(domain)
	for name, file := range map[string]string{"request.js": cdn.PreviewRequestFile, "response.js": cdn.PreviewResponseFile} {
		code := bytes.Replace(cdnFiles[file], []byte("/*DOMAIN*/''"), q, 1)
		if err := os.WriteFile(filepath.Join(dir, name), code, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	type request struct {
		Host string `json:"host"`
		Path string `json:"path"`
	}
	host := "pr-42." + domain
	requests := []request{{host, "/"}, {host, "/about/"}, {host, "/old"}, {host, "/nope"}, {"pr-7." + domain, "/"}, {host, "/%2e%2e/pr-7/"}}
	input, _ := json.Marshal(map[string]any{"mode": "encoded", "files": bucket, "notFound": "/_preview/404.html", "requests": requests, "kvs": kvs})
	if err := os.WriteFile(filepath.Join(dir, "input.json"), input, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("node", "cdn/testdata/cloudfront.mjs", filepath.Join(dir, "request.js"), filepath.Join(dir, "input.json"), filepath.Join(dir, "response.js")).CombinedOutput()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, out)
	}
	var got []struct {
		Status   int
		Location *string
		Body     string
		Headers  map[string]string
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	home := got[0]
	if home.Status != 200 || !strings.Contains(home.Body, "Preview of <a href=") || home.Body != bucket["pr-42/index.html"] {
		t.Errorf("https://%s/: %d, not the preview's home page", host, home.Status)
	}
	if home.Headers["x-robots-tag"] != "noindex" || home.Headers["content-security-policy"] != res.Manifest.Headers[0].Values["Content-Security-Policy"] {
		t.Errorf("https://%s/: headers %v, want noindex and the build's own CSP", host, home.Headers)
	}
	if got[1].Status != 301 || got[1].Location == nil || *got[1].Location != "/about" {
		t.Errorf("/about/: %d %v, want 301 to /about", got[1].Status, got[1].Location)
	}
	if got[2].Status != 301 || got[2].Location == nil || *got[2].Location != "/about" {
		t.Errorf("/old (the fixture's redirect): %d %v, want 301 to /about", got[2].Status, got[2].Location)
	}
	for i, what := range map[int]string{3: "an unknown page", 4: "pull request 7, which has files but no table", 5: "a way up into pull request 7"} {
		if got[i].Status != 404 || got[i].Body != "no such page in a preview" {
			t.Errorf("%s: %d %q, want the previews' 404", what, got[i].Status, got[i].Body)
		}
	}
}
