package content

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
)

// realContent is the repository's content tree, copied into a MapFS so
// that each case can change one file.
func realContent(t *testing.T) fstest.MapFS {
	t.Helper()
	fsys := fstest.MapFS{}
	root := "../../content"
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		fsys[filepath.ToSlash(rel)] = &fstest.MapFile{Data: data}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return fsys
}

func TestLoadRealContent(t *testing.T) {
	s, err := Load(realContent(t))
	if err != nil {
		t.Fatalf("the shipped content does not load:\n%v", err)
	}
	if got := len(s.Routes); got != 17 {
		t.Errorf("routes: got %d, want the 17 of the brief", got)
	}
	for _, p := range []string{"/", "/solutions/voice-ai", "/services", "/privacy-policy", "/404"} {
		if s.Pages[p] == nil {
			t.Errorf("no page for %s", p)
		}
	}
	if s.Pages["/blog"] != nil {
		t.Errorf("the /blog redirect has a page")
	}
}

// edit returns a copy of fsys with file changed by f.
func edit(fsys fstest.MapFS, file string, f func(string) string) fstest.MapFS {
	out := fstest.MapFS{}
	for k, v := range fsys {
		out[k] = v
	}
	out[file] = &fstest.MapFile{Data: []byte(f(string(fsys[file].Data)))}
	return out
}

func replace(old, new string) func(string) string {
	return func(s string) string {
		if !strings.Contains(s, old) {
			panic("fixture does not contain " + old)
		}
		return strings.Replace(s, old, new, 1)
	}
}

// lineOf is the 1-based line of the first occurrence of needle in file.
func lineOf(fsys fstest.MapFS, file, needle string) int {
	before, _, _ := strings.Cut(string(fsys[file].Data), needle)
	return strings.Count(before, "\n") + 1
}

func TestLoadErrors(t *testing.T) {
	base := realContent(t)
	tests := []struct {
		name string
		file string
		edit func(string) string
		// want are substrings of the error; at names "file:line" (or
		// "file:line:col") that must appear.
		want []string
		at   func(fsys fstest.MapFS) string
	}{
		{
			name: "typo in a field name",
			file: "site.yaml",
			edit: replace("demoEmail:", "demoEmial:"),
			want: []string{`unknown field "demoEmial" in SiteConfig (did you mean "demoEmail"?)`, `missing required field "demoEmail"`},
			at:   func(f fstest.MapFS) string { return "site.yaml:" + itoa(lineOf(f, "site.yaml", "demoEmial")) + ":1" },
		},
		{
			name: "typo in a route",
			file: "routes.yaml",
			edit: replace("- path: /platform\n", "- path: /platform\n  titel: Platform\n"),
			want: []string{`unknown field "titel" in Route (did you mean "title"?)`},
			at:   func(f fstest.MapFS) string { return "routes.yaml:" + itoa(lineOf(f, "routes.yaml", "titel")) + ":3" },
		},
		{
			name: "missing required field",
			file: "collections/faq.yaml",
			edit: func(string) string { return "- question: Is it real?\n" },
			want: []string{`missing required field "answer" in FAQItem`},
			at:   func(fstest.MapFS) string { return "collections/faq.yaml:1:3" },
		},
		{
			name: "wrong type",
			file: "site.yaml",
			edit: replace("brand: Vozia", "brand: [Vozia]"),
			want: []string{`field "brand": expected a string, got a list`},
			at:   func(f fstest.MapFS) string { return "site.yaml:" + itoa(lineOf(f, "site.yaml", "brand:")) + ":8" },
		},
		{
			name: "number where a string belongs",
			file: "site.yaml",
			edit: replace("brand: Vozia", "brand: 42"),
			want: []string{`field "brand": expected a string, got int "42" (quote it)`},
		},
		{
			name: "bad YAML syntax",
			file: "routes.yaml",
			edit: replace("- path: /platform\n", "- path: /platform\n   bad: [\n"),
			want: []string{"invalid YAML"},
			at: func(f fstest.MapFS) string {
				return "routes.yaml:" + itoa(lineOf(f, "routes.yaml", "   bad: [")) + ":"
			},
		},
		{
			name: "empty file",
			file: "layout.yaml",
			edit: func(string) string { return "" },
			want: []string{"invalid YAML: empty document"},
			at:   func(fstest.MapFS) string { return "layout.yaml:1:1" },
		},
		{
			name: "duplicate route path",
			file: "routes.yaml",
			edit: replace("- path: /resources\n", "- path: /platform\n"),
			want: []string{`duplicate route path "/platform" (first defined at line`},
		},
		{
			name: "duplicate key",
			file: "site.yaml",
			edit: replace("brand: Vozia\n", "brand: Vozia\nbrand: Vozia\n"),
			want: []string{`duplicate key "brand"`},
		},
		{
			name: "invalid URL",
			file: "site.yaml",
			edit: replace("baseURL: https://www.vozia.example", "baseURL: www.vozia.example"),
			want: []string{`field "baseURL": invalid URL "www.vozia.example": want an absolute http(s) URL`},
		},
		{
			name: "invalid e-mail",
			file: "site.yaml",
			edit: replace("demoEmail: demo@vozia.example", "demoEmail: demo at vozia"),
			want: []string{`invalid e-mail address "demo at vozia"`},
		},
		{
			name: "trailing slash in a route",
			file: "routes.yaml",
			edit: replace("- path: /platform\n", "- path: /platform/\n"),
			want: []string{`path "/platform/" must not end with a slash`},
		},
		{
			name: "link with a trailing slash",
			file: "layout.yaml",
			edit: replace("href: /case-studies}", "href: /case-studies/}"),
			want: []string{`link "/case-studies/": no trailing slash`},
		},
		{
			name: "unknown page",
			file: "routes.yaml",
			edit: replace("- path: /platform\n  page: platform\n", "- path: /platform\n  page: platfrom\n"),
			want: []string{`unknown page "platfrom"`},
		},
		{
			name: "breadcrumb to nowhere",
			file: "routes.yaml",
			edit: replace("- path: /platform\n", "- path: /platform\n  breadcrumbs: [{name: Platform, url: /platfrom}]\n"),
			want: []string{`points to "/platfrom", which has no route`},
		},
		{
			name: "redirect to nowhere",
			file: "routes.yaml",
			edit: replace("redirect: /resources", "redirect: /resource"),
			want: []string{`redirects to "/resource", which is not a page route`},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fsys := edit(base, tc.file, tc.edit)
			_, err := Load(fsys)
			if err == nil {
				t.Fatal("Load accepted broken content")
			}
			var list ErrorList
			if !errors.As(err, &list) {
				t.Fatalf("error is %T, want ErrorList: %v", err, err)
			}
			msg := err.Error()
			for _, w := range tc.want {
				if !strings.Contains(msg, w) {
					t.Errorf("error lacks %q:\n%s", w, msg)
				}
			}
			if tc.at != nil && !strings.Contains(msg, tc.at(fsys)) {
				t.Errorf("error not reported at %s:\n%s", tc.at(fsys), msg)
			}
			for _, e := range list {
				if e.File == "" || e.Line < 1 || e.Col < 1 {
					t.Errorf("error without a position: %q", e.Error())
				}
			}
		})
	}
}

// TestLoadReportsAllErrorsSorted checks that problems in several files are
// all reported, in file and line order.
func TestLoadReportsAllErrorsSorted(t *testing.T) {
	fsys := edit(realContent(t), "site.yaml", replace("brand: Vozia", "brand: [Vozia]"))
	fsys = edit(fsys, "site.yaml", replace("language: en-US", "langauge: en-US"))
	fsys = edit(fsys, "layout.yaml", replace("demoLabel:", "demoLabel2:"))
	_, err := Load(fsys)
	var list ErrorList
	if !errors.As(err, &list) {
		t.Fatalf("want an ErrorList, got %v", err)
	}
	if len(list) < 4 {
		t.Fatalf("want at least 4 errors (each typo and its missing field), got:\n%v", err)
	}
	for i := 1; i < len(list); i++ {
		a, b := list[i-1], list[i]
		if a.File > b.File || (a.File == b.File && a.Line > b.Line) {
			t.Errorf("errors not sorted: %q before %q", a.Error(), b.Error())
		}
	}
	if !strings.HasPrefix(list[0].File, "layout.yaml") {
		t.Errorf("first error should be in layout.yaml, got %q", list[0].Error())
	}
}

func TestPrefix(t *testing.T) {
	l := ErrorList{{File: "site.yaml", Line: 3, Col: 1, Msg: "x"}}
	if got := l.Prefix("content").Error(); got != "content/site.yaml:3:1: x" {
		t.Errorf("got %q", got)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
