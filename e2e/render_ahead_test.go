package e2e

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/vozia/site/internal/browsertest"
)

// deferredParts are the parts of a page whose rendering the browser puts
// off until they near the viewport (styles/global.css, and
// hooks/use-render-ahead, which renders them ahead once the page is idle).
const deferredParts = "main > section ~ section:not(:has(form)), .site-footer"

// renderState reports, for each deferred part far below the viewport
// (three screens down: the browser renders what is near, by a margin of
// its own choosing), whether its content is rendered (a skipped part's
// content is not, for checkVisibility with contentVisibilityAuto), and the
// same for the parts in view.
const renderState = `(() => {
  const out = {below: 0, belowRendered: [], inView: 0, inViewSkipped: []};
  for (const part of document.querySelectorAll(` + "`" + deferredParts + "`" + `)) {
    const r = part.getBoundingClientRect(), name = part.id || part.className;
    const rendered = part.firstElementChild.checkVisibility({contentVisibilityAuto: true});
    if (r.top >= 3 * innerHeight) {
      out.below++;
      if (rendered) out.belowRendered.push(name);
    } else if (r.bottom > 0) {
      out.inView++;
      if (!rendered) out.inViewSkipped.push(name);
    }
  }
  return out;
})()`

type renderReport struct {
	Below         int      `json:"below"`
	BelowRendered []string `json:"belowRendered"`
	InView        int      `json:"inView"`
	InViewSkipped []string `json:"inViewSkipped"`
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
		do(t, tab, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true})
			return err
		}))
		below := 0
		for _, path := range paths {
			do(t, tab, chromedp.Navigate(env.URL+path))
			// Once the page has painted, the browser has decided which
			// parts are near the viewport.
			pollFromGo(t, tab, `performance.getEntriesByName("first-contentful-paint").length > 0`)
			s := eval[renderReport](t, tab, renderState)
			if len(s.BelowRendered) > 0 {
				t.Errorf("%s: parts far below the fold were rendered at load: %q", path, s.BelowRendered)
			}
			if len(s.InViewSkipped) > 0 {
				t.Errorf("%s: parts in view were not rendered: %q", path, s.InViewSkipped)
			}
			below += s.Below
			// Scrolled to, the footer renders.
			run(t, tab, `document.querySelector(".site-footer").scrollIntoView()`)
			pollFromGo(t, tab, `document.querySelector(".site-footer").firstElementChild.checkVisibility({contentVisibilityAuto: true})`)
		}
		if below == 0 {
			t.Fatalf("no part far below the fold on %s at 412x823: the test checks nothing", strings.Join(paths, ", "))
		}
	})

	t.Run("with JavaScript", func(t *testing.T) {
		tab := env.NewTab(t, 412, 823)
		for _, path := range paths {
			tab.Load(t, path) // waits for <html data-rendered>
			s := eval[renderReport](t, tab, renderState)
			if s.Below == 0 {
				continue
			}
			if len(s.BelowRendered) != s.Below {
				t.Errorf("%s: the app rendered %d of the %d parts far below the fold", path, len(s.BelowRendered), s.Below)
			}
		}
		noConsoleErrors(t, tab)
	})
}

// pollFromGo evaluates cond every 25 ms for up to 6 s until it is true:
// waitFor polls with a script in the page, which a page whose scripts are
// disabled does not run.
func pollFromGo(t *testing.T, tab *browsertest.Tab, cond string) {
	t.Helper()
	deadline := time.Now().Add(6 * time.Second)
	for !eval[bool](t, tab, cond) {
		if time.Now().After(deadline) {
			t.Fatalf("waiting for %s: timed out", cond)
		}
		time.Sleep(25 * time.Millisecond)
	}
}
