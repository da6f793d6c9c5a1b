package generator

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/load"
)

// The edits an editor makes every week, applied to a copy of content/:
// each must give a site that builds, links and lists its pages. They
// follow content/README.md (the new page is its example) and change
// nothing but content.

// readmeExample returns the copy-paste example of a new landing page in
// content/README.md and the file it is saved as, so that the guide's
// example is the one proven to build.
func readmeExample(t *testing.T) (file, page string) {
	t.Helper()
	readme, err := os.ReadFile("../content/README.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)A new landing page, `([^`]+)`.*?```yaml\n(.*?)```").FindStringSubmatch(string(readme))
	if m == nil {
		t.Fatal("content/README.md has no example of a new landing page")
	}
	return m[1], m[2]
}

// addFooterLink adds a link as the first item of the footer's first
// column, as an editor would in layout.yaml.
func addFooterLink(t *testing.T, layout, label, href string) string {
	t.Helper()
	i := strings.Index(layout, "\n  columns:\n")
	j := strings.Index(layout[i+1:], "links:\n")
	if i < 0 || j < 0 {
		t.Fatal("layout.yaml has no footer columns with links")
	}
	at := i + 1 + j + len("links:\n")
	indent := "        "
	return layout[:at] + fmt.Sprintf("%s- {label: %s, href: %s}\n", indent, label, href) + layout[at:]
}

func buildEdited(t *testing.T, fsys fstest.MapFS) map[string][]byte {
	t.Helper()
	res, err := Build(context.Background(), Options{Content: fsys, FrontendDir: "../frontend", Now: shippedNow})
	if err != nil {
		t.Fatalf("the edited content does not build:\n%v", err)
	}
	return files(res)
}

func TestEditorAddsALandingPage(t *testing.T) {
	base := contentFS(t)
	file, example := readmeExample(t)
	if file != "pages/solutions/voice-banking.yaml" {
		t.Fatalf("the README's example is %s; this test checks pages/solutions/voice-banking.yaml", file)
	}
	fsys := maps(base)
	fsys[file] = &fstest.MapFile{Data: []byte(example)}
	fsys["layout.yaml"] = &fstest.MapFile{Data: []byte(addFooterLink(t, string(base["layout.yaml"].Data), "Voice Banking", "/solutions/voice-banking"))}
	if changed := changedFiles(base, fsys); !slices.Equal(changed, []string{"layout.yaml", file}) {
		t.Fatalf("the edit changed %q, want the page and layout.yaml only", changed)
	}

	f := buildEdited(t, fsys)
	page := string(f["solutions/voice-banking/index.html"])
	for _, want := range []string{
		"<title>Voice AI for Banks | Vozia</title>",
		"<h1>Voice agents your customers trust</h1>",
		"Every call answered", `id="contact-form"`,
		`"@type":"BreadcrumbList"`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the new page lacks %s", want)
		}
	}
	if strings.Contains(page, "{claim:") {
		t.Error("the new page shows a claim citation instead of the claim")
	}
	if !strings.Contains(string(f["sitemap.xml"]), "/solutions/voice-banking</loc>") {
		t.Error("the new page is not in the sitemap")
	}
	if !strings.Contains(string(f["index.html"]), `href="/solutions/voice-banking"`) {
		t.Error("the footer of the home page does not link to the new page")
	}
}

func TestEditorEditsCollectionsAndRemovesAPage(t *testing.T) {
	base := contentFS(t)
	site, err := load.Site(base)
	if err != nil {
		t.Fatal(err)
	}
	fsys := maps(base)
	appendTo := func(file, text string) {
		fsys[file] = &fstest.MapFile{Data: append(slices.Clone(base[file].Data), []byte("\n"+text)...)}
	}

	// A question, a case study (with an image already in content/images)
	// and a review.
	appendTo("collections/faq.yaml", "- question: Can the agents call back at a set time?\n  answer: Yes, callers choose a time and the agent calls them back.\n")
	var img string
	fs.WalkDir(base, "images", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && img == "" && strings.HasSuffix(p, ".svg") {
			img = "/" + p
		}
		return nil
	})
	appendTo("collections/case-studies.yaml", fmt.Sprintf(`- id: insurer-claims
  sector: Insurance
  industry: Insurance
  company: Northwind Insurance
  title: Claims answered in minutes
  challenge: Policyholders waited days for news about their claims.
  solution: A voice agent answers claim questions and books adjuster visits.
  results:
    - Every claim call answered
  image: {src: %s, alt: "Illustration: a claims form beside a phone"}
  icon: shield
  color: "#0EA5E9"
`, img))
	appendTo("collections/reviews.yaml", "- company: A Regional Insurer\n  reviewBody: Our customers get answers at once.\n  ratingValue: 5\n  datePublished: \"2025-03-01\"\n")

	// Remove a page and every link to it: the first page that no rule of
	// routing.yaml names and whose links are all items of a list (a link
	// that is a required field must be pointed elsewhere, a different edit).
	var gone content.Route
	var edited fstest.MapFS
	for _, r := range site.Routes {
		// A record's page (a service's) goes with its record, a different edit.
		if r.Path == "/" || r.NotFound || r.Redirect != "" || r.Prefix || r.Subject != nil || strings.Contains(string(base[content.RoutingFile].Data), r.Path) {
			continue
		}
		if e, ok := removePage(fsys, r); ok {
			gone, edited = r, e
			break
		}
	}
	if edited == nil {
		t.Fatal("no page can be removed by deleting its file and the list items that link to it")
	}
	fsys = edited
	t.Logf("removed %s (%s) and its links", gone.Path, gone.File)

	f := buildEdited(t, fsys)
	if strings.Contains(string(f["sitemap.xml"]), gone.Path+"</loc>") || f[strings.TrimPrefix(gone.Path, "/")+"/index.html"] != nil {
		t.Errorf("the removed page %s is still built", gone.Path)
	}
	all := ""
	for name, data := range f {
		if strings.HasSuffix(name, ".html") {
			all += string(data)
		}
	}
	for _, want := range []string{"Can the agents call back at a set time?", "Northwind Insurance", `"reviewCount":` + fmt.Sprint(len(site.Collections.Reviews)+1)} {
		if !strings.Contains(all, want) {
			t.Errorf("no page shows %s", want)
		}
	}
}

// removePage deletes a page's file, the list items that link to it and
// the Markdown links to it (keeping their text); false when a link to it
// remains.
func removePage(fsys fstest.MapFS, r content.Route) (fstest.MapFS, bool) {
	out := maps(fsys)
	delete(out, r.File)
	p := regexp.QuoteMeta(r.Path)
	linkLine := regexp.MustCompile(`(?m)^\s*- \{[^\n]*href: "?` + p + `[#"},][^\n]*\n`)
	mdLink := regexp.MustCompile(`\[([^\]]*)\]\(` + p + `(#[^)]*)?\)`)
	left := regexp.MustCompile(`href: "?` + p + `[#"},\s]|\]\(` + p + `[#)]`)
	for name, f := range out {
		if !strings.HasPrefix(name, "pages/") && name != "layout.yaml" {
			continue
		}
		data := mdLink.ReplaceAll(linkLine.ReplaceAll(f.Data, nil), []byte("$1"))
		if left.Match(data) {
			return nil, false
		}
		out[name] = &fstest.MapFile{Data: data}
	}
	return out, true
}

func maps(m fstest.MapFS) fstest.MapFS {
	out := fstest.MapFS{}
	for k, v := range m {
		out[k] = v
	}
	return out
}

func changedFiles(a, b fstest.MapFS) []string {
	var out []string
	for k, v := range b {
		if w, ok := a[k]; !ok || string(w.Data) != string(v.Data) {
			out = append(out, k)
		}
	}
	for k := range a {
		if _, ok := b[k]; !ok {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}
