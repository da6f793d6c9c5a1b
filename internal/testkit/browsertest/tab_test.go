package browsertest

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

func TestMain(m *testing.M) { os.Exit(Main(m, Site{})) }

// A page that navigates itself (make dev's live reload, after a build)
// can do so after Load has begun to navigate away from it. Here the page
// reloads itself at the moment the browser asks for the next page, whose
// answer is held until the reload is asked for or the browser gives that
// navigation up (Chromium does: the page's reload aborts it). That race
// left TestWatch's tab on the page before, once under load. Load ends on
// the page it was asked for.
func TestLoadIsNotOvertakenByThePageItLeaves(t *testing.T) {
	var (
		mu       sync.Mutex
		asked    = make(chan struct{}) // the next page was asked for
		reloaded = make(chan struct{}) // the page left reloaded itself
		once     sync.Once
		reloads  int
	)
	page := func(name, script string) string {
		return fmt.Sprintf(`<!doctype html><html><head><title>%s</title></head><body><h1>%s</h1>
<script>document.documentElement.setAttribute("data-hydrated", ""); document.documentElement.setAttribute("data-rendered", "");%s</script></body></html>`, name, name, script)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /before", func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		reloads++
		n := reloads
		mu.Unlock()
		if n == 2 {
			close(reloaded)
		}
		// The first time it is shown, the page waits for the signal and
		// reloads itself.
		script := ""
		if n == 1 {
			script = `fetch("/signal").then(() => location.reload());`
		}
		w.Header().Set("Cache-Control", "no-store")
		fmt.Fprint(w, page("before", script))
	})
	mux.HandleFunc("GET /signal", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-asked:
		case <-r.Context().Done():
		}
	})
	mux.HandleFunc("GET /after", func(w http.ResponseWriter, r *http.Request) {
		once.Do(func() {
			close(asked)
			select {
			case <-reloaded:
			case <-r.Context().Done(): // the browser gave this navigation up
			case <-time.After(time.Minute):
			}
		})
		w.Header().Set("Cache-Control", "no-store")
		fmt.Fprint(w, page("after", ""))
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()

	tab := Attach(t, srv.URL).NewTab(t, 800, 600)
	tab.Load(t, "/before")
	tab.Load(t, "/after")
	got, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[string](`location.pathname + " " + document.querySelector("h1").textContent`))
	if err != nil {
		t.Fatal(err)
	}
	if got != "/after after" {
		t.Errorf("after Load(/after) the tab shows %q", got)
	}
	mu.Lock()
	defer mu.Unlock()
	if reloads < 2 {
		t.Errorf("the page left was shown %d times: it never reloaded itself, and the race was not run", reloads)
	}
}

// A tab plays every page's animations MotionRate times faster than real
// time, on the first page it loads and on every page after it (each a new
// document, with a timeline of its own). The rate is read in the page, as
// an animation's time over the real time that passed, in frames over at
// least half a second: a ratio, which a loaded machine leaves as it is.
func TestPagesMoveAtTheTabsRate(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{page}", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `<!doctype html><html><head><title>%s</title>
<style>@keyframes slide { to { transform: translateX(100px); } } #moving { animation: slide 1000s linear; }</style></head>
<body><div id="moving">%s</div>
<script>document.documentElement.setAttribute("data-hydrated", ""); document.documentElement.setAttribute("data-rendered", "");</script></body></html>`,
			r.PathValue("page"), r.PathValue("page"))
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()

	const rate = `new Promise((resolve) => {
  const a = document.getElementById("moving").getAnimations()[0];
  const t0 = a.currentTime, p0 = performance.now();
  const step = () => performance.now() - p0 < 500 ? requestAnimationFrame(step) : resolve((a.currentTime - t0) / (performance.now() - p0));
  requestAnimationFrame(step);
})`
	tab := Attach(t, srv.URL).NewTab(t, 800, 600)
	for _, page := range []string{"/first", "/second"} {
		tab.Load(t, page)
		got, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[float64](rate, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatal(err)
		}
		// MotionRate, less what the last frame before the reading lags
		// behind it: far above the real time's 1.
		if got < MotionRate/5 {
			t.Errorf("%s: its animation moved %.1f times as fast as real time, want %d", page, got, MotionRate)
		}
	}
}
