package e2e

// A card that leads to a record's page (a service's, a case study's) is
// clickable all over, on every page that lists them, not only on its
// heading: its one link covers it.

import (
	"fmt"
	"testing"

	"github.com/vozia/site/internal/testkit/browsertest"
)

// cardMisses lists the cards (by link) of the page where a point in the
// card, left, middle or right of its visible part, does not hit its link:
// each card is scrolled to the middle of the window first.
const cardMisses = `((urls) => {
  const miss = [];
  for (const a of document.querySelectorAll("main a[href]")) {
    const card = a.closest(".card");
    if (!card || !urls.includes(a.getAttribute("href"))) continue;
    card.scrollIntoView({block: "center"});
    const r = card.getBoundingClientRect();
    const y = (Math.max(r.top, 0) + Math.min(r.bottom, innerHeight)) / 2;
    for (const x of [r.left + 12, (r.left + r.right) / 2, r.right - 12]) {
      const hit = document.elementFromPoint(x, y);
      if (!a.contains(hit)) miss.push(a.getAttribute("href") + " at " + Math.round(x) + "," + Math.round(y) + ": " + (hit ? hit.outerHTML.slice(0, 80) : "nothing"));
    }
  }
  return miss;
})(%s)`

// TestWholeCardIsALink checks every card linking to a record's page on the
// home page and on each record's list, at a desktop's and a phone's width.
func TestWholeCardIsALink(t *testing.T) {
	t.Parallel()
	env := browsertest.Start(t)
	site := sweepSite(t)
	lists, urls := recordLists(t, site)
	for _, w := range []int{1280, 375} {
		for _, list := range lists {
			t.Run(fmt.Sprintf("%s at %d", sweepName(list), w), func(t *testing.T) {
				tab := homeTab(t, env, w, true, true)
				if list != "/" {
					tab.Load(t, list)
				}
				if n := eval[int](t, tab, fmt.Sprintf(`[...document.querySelectorAll("main .card a[href]")].filter((a) => %s.includes(a.getAttribute("href"))).length`, mustJSON(t, urls))); n == 0 && list != "/" {
					t.Fatalf("%s has no card linking to a record's page", list)
				}
				for _, m := range eval[[]string](t, tab, fmt.Sprintf(cardMisses, mustJSON(t, urls))) {
					t.Errorf("a click on the card misses its link: %s", m)
				}
			})
		}
	}
}
