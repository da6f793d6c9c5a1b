package e2e

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/vozia/site/internal/testkit/browsertest"
)

// A link followed on a slow connection, once the app runs: the page on
// screen stays until the next one's data has arrived, and says that the
// next is coming, with a bar across the top of the window and the main
// region busy for assistive technology. Once the page has come, both are
// gone. Before, the link seemed to do nothing for a second or more.
func TestNavigationSaysItIsLoading(t *testing.T) {
	t.Parallel()
	env := browsertest.Start(t)
	var paths []string
	titles := map[string]string{}
	for _, p := range sweepPages(t) {
		if p.Path != "/" && p.Path != sweepMissingPath {
			paths = append(paths, p.Path)
			titles[p.Path] = p.Title
		}
	}
	tab := env.NewTab(t, 1280, 800)
	tab.Load(t, "/")
	// The route table is fetched once the app has hydrated; only the
	// page's own data is held below.
	tab.WaitFor(t, `document.documentElement.hasAttribute("data-hydrated") && performance.getEntriesByType("resource").some((e) => new URL(e.name).pathname.startsWith("/data/routes-"))`, time.Minute)
	list, _ := json.Marshal(paths)
	to := eval[string](t, tab, `((paths) => {
  const a = [...document.querySelectorAll("a[href]")].find((a) => paths.includes(a.getAttribute("href")) && !a.target && a.checkVisibility());
  if (!a) return "";
  a.setAttribute("data-next", "");
  return a.getAttribute("href");
})(`+string(list)+`)`)
	if to == "" {
		t.Fatal("the home page shows no link to another page of the site")
	}
	heading := eval[string](t, tab, `document.querySelector("main h1").textContent`)

	data := holdRequests(t, tab, "*/data/*")
	data.hold(t)
	c := eval[[]float64](t, tab, `(() => { const a = document.querySelector("a[data-next]"); a.scrollIntoView({block: "center"}); const r = a.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()`)
	do(t, tab, chromedp.MouseClickXY(c[0], c[1]))
	data.requested(t)

	// The bar is drawn, growing from the window's top left, while the
	// page on screen is still the one the visitor left.
	loading := `(() => {
  const b = document.querySelector(".page-pending"), r = b?.getBoundingClientRect();
  return !!r && r.top === 0 && r.left === 0 && r.width > 0 && r.height > 0 && getComputedStyle(b).visibility === "visible";
})()`
	if err := chromedp.Do(tab.Ctx, browsertest.Until(loading, 30*time.Second)); err != nil {
		t.Fatalf("%s loading, held: nothing across the top of the window says so (%v)", to, err)
	}
	if !eval[bool](t, tab, `location.pathname === `+jsString(to)+` && document.getElementById("main").getAttribute("aria-busy") === "true" && document.querySelector("main h1").textContent === `+jsString(heading)) {
		t.Fatalf("while %s loads: want its address, the main region busy and the page left still shown (%q); got %s", to, heading,
			eval[string](t, tab, `location.pathname + " | aria-busy=" + document.getElementById("main").getAttribute("aria-busy") + " | " + document.querySelector("main h1").textContent`))
	}

	data.release(t)
	tab.WaitFor(t, `document.title === `+jsString(titles[to])+` && !document.querySelector(".page-pending") && !document.getElementById("main").hasAttribute("aria-busy")`, 30*time.Second)
	noConsoleErrors(t, tab)
}
