package e2e

// A box that scrolls sideways says so: on a phone, a table of an article
// or a legal page, or a long line of code, is wider than the screen and
// scrolls in its own box, and a visitor who sees no sign of more takes the
// cut-off columns for all there is (a buyer's trial of the cookie policy).
// The test looks at the pixels at the box's edges, as the visitor would:
// a shadow on each side that has more to see, none on a side that has
// reached its end.

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"io"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/vozia/site/generator/load"
	"github.com/vozia/site/internal/testkit/browsertest"
)

// TestSidewaysScrollShows loads, at a phone's width, every page of the
// fixture site whose HTML has a table or a block of code (the fixture has
// an article with a wide table and a long line of code, and a legal page
// with a wide table), and checks every box on it that scrolls sideways
// by more than 40 px: at its start, a shadow on the right and none on the
// left; scrolled half way, on both sides; at its end, on the left only;
// about the middle of its height and, for a table, across its first row
// (the header, whose shade covered the shadow). Half way along a shorter
// scroll, the cover that hides a shadow at an end, 14 px wide, still lies
// over part of the edge looked at. The boxes' text, borders and inner
// backgrounds other than the table's cells are made transparent first, so
// that what the edge shows is the background, not a letter cut off.
func TestSidewaysScrollShows(t *testing.T) {
	t.Parallel()
	env := browsertest.StartWith(t, browsertest.Config{Content: "testdata/site"})
	tab := env.NewTab(t, 375, 800)
	boxes := 0
	for _, path := range fixtureBoxPages(t, env) {
		tab.Reset()
		tab.Load(t, path)
		tags := eval[[]string](t, tab, `(() => {
  // Inline styles set by script: the page's policy refuses a style element.
  const hide = (el, inner) => {
    el.style.setProperty("color", "transparent", "important");
    el.style.setProperty("border-color", "transparent", "important");
    el.style.setProperty("text-decoration", "none", "important");
    // The table's cells keep theirs: the header row's shade must let the
    // shadow through as the other rows do.
    if (inner && !el.matches("tr, th, td, thead, tbody, tfoot")) el.style.setProperty("background", "none", "important");
  };
  const tags = [];
  for (const el of document.querySelectorAll("main *")) {
    const ox = getComputedStyle(el).overflowX;
    if ((ox === "auto" || ox === "scroll") && el.checkVisibility() && el.scrollWidth > el.clientWidth + 40) {
      el.dataset.scrolls = tags.length;
      tags.push(el.tagName);
      hide(el, false);
      el.querySelectorAll("*").forEach((c) => hide(c, true));
    }
  }
  return tags;
})()`)
		for i, tag := range tags {
			boxes++
			sel := fmt.Sprintf(`[data-scrolls="%d"]`, i)
			name := path + " " + tag
			for _, at := range []struct {
				where       string
				scroll      string // the box's scrollLeft, of its scrollable width
				left, right bool   // a shadow wanted on that side
			}{
				{"at its start", "0", false, true},
				{"half way", "(b.scrollWidth - b.clientWidth) / 2", true, true},
				{"at its end", "b.scrollWidth", true, false},
			} {
				for _, band := range edges(t, tab, sel, at.scroll) {
					if shaded(band.Left) != at.left || shaded(band.Right) != at.right {
						t.Errorf("%s, scrolled %s, at %s: a shadow on the left %v (brightness %.0f of 255), on the right %v (%.0f); want %v and %v",
							name, at.where, band.Name, shaded(band.Left), band.Left, shaded(band.Right), band.Right, at.left, at.right)
					}
				}
			}
		}
	}
	if boxes < 3 {
		t.Fatalf("%d boxes scroll sideways at 375 px on the fixture site; its article's table and code and its legal page's table should", boxes)
	}
}

// fixtureBoxPages gives the paths of the fixture site's pages (env serves
// it) whose HTML has a table or a block of code: the boxes that may
// scroll sideways.
func fixtureBoxPages(t *testing.T, env *browsertest.Env) []string {
	t.Helper()
	site, err := load.Site(os.DirFS("../testdata/site"))
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, r := range site.Routes {
		if r.Redirect != "" || r.NotFound {
			continue
		}
		res := env.Get(t, r.Path)
		body, err := io.ReadAll(res.Body)
		res.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(body, []byte("<table")) || bytes.Contains(body, []byte("<pre")) {
			paths = append(paths, r.Path)
		}
	}
	return paths
}

// shaded says whether an edge's brightness (0 to 255, of the box's
// background where the page's is white or a light grey) shows a shadow:
// the shadow takes it to some 200 at the very edge; a plain edge stays
// within a few levels of the box's colour (at least 245).
func shaded(brightness float64) bool { return brightness < 235 }

// band is the mean brightness of the 4 px inside a box's left and right
// edges, over 8 px of its height.
type band struct {
	Name        string
	Left, Right float64
}

// edges scrolls the box sel to scroll (a script of b, the box), waits two
// frames, and gives its edges' brightness about the middle of its height
// and, for a table, about that of its first row.
func edges(t *testing.T, tab *browsertest.Tab, sel, scroll string) []band {
	t.Helper()
	type box struct {
		X0, X1, DPR float64
		Ys          map[string]float64
	}
	b, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[box](`(async () => {
  const b = document.querySelector('`+sel+`');
  b.scrollIntoView({block: "center"});
  b.scrollLeft = `+scroll+`;
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const r = b.getBoundingClientRect();
  const ys = {"the middle of its height": r.top + b.clientTop + b.clientHeight / 2};
  const first = b.querySelector("tr");
  if (first) { const f = first.getBoundingClientRect(); ys["its first row"] = f.top + f.height / 2; }
  return {X0: r.left + b.clientLeft, X1: r.left + b.clientLeft + b.clientWidth, Ys: ys, DPR: devicePixelRatio};
})()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	img := screenshot(t, tab)
	px := func(v float64) int { return int(v * b.DPR) }
	// mean is the brightness of the pixels from x0 to x1, 4 px above and
	// below y.
	mean := func(x0, x1 int, y float64) float64 {
		var sum, n float64
		for py := px(y - 4); py < px(y+4); py++ {
			for x := x0; x < x1; x++ {
				r, g, bl, _ := img.At(x, py).RGBA()
				sum += float64(r+g+bl) / 3 / 257
				n++
			}
		}
		return sum / n
	}
	x0, x1 := px(b.X0)+1, px(b.X1)-1 // inside the edge's antialiased pixel
	var out []band
	for _, name := range slices.Sorted(maps.Keys(b.Ys)) {
		y := b.Ys[name]
		if x0 < 0 || !image.Pt(x1, px(y)).In(img.Bounds()) {
			t.Fatalf("the box %s (%+v) is not in the screenshot %v", strings.Trim(sel, "[]"), b, img.Bounds())
		}
		out = append(out, band{name, mean(x0, x0+px(4), y), mean(x1-px(4), x1, y)})
	}
	return out
}

// TestPhoneMenuScrollShows: the phone's menu, its list longer than its box
// (every group open, on a phone held sideways, where the list has the
// least height), says so the same way: a band at the end that has more to
// see, none at an end in view (a trial took the list for ended, its last
// entries under the sheet's foot). The band is light: the sheet is dark.
// The list's text and lines are made transparent first, as above. Closed
// and opened again, the list starts at its top.
func TestPhoneMenuScrollShows(t *testing.T) {
	t.Parallel()
	env := browsertest.StartWith(t, browsertest.Config{Content: "testdata/site"})
	tab := env.NewTab(t, 667, 375)
	tab.Load(t, "/")
	tab.WaitFor(t, hydrated, time.Minute)
	click(t, tab, `button[aria-controls="mobile-menu"]`)
	// Opened, once it has slid in (it fades in as it does).
	waitFor(t, tab, `document.getElementById("mobile-menu").open && document.getElementById("mobile-menu").getAnimations().length === 0`)
	list := `document.querySelector("#mobile-menu .menu-sheet__list")`
	over := eval[float64](t, tab, `(() => {
  const l = `+list+`;
  for (const d of l.querySelectorAll("details")) d.open = true;
  for (const el of [l, ...l.querySelectorAll("*")]) {
    el.style.setProperty("color", "transparent", "important");
    el.style.setProperty("border-color", "transparent", "important");
    el.style.setProperty("text-decoration", "none", "important");
  }
  for (const el of l.querySelectorAll("svg")) el.style.setProperty("visibility", "hidden", "important");
  return l.scrollHeight - l.clientHeight;
})()`)
	if over < 40 {
		t.Fatalf("with every group open, the menu's list scrolls by %.0f px at 667×375: the test wants one that scrolls", over)
	}
	for _, at := range []struct {
		where       string
		scroll      string
		top, bottom bool // a band wanted at that end
	}{
		{"at its start", "0", false, true},
		{"half way", "(l.scrollHeight - l.clientHeight) / 2", true, true},
		{"at its end", "l.scrollHeight", true, false},
	} {
		top, bottom := ends(t, tab, list, at.scroll)
		if lit(top) != at.top || lit(bottom) != at.bottom {
			t.Errorf("the menu's list scrolled %s: a band at its top %v (brightness %.0f of 255), at its foot %v (%.0f); want %v and %v",
				at.where, lit(top), top, lit(bottom), bottom, at.top, at.bottom)
		}
	}
	// Left at its end, with its groups open, the menu opens again folded,
	// from its top (it opened where it was left, the first entries out of
	// sight: a trial).
	click(t, tab, `#mobile-menu .nav__burger`)
	waitFor(t, tab, `!document.getElementById("mobile-menu").open`)
	click(t, tab, `button[aria-controls="mobile-menu"]`)
	waitFor(t, tab, `document.getElementById("mobile-menu").open`)
	if at := eval[string](t, tab, `(() => { const l = `+list+`; return l.scrollTop + " px, " + l.querySelectorAll("details[open]").length + " groups open"; })()`); at != "0 px, 0 groups open" {
		t.Errorf("the menu opened again scrolled to %s, want its top, folded", at)
	}
}

// lit says whether an end of a box on the dark sheet (brightness 11 of
// 255) shows the light band: some 75 at the very edge, 65 over the 4 px
// looked at; a covered end stays at the sheet's 11.
func lit(brightness float64) bool { return brightness > 22 }

// ends scrolls the box list (a script giving it) to scroll (a script of l,
// the box), waits two frames, and gives the mean brightness of the 4 px
// inside its top and bottom edges, across its width.
func ends(t *testing.T, tab *browsertest.Tab, list, scroll string) (top, bottom float64) {
	t.Helper()
	type box struct{ X0, X1, Y0, Y1, DPR float64 }
	b, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[box](`(async () => {
  const l = `+list+`;
  l.scrollTop = `+scroll+`;
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const r = l.getBoundingClientRect();
  return {X0: r.left + l.clientLeft, X1: r.left + l.clientLeft + l.clientWidth, Y0: r.top + l.clientTop, Y1: r.top + l.clientTop + l.clientHeight, DPR: devicePixelRatio};
})()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	img := screenshot(t, tab)
	px := func(v float64) int { return int(v * b.DPR) }
	x0, x1 := px(b.X0)+1, px(b.X1)-1
	if x0 < 0 || !image.Pt(x1, px(b.Y1)-1).In(img.Bounds()) {
		t.Fatalf("the box (%+v) is not in the screenshot %v", b, img.Bounds())
	}
	mean := func(y0, y1 int) float64 {
		var sum, n float64
		for y := y0; y < y1; y++ {
			for x := x0; x < x1; x++ {
				r, g, bl, _ := img.At(x, y).RGBA()
				sum += float64(r+g+bl) / 3 / 257
				n++
			}
		}
		return sum / n
	}
	return mean(px(b.Y0), px(b.Y0+4)), mean(px(b.Y1-4), px(b.Y1))
}

// screenshot is what tab shows, decoded.
func screenshot(t *testing.T, tab *browsertest.Tab) image.Image {
	t.Helper()
	shot, err := chromedp.Run(tab.Ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		t.Fatal(err)
	}
	return img
}
