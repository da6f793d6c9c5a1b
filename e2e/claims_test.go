package e2e

// The proof a prospect weighs: the reviews on the home page are the ones
// in its structured data, every figure reads with its qualifier (a goal as
// a goal, never among results), every mock says it is illustrative, and
// past webinars no longer invite registration.

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/sections"
	"github.com/vozia/site/internal/testkit/browsertest"
)

// Point 2: the home page shows the reviews of its Organization data.
func TestProspectReviewsShown(t *testing.T) {
	t.Parallel()
	env := browsertest.Start(t)
	// A tablet's width too, where two reviews share a row and a company's
	// name wraps in one and not the next.
	for _, s := range append(prospectSizes[:len(prospectSizes):len(prospectSizes)], struct {
		name string
		w, h int
	}{"768x1024", 768, 1024}) {
		t.Run(s.name, func(t *testing.T) {
			tab := prospectTab(t, env, s.w, s.h, true)
			type review struct {
				Company string `json:"company"`
				Body    string `json:"body"`
				Date    string `json:"date"`
				Visible bool   `json:"visible"`
			}
			var marked []review
			for _, raw := range eval[[]string](t, tab, `[...document.querySelectorAll('script[type="application/ld+json"]')].map(s => s.textContent)`) {
				var ld struct {
					Type   string `json:"@type"`
					Review []struct {
						Author        struct{ Name string } `json:"author"`
						ReviewBody    string                `json:"reviewBody"`
						DatePublished string                `json:"datePublished"`
					} `json:"review"`
				}
				if json.Unmarshal([]byte(raw), &ld) == nil && ld.Type == "Organization" {
					for _, r := range ld.Review {
						marked = append(marked, review{Company: r.Author.Name, Body: r.ReviewBody, Date: r.DatePublished, Visible: true})
					}
				}
			}
			if len(marked) == 0 {
				t.Fatal("no reviews in the home page's Organization data")
			}
			shown := eval[[]review](t, tab, `[...document.querySelectorAll("figure")].filter(f => f.querySelector("blockquote")).map(f => {
				f.scrollIntoView({block: "center"});
				return {company: f.querySelector("figcaption").firstChild.textContent.trim(), body: f.querySelector("blockquote").textContent.trim(),
					date: f.querySelector("time").getAttribute("datetime"), visible: f.querySelector("blockquote").checkVisibility() && f.querySelector("time").checkVisibility()};
			})`)
			if fmt.Sprint(shown) != fmt.Sprint(marked) {
				t.Errorf("reviews shown:\n%v\nin the structured data:\n%v", shown, marked)
			}
			// Every review's date sits in the same place under its company,
			// whatever the company's length: at 768 px one card's date sat
			// beside its company and the next one's on the line below.
			places := eval[[]string](t, tab, `[...document.querySelectorAll("figure figcaption")].map(c => {
				const card = c.getBoundingClientRect(), company = c.firstElementChild.getBoundingClientRect(), date = c.querySelector("time").getBoundingClientRect();
				return (date.top >= company.bottom - 1 ? "under" : "beside") + " its company, " + Math.round(date.left - card.left) + " px from the left";
			})`)
			for i, p := range places {
				if p != places[0] {
					t.Errorf("review %d's date sits %s, the first one's %s", i+1, p, places[0])
				}
			}
		})
	}
}

// claims returns the site's claims.
func claims(t *testing.T) []content.Claim {
	t.Helper()
	c := sweepSite(t).Collections.Claims
	if len(c) == 0 {
		t.Fatal("no claims in content")
	}
	return c
}

// Point 3: on every page, a goal's figure never shows without saying it
// is a goal; no case study lists a goal among its results; every mock
// shows the label that says it is illustrative.
func TestProspectClaimsQualified(t *testing.T) {
	t.Parallel()
	env := browsertest.Start(t)
	site := sweepSite(t)
	var goals []content.Claim
	for _, c := range claims(t) {
		if c.Kind == "goal" {
			goals = append(goals, c)
		}
	}
	for i, s := range prospectSizes {
		t.Run(s.name, func(t *testing.T) {
			tab := prospectTab(t, env, s.w, s.h, true)
			// The words of a page's main part are the same at every width:
			// the app renders the same elements at each (only the header
			// measures the window), and the stylesheet lays them out. So
			// the figures' qualifiers, read from the elements' text, are
			// read at the first size; what is shown, which the stylesheet
			// decides, at both (below).
			pages := sweepPages(t)
			if i > 0 {
				pages = nil
			}
			for _, p := range pages {
				if p.Route.NotFound {
					continue
				}
				tab.Load(t, p.Path)
				for _, g := range goals {
					figure := strings.TrimRight(g.Value, "+")
					// Each element whose own text has the figure: its card,
					// list item or paragraph must carry the goal's wording.
					bare := eval[[]string](t, tab, fmt.Sprintf(`[...document.querySelectorAll("main *")].filter(e => [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.includes(%s)))
						.map(e => e.closest("li, p, .card, dl, figure, div")).filter(e => !(e.textContent.includes(%s) || e.textContent.includes(%s))).map(e => e.textContent.trim().slice(0, 120))`,
						js(figure), js(g.Text), js(g.Label)))
					for _, b := range bare {
						t.Errorf("%s: goal %q shown without its qualifier: %q", p.Path, g.Key, b)
					}
				}
			}
			// No goal among any case study's results, on /case-studies or in the home dialogs.
			for _, cs := range site.Collections.CaseStudies {
				for _, r := range cs.Results {
					for _, g := range goals {
						if strings.Contains(r, g.Text) {
							t.Errorf("case study %q lists the goal %q as a result", cs.ID, g.Key)
						}
					}
				}
			}
			tab.Load(t, "/case-studies")
			text := eval[string](t, tab, `document.querySelector("main").innerText`)
			for _, g := range goals {
				if strings.Contains(text, g.Text) {
					t.Errorf("/case-studies shows the goal %q", g.Key)
				}
			}
			// Every mock says it is illustrative, visibly.
			mocks := map[string]string{}
			for path, page := range site.Pages {
				for _, sec := range page.Sections {
					switch v := sec.Value.(type) {
					case *sections.HomeHeroSection:
						mocks[path] = v.Dashboard.Status
					case *sections.PulseDashboardSection:
						mocks[path] = v.Badge
					}
				}
			}
			if len(mocks) < 2 {
				t.Fatalf("found %d mocks in content, want the home dashboard and Pulse's", len(mocks))
			}
			for path, label := range mocks {
				tab.Load(t, path)
				if !eval[bool](t, tab, fmt.Sprintf(`[...document.querySelectorAll("main *")].some(e => e.childNodes.length === 1 && e.textContent.trim() === %s && (e.scrollIntoView({block: "center"}), e.checkVisibility()))`, js(label))) {
					t.Errorf("%s: the mock's label %q is not shown", path, label)
				}
			}
		})
	}
}

// Point 4: a webinar whose date has passed (the build's clock) offers its
// recording on request, one still to come offers registration.
func TestProspectWebinars(t *testing.T) {
	t.Parallel()
	env := browsertest.Start(t)
	site := sweepSite(t)
	var path string
	var copy *sections.WebinarsSection
	for p, page := range site.Pages {
		for _, sec := range page.Sections {
			if w, ok := sec.Value.(*sections.WebinarsSection); ok {
				path, copy = p, w
			}
		}
	}
	if copy == nil {
		t.Fatal("no page shows webinars")
	}
	now := time.Now()
	for _, s := range prospectSizes {
		t.Run(s.name, func(t *testing.T) {
			tab := prospectTab(t, env, s.w, s.h, true)
			tab.Load(t, path)
			upcoming := 0
			for _, w := range site.Collections.Webinars {
				want := copy.RegisterLabel
				if !w.Start().After(now) {
					want = copy.RecordingLabel
				} else {
					upcoming++
				}
				got := eval[string](t, tab, fmt.Sprintf(`(() => { const h = [...document.querySelectorAll("main h3")].find(h => h.textContent.trim() === %s); const a = h && h.closest("li").querySelector("a"); return a && a.checkVisibility() ? a.textContent.trim() : ""; })()`, js(w.Title)))
				if got != want {
					t.Errorf("webinar %q on %s: button %q, want %q", w.Title, w.Date, got, want)
				}
			}
			if upcoming == 0 && !eval[bool](t, tab, `document.querySelector("main").innerText.includes(`+js(copy.NoUpcoming)+`)`) {
				t.Errorf("no webinar to come, and no %q", copy.NoUpcoming)
			}
		})
	}
}
