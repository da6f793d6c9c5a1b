package prerender

import (
	"slices"
	"testing"
)

func TestLayoutLinksAndMatching(t *testing.T) {
	layout := `<a href="/">Home</a><a href="/services?x=1">S</a><a href="/services#top">S</a><a href="/legal/privacy">P</a><a href="https://example.com/services">E</a><a href="/a&amp;b">A</a>`
	links := layoutLinks(layout)
	if want := []string{"/", "/a&b", "/legal/privacy", "/services"}; !slices.Equal(links, want) {
		t.Fatalf("links %q, want %q", links, want)
	}
	tests := []struct {
		url  string
		want []string
	}{
		{"/", []string{"/"}},
		{"/services", []string{"/", "/services"}},
		{"/services/voice", []string{"/", "/services"}},
		{"/servicesx", []string{"/"}},
		{"/legal", []string{"/"}},
		{"/generated/page-1", []string{"/"}},
	}
	for _, tc := range tests {
		t.Run(tc.url, func(t *testing.T) {
			if got := matching(links, tc.url); !slices.Equal(got, tc.want) {
				t.Errorf("matching %q, want %q", got, tc.want)
			}
		})
	}
}

func TestSplice(t *testing.T) {
	l := &layout{before: "<header></header><main>", after: "</main><footer></footer>", open: "<main>", close: "</main><section></section>"}
	tests := []struct {
		name, page, want string
		ok               bool
	}{
		{"fits", "<main><p>body</p></main><section></section>", "<header></header><main><p>body</p></main><footer></footer>", true},
		{"empty body", "<main></main><section></section>", "<header></header><main></main><footer></footer>", true},
		// A page that hoists a resource ahead of the shell renders whole.
		{"hoisted", `<link rel="preload"><main><p>body</p></main><section></section>`, "", false},
		{"other end", "<main><p>body</p></main><section>toast</section>", "", false},
		{"overlap", "<main></main>", "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := l.splice(tc.page)
			if ok != tc.ok || got != tc.want {
				t.Errorf("splice = %q, %v; want %q, %v", got, ok, tc.want, tc.ok)
			}
		})
	}
}

// An app without parts (the test app ignores the argument) is rendered
// whole, page by page.
func TestRenderAllWithoutPartsRendersWhole(t *testing.T) {
	r := renderer(t, 2)
	var jobs []Job
	for i := range 10 {
		jobs = append(jobs, job("/p"+string(rune('a'+i))))
	}
	out, err := r.RenderAllGrouped(jobs, 2)
	if err != nil {
		t.Fatal(err)
	}
	for i, res := range out {
		if res.Spliced || res.HTML != "<h1>"+jobs[i].URL+"</h1><p>Vozia</p><p>Platform</p><p>"+jobs[i].URL+"</p>" {
			t.Errorf("%s: %+v", jobs[i].URL, res)
		}
	}
}
