package load

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/markdown"
)

// TestUnlink: a Markdown link to a held path is written as its words,
// whatever its words hold (emphasis, an image, a footnote's reference)
// and whatever follows its path (a title, a #part); every other link,
// and the rest of the text, is written as it was.
func TestUnlink(t *testing.T) {
	hold := func(p string) bool { return p == "/insights/the-launch" }
	picture := func(img content.Image, place string) string { return "[image]" }
	for _, tc := range []struct{ name, src, want string }{
		{"a link", "See [the launch](/insights/the-launch).", "<p>See the launch.</p>\n"},
		{"a title and emphasis", `See [the *launch*](/insights/the-launch "Soon") now.`, "<p>See the <em>launch</em> now.</p>\n"},
		{"a part", "See [the part](/insights/the-launch#part).", "<p>See the part.</p>\n"},
		{"another link kept", "[About](/about), [the launch](/insights/the-launch) and [help](#help).",
			`<p><a href="/about">About</a>, the launch and <a href="#help">help</a>.</p>` + "\n"},
		{"an image", "[![A circle](/images/x.svg)](/insights/the-launch) after", "<p>[image] after</p>\n"},
		{"a footnote inside", "[see[^1]](/insights/the-launch) after\n\n[^1]: A note.\n",
			`<p>see<sup id="fnref-1"><a href="#fn-1" class="footnote-ref" role="doc-noteref">1</a></sup> after</p>`},
		{"a path that only starts the same", "[later](/insights/the-launch-2)", `<p><a href="/insights/the-launch-2">later</a></p>` + "\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := []byte(tc.src)
			pieces, err := markdown.Article.Render(src, markdown.Article.Parse(src))
			if err != nil {
				t.Fatal(err)
			}
			text := textOf(pieces)
			before := text.Join([]content.Image{{}}, picture)
			got, held := text.Unlink(hold)
			if html := got.Join([]content.Image{{}}, picture); !strings.HasPrefix(html, tc.want) {
				t.Errorf("got  %q\nwant %q", html, tc.want)
			}
			if wantHeld := strings.Count(tc.src, "](/insights/the-launch") - strings.Count(tc.src, "](/insights/the-launch-"); held != wantHeld {
				t.Errorf("held %d links, want %d", held, wantHeld)
			}
			if after := text.Join([]content.Image{{}}, picture); after != before {
				t.Errorf("the text itself changed:\n%s\n%s", before, after)
			}
		})
	}
}

// TestScheduledLinksHeld: a link to a scheduled article, from an
// article's Markdown and from the footer's YAML, builds, in make dev as
// in the daily build; until the article's day it is its words alone, on
// the article's page, in its text (which the feeds write) and in the
// footer, and the site names it among the held links at its place; on
// the article's day it is a link again.
func TestScheduledLinksHeld(t *testing.T) {
	const linkLine = "A voice agent calls each patient after discharge. See [who we are](/about) and the [steps below](#the-call)."
	const footerLine = "        - {label: All services, href: /services}\n"
	fsys := fixtureSite(t)
	fsys["articles/the-launch.md"] = &fstest.MapFile{Data: []byte("---\ntitle: The launch\ndescription: What launches.\ndate: 2026-12-03\nauthor: ana\ntags: [launch]\n" +
		"cover: {src: /images/articles/voice.svg, alt: A circle}\n---\nText.\n")}
	article, layout := string(fsys["articles/voice-follow-up.md"].Data), string(fsys["layout.yaml"].Data)
	if !strings.Contains(article, linkLine) || !strings.Contains(layout, footerLine) {
		t.Fatal("the test site's voice-follow-up.md or layout.yaml has changed: this test adds a link to each")
	}
	fsys["articles/voice-follow-up.md"] = &fstest.MapFile{Data: []byte(strings.Replace(article, linkLine, linkLine+" Read [the launch](/insights/the-launch).", 1))}
	fsys["layout.yaml"] = &fstest.MapFile{Data: []byte(strings.Replace(layout, footerLine, footerLine+"        - {label: The launch, href: /insights/the-launch}\n", 1))}
	footerAt := strings.Count(layout[:strings.Index(layout, footerLine)+len(footerLine)], "\n") + 1

	for _, tc := range []struct {
		name string
		now  time.Time
		held bool
	}{
		{"the day before", time.Date(2026, 12, 2, 23, 59, 0, 0, time.UTC), true},
		{"on the day", time.Date(2026, 12, 3, 0, 0, 0, 0, time.UTC), false},
	} {
		for _, dev := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s, dev %v", tc.name, dev), func(t *testing.T) {
				s, err := SiteWith(fsys, Options{Now: tc.now, Drafts: dev})
				if err != nil {
					t.Fatal(err)
				}
				var texts []string
				for _, a := range s.Articles {
					if a.Slug == "voice-follow-up" {
						texts = append(texts, a.Text.Markup())
					}
				}
				for _, sec := range s.Pages["/insights/voice-follow-up"].Sections {
					if a, ok := sec.Value.(*content.ArticleSection); ok {
						texts = append(texts, a.Text.Markup())
					}
				}
				if len(texts) != 2 {
					t.Fatalf("the article and its page's text: found %d texts", len(texts))
				}
				link := `Read <a href="/insights/the-launch">the launch</a>.`
				if tc.held {
					link = "Read the launch."
				}
				for _, text := range texts {
					if !strings.Contains(text, link) || tc.held && strings.Contains(text, "/insights/the-launch") {
						t.Errorf("the article's text, want %q:\n%s", link, text)
					}
					if !strings.Contains(text, `<a href="/about">who we are</a>`) {
						t.Errorf("another link of the text is gone:\n%s", text)
					}
				}
				var footer *content.Action
				for i, c := range s.Layout.Footer.Columns {
					for j, l := range c.Links {
						if l.Label == "The launch" {
							footer = &s.Layout.Footer.Columns[i].Links[j]
						}
					}
				}
				if want := map[bool]string{true: "", false: "/insights/the-launch"}[tc.held]; footer == nil || string(footer.Href) != want {
					t.Errorf("the footer's link: %+v, want href %q", footer, want)
				}
				var held []string
				for _, l := range s.Held {
					held = append(held, fmt.Sprintf("%s:%d %s", l.Pos.File, l.Pos.Line, l.Href))
				}
				want := ""
				if tc.held {
					want = fmt.Sprintf("articles/voice-follow-up.md:9 /insights/the-launch, layout.yaml:%d /insights/the-launch", footerAt)
				}
				if got := strings.Join(held, ", "); got != want {
					t.Errorf("held links: %s, want %s", got, want)
				}
			})
		}
	}
}
