package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/vozia/site/internal/testkit/browsertest"
)

// renderState reports the page's blocks (#root's and main's children, as
// shown) that lie far below the viewport (three screens down: the browser
// renders what is near, by a margin of its own choosing): whether the
// stylesheet lets the browser skip them (content-visibility: auto) and
// whether their content is rendered (a skipped block's content is not,
// for checkVisibility with contentVisibilityAuto); and the blocks in view
// whose content is not rendered.
const renderState = `(() => {
  const out = {below: [], inViewSkipped: []};
  for (const part of document.querySelectorAll("#root > *, main > *")) {
    if (!part.firstElementChild || getComputedStyle(part).display === "none") continue;
    const r = part.getBoundingClientRect(), name = part.id || part.className;
    const rendered = part.firstElementChild.checkVisibility({contentVisibilityAuto: true});
    if (r.top >= 3 * innerHeight) {
      out.below.push({name, rendered, deferred: getComputedStyle(part).contentVisibility === "auto"});
    } else if (r.bottom > 0 && !rendered) {
      out.inViewSkipped.push(name);
    }
  }
  return out;
})()`

type renderReport struct {
	Below []struct {
		Name     string `json:"name"`
		Rendered bool   `json:"rendered"`
		Deferred bool   `json:"deferred"`
	} `json:"below"`
	InViewSkipped []string `json:"inViewSkipped"`
}

// unsettled is true while a part in view is not rendered or a part far
// below that the browser may skip is rendered.
func (r renderReport) unsettled() bool {
	for _, p := range r.Below {
		if p.Deferred && p.Rendered {
			return true
		}
	}
	return len(r.InViewSkipped) > 0
}

// A page's first frame lays out what is on screen: without JavaScript the
// sections below the fold and the footer stay unrendered until the visitor
// scrolls to them, and then render. With JavaScript the app renders them
// ahead once the page is idle, so that every part has its real size (a
// smooth scroll to a section lands on it: TestHomePage's floating button).
func TestBelowTheFoldRendersAhead(t *testing.T) {
	t.Parallel()
	env := browsertest.Start(t)
	paths := []string{"/"}
	for _, p := range sweepPages(t) {
		if !p.Route.NotFound && p.Path != "/" && len(paths) < 4 {
			paths = append(paths, p.Path)
		}
	}

	t.Run("without JavaScript", func(t *testing.T) {
		tab := env.NewTab(t, 412, 823)
		scriptsOff(t, tab)
		below := 0
		for _, path := range paths {
			do(t, tab, chromedp.Navigate(env.URL+path))
			// The browser decides which parts are near the viewport at each
			// rendering update, on that update's layout: a part parsed after
			// the first paint (a busy machine's parser yields) is skipped
			// until the next one, at its estimated size, which moves the
			// parts below it. On a busy machine a part far below was once
			// read as rendered at load (make test, 1 December 2026). So the
			// page is read once it is whole and painted, and again while a
			// part in view is not rendered or a part far below is (up to
			// settleWait: a part that stays so still fails).
			pollFromGo(t, tab, `document.readyState === "complete" && performance.getEntriesByName("first-contentful-paint").length > 0`)
			s := eval[renderReport](t, tab, renderState)
			for deadline := time.Now().Add(settleWait); s.unsettled() && time.Now().Before(deadline); {
				time.Sleep(25 * time.Millisecond)
				s = eval[renderReport](t, tab, renderState)
			}
			for _, p := range s.Below {
				if p.Deferred {
					below++
					if p.Rendered {
						t.Errorf("%s: %q, far below the fold, was still rendered %v after the page had loaded", path, p.Name, settleWait)
					}
				}
			}
			if len(s.InViewSkipped) > 0 {
				t.Errorf("%s: parts in view were not rendered: %q", path, s.InViewSkipped)
			}
			// Scrolled to, the footer renders.
			run(t, tab, `document.querySelector(".site-footer").scrollIntoView()`)
			pollFromGo(t, tab, `document.querySelector(".site-footer").firstElementChild.checkVisibility({contentVisibilityAuto: true})`)
		}
		if below == 0 {
			t.Fatalf("no part far below the fold on %s at 412x823 is left for the browser to skip: the test checks nothing", strings.Join(paths, ", "))
		}
	})

	t.Run("with JavaScript", func(t *testing.T) {
		tab := env.NewTab(t, 412, 823)
		for _, path := range paths {
			tab.Load(t, path) // waits for <html data-rendered>
			for _, p := range eval[renderReport](t, tab, renderState).Below {
				if !p.Rendered {
					t.Errorf("%s: %q, far below the fold, was not rendered ahead", path, p.Name)
				}
			}
		}
		noConsoleErrors(t, tab)
	})
}

// settleWait is how long a page read from Go may take to reach a state:
// a bound with margin on a busy machine.
const settleWait = 6 * time.Second

// pollFromGo evaluates cond every 25 ms for up to settleWait until it is
// true: waitFor polls with a script in the page, which a page whose scripts
// are disabled does not run.
func pollFromGo(t *testing.T, tab *browsertest.Tab, cond string) {
	t.Helper()
	deadline := time.Now().Add(settleWait)
	for !eval[bool](t, tab, cond) {
		if time.Now().After(deadline) {
			t.Fatalf("waiting for %s: timed out", cond)
		}
		time.Sleep(25 * time.Millisecond)
	}
}
