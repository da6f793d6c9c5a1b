package e2e

// What hydration costs a slow phone, guarded with a generous bound: on
// every route, the app's longest main-thread task while the page loads
// (at Lighthouse's 4× CPU slowdown) stays within twice the same page's
// longest task with its scripts blocked, measured side by side in the
// same test. Hydrating a whole page in one task gave 2.8× to 8× on this
// machine class; hydrating in pieces gives about 1×. The strict figures
// (ratio 1.0, no task over 50 ms) are make bench's (bench/hydration).

import (
	"fmt"
	"math"
	"testing"

	"github.com/vozia/site/internal/browsertest"
	"github.com/vozia/site/internal/pageload"
)

// hydrationBound is the largest ratio of the app's longest task to its
// page's no-script floor. A busy machine stalls loads at random, the app's
// and the floor's alike, so a route takes up to hydrationTries pairs of
// loads and passes as soon as its best app load is within the bound of its
// worst floor: a page that hydrates in one long task fails every try.
const (
	hydrationBound = 2.0
	hydrationTries = 5
)

func TestHydrationHasNoLongTaskOfItsOwn(t *testing.T) {
	env := browsertest.Start(t)
	for _, p := range sweepPages(t) {
		if p.Route.NotFound {
			continue
		}
		t.Run(sweepName(p.Path), func(t *testing.T) {
			best, worstFloor := math.Inf(1), 0.0
			var tried []string
			for i := 0; i < hydrationTries; i++ {
				app := hydrationLoad(t, env, p.Path, false)
				floor := hydrationLoad(t, env, p.Path, true)
				best, worstFloor = math.Min(best, app.Longest()), math.Max(worstFloor, floor.Longest())
				tried = append(tried, fmt.Sprintf("%.0f/%.0f ms", app.Longest(), floor.Longest()))
				if pageload.Ratio(best, worstFloor) <= hydrationBound {
					return
				}
			}
			t.Errorf("%s: the app's longest task at load is more than %.0fx its page's without scripts in every try (app/floor: %v)",
				p.Path, hydrationBound, tried)
		})
	}
}

func hydrationLoad(t *testing.T, env *browsertest.Env, path string, noScript bool) pageload.Tasks {
	t.Helper()
	tab := env.NewTab(t, 412, 823)
	tasks, err := pageload.Measure(tab.Ctx, env.URL+path, pageload.Options{NoScript: noScript})
	if err != nil {
		t.Fatal(err)
	}
	if !noScript {
		if errs := tab.ConsoleErrors(); len(errs) > 0 {
			t.Errorf("%s: console errors: %q", path, errs)
		}
	}
	return tasks
}
