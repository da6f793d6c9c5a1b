package load

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/vozia/site/generator/content"
)

// A link to a draft, or a redirect to an article that is not published
// yet, is the same problem in make dev (which shows the article) as in the
// daily build (which does not), at the link's own place, naming the
// article's state and date; on the article's day, or once published, it
// builds. A link to a scheduled article builds, in a Markdown text and in
// a YAML href alike, and reads as its words until the article's day
// (TestScheduledLinksHeld). "Today" is the test's: the article is dated
// today or tomorrow of it.
func TestLinksToUnpublishedArticles(t *testing.T) {
	today := time.Date(2026, 12, 2, 9, 30, 0, 0, time.UTC)
	article := func(date string, draft bool) string {
		d := ""
		if draft {
			d = "draft: true\n"
		}
		return "---\ntitle: The launch\ndescription: What launches.\ndate: " + date + "\nauthor: ana\ntags: [launch]\n" +
			"cover: {src: /images/articles/voice.svg, alt: A circle}\n" + d + "---\nText.\n"
	}
	const linkLine = "A voice agent calls each patient after discharge. See [who we are](/about) and the [steps below](#the-call)."
	withLink := func(fsys fstest.MapFS) {
		f := string(fsys["articles/voice-follow-up.md"].Data)
		if !strings.Contains(f, linkLine) {
			t.Fatal("the test site's voice-follow-up.md has changed: this test adds a link to its first paragraph")
		}
		fsys["articles/voice-follow-up.md"] = &fstest.MapFile{Data: []byte(strings.Replace(f, linkLine, linkLine+" Read [the launch](/insights/the-launch).", 1))}
	}
	withRedirect := func(fsys fstest.MapFS) {
		fsys[content.RoutingFile] = &fstest.MapFile{Data: append([]byte("redirects:\n  - {from: /launch, to: /insights/the-launch}\n"),
			[]byte(strings.Replace(string(fsys[content.RoutingFile].Data), "redirects:\n", "", 1))...)}
	}
	// The link's place: the first paragraph of the article (line 9), at
	// its opening bracket.
	col := len(linkLine+" Read ") + 1
	for _, tc := range []struct {
		name  string
		date  string
		draft bool
		edit  func(fstest.MapFS)
		want  string // "" builds
	}{
		{"link, dated today", "2026-12-02", false, withLink, ""},
		{"redirect, dated today", "2026-12-02", false, withRedirect, ""},
		{"link, dated tomorrow", "2026-12-03", false, withLink, ""},
		{"redirect, dated tomorrow", "2026-12-03", false, withRedirect,
			`routing.yaml:2:5: redirect to "/insights/the-launch": redirects to a scheduled article, published on December 3: the build refuses the redirect until then`},
		{"link, next year", "2027-01-03", false, withLink, ""},
		{"link, draft dated today", "2026-12-02", true, withLink,
			fmt.Sprintf("articles/voice-follow-up.md:9:%d: ", col) + `link "/insights/the-launch": links to a draft article (articles/the-launch.md has draft: true): the build refuses the link until the article is published`},
		{"link, draft dated tomorrow", "2026-12-03", true, withLink,
			fmt.Sprintf("articles/voice-follow-up.md:9:%d: ", col) + `link "/insights/the-launch": links to a draft article (articles/the-launch.md has draft: true): the build refuses the link until the article is published`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, dev := range []bool{false, true} {
				fsys := fixtureSite(t)
				fsys["articles/the-launch.md"] = &fstest.MapFile{Data: []byte(article(tc.date, tc.draft))}
				tc.edit(fsys)
				_, err := SiteWith(fsys, Options{Now: today, Drafts: dev})
				switch {
				case tc.want == "" && err != nil:
					t.Errorf("dev %v: %v", dev, err)
				case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
					t.Errorf("dev %v: got %v\nwant %s", dev, err, tc.want)
				}
			}
		})
	}

	// A draft may link to anything unpublished; any article may link to
	// a scheduled one.
	t.Run("from an article to a draft", func(t *testing.T) {
		fsys := fixtureSite(t)
		fsys["articles/the-launch.md"] = &fstest.MapFile{Data: []byte(article("2026-12-01", true))}
		fsys["articles/the-sequel.md"] = &fstest.MapFile{Data: []byte("---\ntitle: The sequel\ndescription: After the launch.\ndate: 2026-12-03\n" +
			"author: ana\ntags: [launch]\ncover: {src: /images/articles/voice.svg, alt: A circle}\n---\nAfter [the launch](/insights/the-launch).\n")}
		_, err := SiteWith(fsys, Options{Now: today})
		if want := `articles/the-sequel.md:9:7: link "/insights/the-launch": links to a draft article`; err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("got %v\nwant %s", err, want)
		}
	})
	for _, tc := range []struct{ name, front string }{
		{"scheduled on the same day", "date: 2026-12-03\n"},
		{"scheduled the day before", "date: 2026-12-02\n"},
		{"draft", "date: 2026-12-01\ndraft: true\n"},
	} {
		t.Run("from a "+tc.name+" article", func(t *testing.T) {
			fsys := fixtureSite(t)
			fsys["articles/the-launch.md"] = &fstest.MapFile{Data: []byte(article("2026-12-03", false))}
			fsys["articles/the-sequel.md"] = &fstest.MapFile{Data: []byte("---\ntitle: The sequel\ndescription: After the launch.\n" + tc.front +
				"author: ana\ntags: [launch]\ncover: {src: /images/articles/voice.svg, alt: A circle}\n---\nAfter [the launch](/insights/the-launch).\n")}
			for _, dev := range []bool{false, true} {
				if _, err := SiteWith(fsys, Options{Now: today, Drafts: dev}); err != nil {
					t.Errorf("dev %v: %v", dev, err)
				}
			}
		})
	}
}
