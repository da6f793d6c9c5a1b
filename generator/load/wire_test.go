package load

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/wire"
)

// PageBody.Marshal gives json.Marshal's bytes for the body and the page
// data, on every page of the fixture (articles, listings, sections).
func TestPageBodyMarshal(t *testing.T) {
	s, err := SiteWith(fixtureSite(t), Options{Now: articlesNow})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Pages) < 5 {
		t.Fatalf("the fixture has %d pages", len(s.Pages))
	}
	h := wire.Head{Title: `Title "quoted" <b>`, Description: "d", URL: "https://example.com/x", JSONLD: []string{`{"@type":"Thing","name":"<x>"}`}}
	for path, p := range s.Pages {
		b := wire.PageBody{Path: path, Sections: p.Sections, Collections: p.Collections}
		body, page, err := b.Marshal(h)
		if err != nil {
			t.Fatal(err)
		}
		wantBody, _ := json.Marshal(b)
		wantPage, _ := json.Marshal(wire.PageData{Path: path, Head: h, Sections: p.Sections, Collections: p.Collections})
		if !bytes.Equal(body, wantBody) {
			t.Errorf("%s: the body's JSON differs from json.Marshal's", path)
		}
		if !bytes.Equal(page, wantPage) {
			t.Errorf("%s: the page's JSON differs from json.Marshal's:\n%.300s\n%.300s", path, page, wantPage)
		}
	}
}

// A card's JSON is the card's fields with its digest as "memo", the same
// as json.Marshal of the card with Memo set; a change to any field changes
// the digest.
func TestArticleCardMemo(t *testing.T) {
	c := content.ArticleCard{Title: "A <title>", URL: "/insights/a", Tags: []content.TagLink{{Tag: "pulse", URL: "/insights/tags/pulse"}}}
	got, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	var back content.ArticleCard
	if err := json.Unmarshal(got, &back); err != nil || back.Memo == "" {
		t.Fatalf("%s: memo %q (%v)", got, back.Memo, err)
	}
	type plain content.ArticleCard
	want, _ := json.Marshal(plain(back))
	if !bytes.Equal(got, want) {
		t.Errorf("card JSON\n%s\nwant\n%s", got, want)
	}
	c.Title = "Another title"
	other, _ := json.Marshal(c)
	json.Unmarshal(other, &back)
	if strings.Contains(string(got), `"memo":"`+back.Memo+`"`) {
		t.Error("another title, the same memo")
	}
}
