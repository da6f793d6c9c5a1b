package wire

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"github.com/vozia/site/generator/content"
)

// PageBody.Marshal splices the head into the body's JSON instead of
// marshalling the sections twice. It assumes that json.Marshal of a
// PageBody starts with {"path":<path>, and that PageData holds PageBody's
// fields with Head second. For bodies of every shape (paths JSON escapes,
// no sections, empty ones, collections or none), the spliced page is the
// bytes json.Marshal gives for the PageData; and the two types keep the
// field order the splice relies on, so that a field added to either is
// caught here rather than in a page.
func TestPageBodyMarshalSplice(t *testing.T) {
	heads := []Head{
		{},
		{Title: `Title "quoted" <b> & \ back`, Description: "line\nbreak \u2028 é", URL: "https://example.com/x?a=1&b=2", Canonical: "https://example.com/x",
			Robots: "index, follow", JSONLD: []string{`{"@type":"Thing","name":"<x>"}`, `{}`}},
	}
	sections := [][]content.Section{
		nil,
		{},
		{{Kind: "text", Value: map[string]any{"html": `<p class="a">"quoted" &amp; </p>` + "\u2028", "n": 3}}},
		{{Kind: "a", Value: struct {
			Title string `json:"title"`
		}{"One"}}, {Kind: "b", Value: map[string][]int{"list": {1, 2}}}},
	}
	collections := []content.Collections{{}, {FAQ: []content.FAQItem{{Question: "Why \"?\"", Answer: "<b>Because</b>"}}}}
	paths := []string{"/", "/insights/a", `/with "quote"`, `/back\slash`, "/<tag>&amp", "/é/\u2028/\u0001", ""}
	n := 0
	for _, path := range paths {
		for _, secs := range sections {
			for _, cols := range collections {
				for _, h := range heads {
					n++
					b := PageBody{Path: path, Sections: secs, Collections: cols}
					body, page, err := b.Marshal(h)
					if err != nil {
						t.Fatal(err)
					}
					wantBody, err := json.Marshal(b)
					if err != nil {
						t.Fatal(err)
					}
					wantPage, err := json.Marshal(PageData{Path: path, Head: h, Sections: secs, Collections: cols})
					if err != nil {
						t.Fatal(err)
					}
					if !bytes.Equal(body, wantBody) {
						t.Fatalf("path %q: body\n%s\nwant\n%s", path, body, wantBody)
					}
					if !bytes.Equal(page, wantPage) {
						t.Fatalf("path %q: spliced page\n%s\nwant json.Marshal's\n%s", path, page, wantPage)
					}
				}
			}
		}
	}
	if n < 100 {
		t.Fatalf("%d bodies tried", n)
	}

	// The order the splice relies on: PageBody's fields, path first, are
	// PageData's without its head, which comes right after the path.
	body, data := reflect.TypeFor[PageBody](), reflect.TypeFor[PageData]()
	var want []string
	for i := range body.NumField() {
		want = append(want, body.Field(i).Name+" "+string(body.Field(i).Tag))
	}
	want = append(want[:1], append([]string{"Head " + `json:"head"`}, want[1:]...)...)
	var got []string
	for i := range data.NumField() {
		got = append(got, data.Field(i).Name+" "+string(data.Field(i).Tag))
	}
	if body.Field(0).Tag.Get("json") != "path" || fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("PageData's fields are %q; PageBody.Marshal's splice needs %q", got, want)
	}
}
