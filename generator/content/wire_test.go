package content

import (
	"bytes"
	"encoding/json"
	"testing"
)

// PageBody.Marshal gives json.Marshal's bytes for the body and the page
// data, on every page of the fixture (articles, listings, sections).
func TestPageBodyMarshal(t *testing.T) {
	s, err := LoadWith(fixtureSite(t), LoadOptions{Now: articlesNow})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Pages) < 5 {
		t.Fatalf("the fixture has %d pages", len(s.Pages))
	}
	h := Head{Title: `Title "quoted" <b>`, Description: "d", URL: "https://example.com/x", JSONLD: []string{`{"@type":"Thing","name":"<x>"}`}}
	for path, p := range s.Pages {
		b := PageBody{Path: path, Sections: p.Sections, Collections: p.Collections}
		body, page, err := b.Marshal(h)
		if err != nil {
			t.Fatal(err)
		}
		wantBody, _ := json.Marshal(b)
		wantPage, _ := json.Marshal(PageData{Path: path, Head: h, Sections: p.Sections, Collections: p.Collections})
		if !bytes.Equal(body, wantBody) {
			t.Errorf("%s: the body's JSON differs from json.Marshal's", path)
		}
		if !bytes.Equal(page, wantPage) {
			t.Errorf("%s: the page's JSON differs from json.Marshal's:\n%.300s\n%.300s", path, page, wantPage)
		}
	}
}
