package load

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/vozia/site/generator/cdn"
)

// A renamed article or page keeps its old address: each alias is a
// permanent redirect to it in the route table; an alias that is a page's
// path, or that a redirect or another alias already claims, is refused
// at its file.
func TestAliases(t *testing.T) {
	const article = "---\ntitle: Voice agents for patient follow-up\ndescription: How a voice agent calls patients.\ndate: 2026-01-10\nauthor: ana\n" +
		"tags: [voice-ai]\ncover: {src: /images/articles/voice.svg, alt: A circle}\naliases: [%s]\n---\nText.\n"
	rename := func(aliases string) func(fstest.MapFS) {
		return func(fsys fstest.MapFS) {
			delete(fsys, "articles/voice-follow-up.md")
			fsys["articles/patient-follow-up.md"] = &fstest.MapFile{Data: []byte(strings.Replace(article, "%s", aliases, 1))}
		}
	}
	pageAlias := func(aliases string) func(fstest.MapFS) {
		return func(fsys fstest.MapFS) {
			f := string(fsys["pages/about.yaml"].Data)
			fsys["pages/about.yaml"] = &fstest.MapFile{Data: []byte(strings.Replace(f, "name: About\n", "name: About\naliases: ["+aliases+"]\n", 1))}
		}
	}
	for _, tc := range []struct {
		name string
		edit func(fstest.MapFS)
		// redirects the build must have (from → to), or the problem.
		redirects map[string]string
		problem   string
	}{
		{"an article renamed", rename("/insights/voice-follow-up"),
			map[string]string{
				"/insights/voice-follow-up": "/insights/patient-follow-up",
				// Its share image, which links shared before show.
				"/insights/voice-follow-up/share.png": "/insights/patient-follow-up/share.png",
				"/insights/voice-follow-up/share.jpg": "/insights/patient-follow-up/share.png",
			}, ""},
		{"a page moved, two old addresses", pageAlias("/about-us, /company/about"),
			map[string]string{"/about-us": "/about", "/company/about": "/about"}, ""},
		{"an alias that is a page", pageAlias("/services"), nil,
			`pages/about.yaml:4:11: alias "/services": pages/services.yaml is the page at that path, and an alias is an address no page has any more: if that page is new, give it another address`},
		{"an alias a redirect claims", rename("/old"), nil,
			`articles/patient-follow-up.md:8:11: alias "/old": the redirect of routing.yaml line 2 already claims that path`},
		{"two aliases of one path", func(fsys fstest.MapFS) {
			rename("/insights/voice-follow-up")(fsys)
			pageAlias("/insights/voice-follow-up")(fsys)
		}, nil, `alias "/insights/voice-follow-up": the alias in articles/patient-follow-up.md already claims that path`},
		// routing.yaml's redirect kept its old target when the page it
		// led to was renamed again.
		{"a redirect to an alias", func(fsys fstest.MapFS) {
			pageAlias("/about-us")(fsys)
			fsys["routing.yaml"] = &fstest.MapFile{Data: []byte("redirects:\n  - {from: /old, to: /about-us}\n")}
		}, nil, `routing.yaml:2:5: redirect to "/about-us": that address is itself a redirect (an alias in pages/about.yaml, line 4), to "/about": write to: /about`},
		{"an alias with a trailing slash", pageAlias("/about-us/"), nil, `pages/about.yaml:4:11: alias "/about-us/" must not end with a slash`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, dev := range []bool{false, true} {
				fsys := fixtureSite(t)
				tc.edit(fsys)
				s, err := SiteWith(fsys, Options{Now: articlesNow, Drafts: dev})
				if tc.problem != "" {
					if err == nil || !strings.Contains(err.Error(), tc.problem) {
						t.Errorf("dev %v: got %v\nwant %s", dev, err, tc.problem)
					}
					continue
				}
				if err != nil {
					t.Fatalf("dev %v: %v", dev, err)
				}
				for from, to := range tc.redirects {
					if r, ok := s.Route(from); !ok || r.Redirect != to {
						t.Errorf("dev %v: route %s is %+v, want a redirect to %s", dev, from, r, to)
					}
					if got, ok := cdn.Resolver(s.Routes)(from); !ok || got != to {
						t.Errorf("dev %v: %s resolves to %q", dev, from, got)
					}
				}
			}
		})
	}
}
