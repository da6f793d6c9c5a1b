package content

import "testing"

// TestText: a text rendered around its images keeps its markup as it is
// and writes each image where the text has it, at the text's place; an
// edit changes the markup, never an image or an address.
func TestText(t *testing.T) {
	imgs := []Image{{Src: "/a.svg"}, {Src: "/b.svg"}}
	picture := func(img Image, place string) string { return "[" + img.Src + " " + place + "]" }
	html := func(s string) Segment { return Segment{HTML: s} }
	image := func(i int) Segment { return Segment{Place: "text", Image: i} }
	for _, tc := range []struct {
		name string
		text Text
		want string
	}{
		{"no image", Text{html("<p>Text.</p>\n")}, "<p>Text.</p>\n"},
		{"in a paragraph", Text{html("<p>"), image(0), html(" and "), image(1), html("</p>\n")}, "<p>[/a.svg text] and [/b.svg text]</p>\n"},
		{"side by side", Text{html("<p>"), image(0), image(1), html("</p>\n")}, "<p>[/a.svg text][/b.svg text]</p>\n"},
		{"first and last", Text{image(0), html("{email}"), image(1)}, "[/a.svg text]me@x.example[/b.svg text]"},
		{"an address", Text{html(`<a href="`), {Address: Address{SitePath, "/{email}"}}, html(`">{email}</a>`)}, `<a href="/{email}">me@x.example</a>`},
	} {
		text := append(Text(nil), tc.text...)
		text.Edit(func(html string) string { return FillEmail(html, "me@x.example") })
		if got := text.Join(imgs, picture); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
	// An image the text does not have (none processed) is left out.
	if got := (Text{html("<p>"), image(0), html("</p>")}).Join(nil, picture); got != "<p></p>" {
		t.Errorf("without its images: %q", got)
	}
	if got := (Text{html("<p>A"), image(0), html("B</p>")}).Markup(); got != "<p>AB</p>" {
		t.Errorf("markup: %q", got)
	}
}

// TestTextAbsolute: away from its page, a text writes its site paths
// against the site's origin (with or without its slash) and its fragments
// against the page's address, HTML-escaped as the attribute holds them,
// and leaves the rest of its markup, and what picture writes, as it is; on
// its page the same text writes them as they are.
func TestTextAbsolute(t *testing.T) {
	text := Text{
		{HTML: `<p><a href="`}, {Address: Address{SitePath, "/"}}, {HTML: `">home</a> <a href="`},
		{Address: Address{SitePath, "/platform?a=1&amp;b=2"}}, {HTML: `">p</a> <a href="//cdn.example/y">c</a> <a href="mailto:a@b.example">m</a> <a href="">e</a>` +
			`<sup id="fnref-1"><a href="`}, {Address: Address{Fragment, "#fn-1"}}, {HTML: `">1</a></sup> `},
		{Place: "text", Image: 0}, {HTML: "</p>"},
	}
	picture := func(img Image, place string) string { return `<img src="` + img.Src + `">` }
	imgs := []Image{{Src: "https://example.com/a.svg"}}
	const rest = `">p</a> <a href="//cdn.example/y">c</a> <a href="mailto:a@b.example">m</a> <a href="">e</a><sup id="fnref-1"><a href="`
	for _, base := range []string{"https://example.com", "https://example.com/"} {
		want := `<p><a href="https://example.com/">home</a> <a href="https://example.com/platform?a=1&amp;b=2` + rest +
			`https://example.com/insights/a?x=1&amp;y=2#fn-1">1</a></sup> <img src="https://example.com/a.svg"></p>`
		if got := text.Absolute(imgs, picture, base, "https://example.com/insights/a?x=1&y=2"); got != want {
			t.Errorf("against %q:\n got %s\nwant %s", base, got, want)
		}
	}
	want := `<p><a href="/">home</a> <a href="/platform?a=1&amp;b=2` + rest + `#fn-1">1</a></sup> <img src="https://example.com/a.svg"></p>`
	if got := text.Join(imgs, picture); got != want {
		t.Errorf("on its page:\n got %s\nwant %s", got, want)
	}
}
