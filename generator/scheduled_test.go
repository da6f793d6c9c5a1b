package generator

import (
	"bytes"
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
	"time"
)

// TestScheduledLinks: an editor writes Friday's article on Monday and
// links to it from a page already out, in its Markdown, its back link and
// the footer. Monday's build passes and publishes the links' words alone:
// no file names the article's address (no <a>, no page data, no feed or
// sitemap entry); Friday's build publishes the article and the links. A
// link to a draft, or to an address nothing has, is refused all the same,
// at its file and line.
func TestScheduledLinks(t *testing.T) {
	const footerLine = "        - {label: All services, href: /services}\n"
	site := func(extra string) fstest.MapFS {
		fsys := fixtureFS(t)
		fsys["articles/friday.md"] = &fstest.MapFile{Data: []byte("---\ntitle: Friday's launch\ndescription: What launches on Friday.\ndate: 2026-11-27\n" +
			"author: ben\ntags: [voice-ai]\ncover: {src: /images/articles/voice.svg, alt: An orange circle on black}\n---\n## What\n\nIt launches.\n")}
		fsys["pages/week.md"] = &fstest.MapFile{Data: []byte("---\ntitle: This week\ndescription: What this week brings.\nname: Week\n" +
			"back: {label: Friday's article, href: /insights/friday}\n---\n# This week\n\nRead [what launches](/insights/friday#what) on Friday." + extra + "\n")}
		layout := string(fsys["layout.yaml"].Data)
		if !strings.Contains(layout, footerLine) {
			t.Fatal("the test site's layout.yaml has changed: this test adds a link to its footer")
		}
		fsys["layout.yaml"] = &fstest.MapFile{Data: []byte(strings.Replace(layout, footerLine, footerLine+"        - {label: The launch, href: /insights/friday}\n", 1))}
		return fsys
	}
	build := func(fsys fstest.MapFS, now time.Time) (map[string][]byte, error) {
		t.Helper()
		res, err := Build(context.Background(), Options{Content: fsys, FrontendDir: "../frontend", Now: now, BaseURL: "https://fixture.example"})
		if err != nil {
			return nil, err
		}
		return files(res), nil
	}
	anchor := regexp.MustCompile(`<a [^>]*href="/insights/friday[#"][^>]*>`)

	monday, err := build(site(""), fixedNow) // Monday 23 November
	if err != nil {
		t.Fatalf("Monday's build refuses the links to Friday's article: %v", err)
	}
	page := monday["week/index.html"]
	for _, words := range []string{"Read what launches on Friday.", "Friday&#x27;s article", ">The launch<"} {
		if !bytes.Contains(page, []byte(words)) {
			t.Errorf("Monday: the page lacks the words %q:\n%s", words, page)
		}
	}
	// Nor a link to anywhere else (the page itself, for an empty href).
	for _, words := range []string{"what launches", "Friday&#x27;s article", "The launch"} {
		if a := regexp.MustCompile(`<a [^>]*>` + words + `</a>`).Find(page); a != nil {
			t.Errorf("Monday: the words %q are a link: %s", words, a)
		}
	}
	for p, data := range monday {
		if bytes.Contains(data, []byte("/insights/friday")) || strings.Contains(p, "insights/friday") {
			t.Errorf("Monday: %s names Friday's article: %s", p, anchor.Find(data))
		}
	}

	friday, err := build(site(""), time.Date(2026, 11, 27, 6, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	if friday["insights/friday/index.html"] == nil {
		t.Fatal("Friday: the article is not published")
	}
	if n := len(anchor.FindAll(friday["week/index.html"], -1)); n != 3 {
		t.Errorf("Friday: the page has %d links to the article, want 3 (the text, the back link, the footer)", n)
	}
	if !anchor.Match(friday["index.html"]) {
		t.Error("Friday: the footer of the home page does not link to the article")
	}

	// A draft is not scheduled, and an address nothing has is a broken
	// link, on Monday as on any day.
	const bad = " See [the note](/insights/draft-note) and [the plan](/insights/plan)."
	_, err = build(site(bad), fixedNow)
	line := "Read [what launches](/insights/friday#what) on Friday." + bad
	for _, want := range []string{
		fmt.Sprintf(`pages/week.md:9:%d: link "/insights/draft-note": links to a draft article (articles/draft-note.md has draft: true): the build refuses the link until the article is published`, strings.Index(line, "[the note]")+1),
		fmt.Sprintf(`pages/week.md:9:%d: link "/insights/plan": no route for this path`, strings.Index(line, "[the plan]")+1),
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("got %v\nwant %s", err, want)
		}
	}
}
