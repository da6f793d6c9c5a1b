package content

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
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
	sections := [][]Section{
		nil,
		{},
		{{Kind: "text", Value: map[string]any{"html": `<p class="a">"quoted" &amp; </p>` + "\u2028", "n": 3}}},
		{{Kind: "a", Value: struct {
			Title string `json:"title"`
		}{"One"}}, {Kind: "b", Value: map[string][]int{"list": {1, 2}}}},
	}
	collections := []Collections{{}, {FAQ: []FAQItem{{Question: "Why \"?\"", Answer: "<b>Because</b>"}}}}
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

// card is an ArticleCard with every field that reaches its JSON set, and
// one element in each list.
func card() ArticleCard {
	return ArticleCard{
		URL: "/insights/a", Title: `A "title" <b>`, Description: "d", Date: "2026-01-12", DateLabel: "12 January 2026",
		ReadingTime: "3 min read", AuthorName: "Ada", Status: "draft", Badge: "Draft",
		Cover: Image{Src: "/images/a.svg", Alt: "alt", Width: 640, Height: 360, Srcset: "/a-480.avif 480w",
			Sources: []ImageSource{{Type: "image/avif", Srcset: "/a-480.avif 480w"}}, Color: "#123456", Priority: true, Focus: "50% 50%"},
		Tags: []TagLink{{Tag: "pulse", Name: "Pulse", URL: "/insights/tags/pulse"}},
	}
}

// ArticleCard.MarshalJSON writes the card's digest between the quotes of
// its last field, Memo, instead of marshalling the card twice.
func TestArticleCardDigest(t *testing.T) {
	c := card()
	got, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	var back ArticleCard
	if err := json.Unmarshal(got, &back); err != nil {
		t.Fatalf("%s: %v", got, err)
	}
	if back.Memo == "" {
		t.Fatalf("%s: no memo", got)
	}
	memo := back.Memo
	back.Memo = ""
	if !reflect.DeepEqual(back, c) {
		t.Errorf("the card read back differs:\n%+v\nwant\n%+v", back, c)
	}
	// The same bytes as json.Marshal of the card with its memo set.
	type plain ArticleCard
	back.Memo = memo
	if want, _ := json.Marshal(plain(back)); !bytes.Equal(got, want) {
		t.Errorf("card JSON\n%s\nwant\n%s", got, want)
	}

	// Memo must stay the last field, written as "memo":"": a field after
	// it would receive the digest between its own quotes (or break the
	// JSON).
	typ := reflect.TypeFor[ArticleCard]()
	last := typ.Field(typ.NumField() - 1)
	if last.Name != "Memo" || last.Type.Kind() != reflect.String || last.Tag.Get("json") != "memo" {
		t.Errorf("ArticleCard's last field is %s %s %q; MarshalJSON writes the digest into Memo, its last, as \"memo\":\"\"", last.Name, last.Type, last.Tag)
	}

	// Two cards that differ in anything their JSON holds get different
	// memos: each leaf of the card, changed in turn.
	seen := map[string]string{memo: "the card"}
	for i := 0; ; i++ {
		d := card()
		k := i
		name, ok := changeLeaf(reflect.ValueOf(&d).Elem(), "", &k)
		if !ok {
			if len(seen) < 20 {
				t.Fatalf("only %d leaves changed", len(seen)-1)
			}
			break
		}
		out, err := json.Marshal(d)
		if err != nil {
			t.Fatal(err)
		}
		var b ArticleCard
		if err := json.Unmarshal(out, &b); err != nil {
			t.Fatal(err)
		}
		if other, dup := seen[b.Memo]; dup {
			t.Errorf("a card with %s changed has the memo of %s", name, other)
		}
		seen[b.Memo] = name + " changed"
	}
}

// changeLeaf changes the (*n)th leaf value of v that JSON writes (a
// string, number or bool; not the memo itself), counting down n, and names
// it; false when v has fewer leaves.
func changeLeaf(v reflect.Value, name string, n *int) (string, bool) {
	switch v.Kind() {
	case reflect.Struct:
		for i := range v.NumField() {
			f := v.Type().Field(i)
			if !f.IsExported() || f.Tag.Get("json") == "-" || f.Name == "Memo" {
				continue
			}
			if got, ok := changeLeaf(v.Field(i), name+"."+f.Name, n); ok {
				return got, true
			}
		}
	case reflect.Slice:
		for i := range v.Len() {
			if got, ok := changeLeaf(v.Index(i), fmt.Sprintf("%s[%d]", name, i), n); ok {
				return got, true
			}
		}
	case reflect.String, reflect.Int, reflect.Bool:
		if *n > 0 {
			*n--
			return "", false
		}
		switch v.Kind() {
		case reflect.String:
			v.SetString(v.String() + "x")
		case reflect.Int:
			v.SetInt(v.Int() + 1)
		case reflect.Bool:
			v.SetBool(!v.Bool())
		}
		return strings.TrimPrefix(name, "."), true
	}
	return "", false
}
