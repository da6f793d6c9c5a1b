package prerender

import (
	"fmt"
	"strings"
	"testing"
)

// Pages whose layout render reads nothing of the page are spliced into
// it; a group whose layout reads its URL is rendered whole, each page with
// its own URL in the header.
func TestSpliceOnlyWhatTheLayoutProves(t *testing.T) {
	r := renderer(t, 2)
	var jobs []Job
	for i := range 10 {
		jobs = append(jobs, Job{URL: fmt.Sprintf("/parts/p%d", i), Site: []byte(`{"brand":"Vozia"}`), Page: []byte(fmt.Sprintf(`{"title":"Page %d"}`, i))})
		jobs = append(jobs, Job{URL: fmt.Sprintf("/parts/reads-url/p%d", i), Site: []byte(`{"brand":"Other"}`), Page: []byte(fmt.Sprintf(`{"title":"Page %d"}`, i))})
	}
	out, err := r.RenderAllGrouped(jobs, 8)
	if err != nil {
		t.Fatal(err)
	}
	for i, j := range jobs {
		readsURL := strings.HasPrefix(j.URL, "/parts/reads-url/")
		want := fmt.Sprintf("<header>Vozia</header><main>Page %d</main><footer></footer>", i/2)
		if readsURL {
			want = fmt.Sprintf("<header>Other %s</header><main>Page %d</main><footer></footer>", j.URL, i/2)
		}
		if out[i].HTML != want {
			t.Errorf("%s: %q, want %q", j.URL, out[i].HTML, want)
		}
		if out[i].Spliced == readsURL {
			t.Errorf("%s: spliced %v, want %v", j.URL, out[i].Spliced, !readsURL)
		}
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
