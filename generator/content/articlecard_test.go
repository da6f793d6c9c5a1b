package content

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// card is an ArticleCard with every field that reaches its JSON set, and
// one element in each list.
func card() ArticleCard {
	return ArticleCard{
		URL: "/insights/a", Title: `A "title" <b>`, Description: "d", Date: "2026-01-12", DateLabel: "January 12, 2026",
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
