// Package browsertest runs browser tests against the real site: it builds
// the repository's content/ and frontend/ with the real build, serves the
// output with the real server (routing manifest, headers, contact function
// with an outbox in a temporary directory) on 127.0.0.1, and drives Debian's
// headless Chromium with chromedp. It never downloads a browser.
//
// The build, the server and the browser are started once per test binary
// and shared (they take seconds; tabs take milliseconds). A package using it
// hands in how the site is built and its contact function (this package
// sits below both, in internal/) and runs them down in TestMain:
//
//	func TestMain(m *testing.M) {
//		os.Exit(browsertest.Main(m, browsertest.Site{Build: build, Contact: contactFn}))
//	}
//
//	func TestSomething(t *testing.T) {
//		t.Parallel()                        // tabs are independent
//		env := browsertest.Start(t)
//		tab := env.NewTab(t, 1280, 800)
//		tab.Load(t, "/platform")          // waits until React has hydrated
//		if errs := tab.ConsoleErrors(); len(errs) > 0 { ... }
//		if v := browsertest.Axe(t, tab.Ctx); len(v) > 0 { ... }
//	}
//
// Env.SetContact stands another handler in for the contact function (a
// failing or slow endpoint); Env.OutboxLines reads what the real one
// received; a test using either holds the endpoint first (Env.HoldContact);
// Env.Get fetches a path without the browser (statuses, headers).
//
// chromedp here is v0.23, whose API is generic and differs from older
// examples: actions are Action[T] values; chromedp.Do(ctx, steps...) runs
// Action[Void] steps; chromedp.Run(ctx, action) returns an action's value;
// selectors are typed (chromedp.CSS("a.b"), chromedp.ID("x")). For example:
//
//	chromedp.Do(tab.Ctx,
//		chromedp.Click(chromedp.CSS(`button[aria-controls="menu"]`)),
//		chromedp.WaitVisible(chromedp.CSS("#menu")),
//		chromedp.SendKeys(chromedp.CSS("#email"), "a@b.example"),
//		chromedp.Poll[chromedp.Void](`window.scrollY > 500`),  // wait for a condition
//		chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 600)`),
//		chromedp.KeyEvent(kb.Escape),                            // import "github.com/chromedp/chromedp/kb"
//	)
//	n, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[int](`document.querySelectorAll(".card").length`))
//	text, err := chromedp.Run(tab.Ctx, chromedp.Text(chromedp.CSS("h1")))
//	ok, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[bool](`document.activeElement.id === "x"`))
//
// For waits of seconds (a build, a save, an editor's step), Until asks
// every 50 ms, where chromedp.Poll asks once a frame and keeps the page
// drawing; Type types a long text's ends as keys and its middle at once
// (input.go says why).
//
// Evaluate decodes JSON case-sensitively: give result structs json tags.
// Promises need chromedp.EvalAwaitPromise.
package browsertest

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/vozia/site/internal/contactform"
	"github.com/vozia/site/internal/devserver"
	"github.com/vozia/site/internal/routing"
)

// ChromiumPath is Debian's headless Chromium (package
// chromium-headless-shell, built from the same source as its chromium,
// installed by `make test`): the same Blink and V8 without the desktop
// browser's own UI, which a test never sees. It takes half the CPU of
// chromium --headless over the browser tests (docs/decisions.md).
const ChromiumPath = "/usr/bin/chromium-headless-shell"

// Env is the running site and browser.
type Env struct {
	// URL is the site's origin, "http://127.0.0.1:PORT".
	URL string
	// Dir is the built site root (dist/site of the temporary build).
	Dir string
	// Repo is the repository root.
	Repo string

	outbox      string
	contact     atomic.Pointer[http.Handler]
	contactHeld sync.Mutex
	browser     context.Context
}

// Site is what the harness needs from the floors above it, given to Main.
type Site struct {
	// Build writes into dir the site of the repository at repo built as
	// cfg says (as cmd/build -out dir does).
	Build func(ctx context.Context, repo string, cfg Config, dir string) error
	// Contact returns the contact function as the local server mounts it
	// (outbox.Handler): enquiries appended to outbox, origins granted CORS.
	Contact func(outbox string, origins []string) (http.Handler, error)
}

// Config is a variant of the build, for behaviour that depends on the
// site's configuration. The zero Config is the shipped site.
type Config struct {
	// AnalyticsID builds the site with this Google Analytics measurement
	// ID (as cmd/build -analytics-id does).
	AnalyticsID string
	// Content is the content tree, relative to the repository (as
	// cmd/build -content) or absolute (a site a test wrote); empty is the
	// shipped content (ContentDir).
	Content string
}

// ContentEnv names the environment variable that points the browser tests
// at another copy of the shipped content: a path, absolute or relative to
// the repository. make test-copy-edits sets it to a copy whose copy an
// editor has changed, to prove that the tests read the words they check
// from the content, never pin them.
const ContentEnv = "VOZIA_CONTENT"

// ContentDir is the shipped content tree the tests build and read their
// expectations from: $VOZIA_CONTENT when set, else the repository's
// content/.
func ContentDir(repo string) string {
	dir := os.Getenv(ContentEnv)
	if dir == "" {
		return filepath.Join(repo, "content")
	}
	if filepath.IsAbs(dir) {
		return dir
	}
	return filepath.Join(repo, dir)
}

// ContentFS is ContentDir(repo) as a file system, found from the test's
// working directory (any package of the repository).
func ContentFS() (fs.FS, error) {
	repo, err := repoRoot()
	if err != nil {
		return nil, err
	}
	return os.DirFS(ContentDir(repo)), nil
}

// The shared environments, one per Config, and the one browser. Package
// state is unusual here, but building the site and starting Chromium once
// per test binary, not once per test, is what keeps the browser suites
// fast; Main tears it all down. Tests may run in parallel (each tab is its
// own browser context, with its own storage): a variant's build does not
// hold up tests of another variant.
var (
	site        Site // set by Main, before the tests run
	mu          sync.Mutex
	envs        = map[Config]*envOnce{}
	browserOnce = sync.OnceValues(startBrowser)
	teardownMu  sync.Mutex
	teardown    []func()
)

type envOnce struct {
	once sync.Once
	env  *Env
	err  error
}

// atTeardown runs f when Main ends, after the tests, last added first.
func atTeardown(f func()) {
	teardownMu.Lock()
	defer teardownMu.Unlock()
	teardown = append(teardown, f)
}

// Main runs the tests, which build and serve the site with s, and then
// stops the server and the browser and removes the temporary build. Use it
// from TestMain. A package that only attaches to servers it starts itself
// (Attach) gives the zero Site.
func Main(m *testing.M, s Site) int {
	site = s
	code := m.Run()
	teardownMu.Lock()
	defer teardownMu.Unlock()
	for i := len(teardown) - 1; i >= 0; i-- {
		teardown[i]()
	}
	return code
}

// Start returns the shared environment of the shipped site, starting it on
// first use. A missing Chromium or a failing build fails the test with the
// reason.
func Start(t testing.TB) *Env {
	t.Helper()
	return StartWith(t, Config{})
}

// StartWith returns the shared environment of a variant of the site: its
// own build and server, the same browser.
func StartWith(t testing.TB, cfg Config) *Env {
	t.Helper()
	mu.Lock()
	o := envs[cfg]
	if o == nil {
		o = &envOnce{}
		envs[cfg] = o
	}
	mu.Unlock()
	o.once.Do(func() {
		b, err := browserOnce()
		if err != nil {
			o.err = err
			return
		}
		o.env, o.err = start(cfg)
		if o.err == nil {
			o.env.browser = b
		}
	})
	if o.err != nil {
		t.Fatalf("browser test environment: %v", o.err)
	}
	return o.env
}

func start(cfg Config) (*Env, error) {
	repo, err := repoRoot()
	if err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp("", "vozia-browsertest-*")
	if err != nil {
		return nil, err
	}
	atTeardown(func() { os.RemoveAll(tmp) })
	e := &Env{Repo: repo, Dir: filepath.Join(tmp, "site"), outbox: filepath.Join(tmp, "outbox.jsonl")}

	if site.Build == nil || site.Contact == nil {
		return nil, errors.New("browsertest.Main was given no Site to build and serve")
	}
	if err := site.Build(context.Background(), repo, cfg, e.Dir); err != nil {
		return nil, fmt.Errorf("build: %w", err)
	}

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	e.URL = "http://" + ln.Addr().String()
	real, err := site.Contact(e.outbox, []string{e.URL})
	if err != nil {
		ln.Close()
		return nil, err
	}
	// The products an enquiry may name are the built site's, as cmd/serve
	// hands them to the function it mounts.
	if s, ok := real.(interface{ SetEnquiries([]byte) error }); ok {
		data, err := os.ReadFile(filepath.Join(routing.CDNDir(e.Dir), contactform.EnquiriesFile))
		if err == nil {
			err = s.SetEnquiries(data)
		}
		if err != nil {
			ln.Close()
			return nil, fmt.Errorf("the site's products: %w", err)
		}
	}
	// SetContact stands another handler in for the real one.
	contact := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if h := e.contact.Load(); h != nil {
			(*h).ServeHTTP(w, r)
			return
		}
		real.ServeHTTP(w, r)
	})
	h, err := devserver.New(context.Background(), devserver.Options{Dir: e.Dir, Contact: contact})
	if err != nil {
		ln.Close()
		return nil, err
	}
	srv := &http.Server{Handler: h}
	go srv.Serve(ln)
	atTeardown(func() { srv.Close() })

	return e, nil
}

// Attach returns an environment of a site served elsewhere (a server
// the test started itself, such as cmd/dev), with the shared
// browser. Only URL is set; the contact and outbox helpers do not apply.
func Attach(t testing.TB, url string) *Env {
	t.Helper()
	b, err := browserOnce()
	if err != nil {
		t.Fatalf("browser test environment: %v", err)
	}
	return &Env{URL: url, browser: b}
}

// startBrowser starts Debian's headless Chromium with the flags that work
// on a machine with no network but loopback.
func startBrowser() (context.Context, error) {
	if _, err := exec.LookPath(ChromiumPath); err != nil {
		return nil, fmt.Errorf("%s not found: run `make test` (it installs Debian's chromium-headless-shell)", ChromiumPath)
	}
	profile, err := os.MkdirTemp("", "vozia-chromium-*")
	if err != nil {
		return nil, err
	}
	atTeardown(func() { os.RemoveAll(profile) })
	opts := append(ChromiumOptions(profile), testOptions()...)
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	browser, cancelBrowser := chromedp.NewContext(alloc)
	atTeardown(cancelAlloc)
	atTeardown(cancelBrowser)
	if err := chromedp.Do(browser); err != nil {
		return nil, fmt.Errorf("start chromium: %w", err)
	}
	return browser, nil
}

// testOptions are the tests' flags beyond ChromiumOptions: the elements'
// accessible roles and names in JavaScript (below), and V8 without its
// optimizing compilers (Maglev, TurboFan), which run beside the page on
// the machine's other core and compile the app's hot functions for a page
// the test closes a few seconds later. The browser tests took some 12 %
// less processor time without them (457 against 517 CPU-s, two runs each,
// alternating; the sweep of every route 56 against 65, three each; 6
// December 2026), on a suite bound by its two cores. Behaviour is the
// same: the tiers run the same code. The pages' main-thread work is, if
// anything, longer, so a test that bounds it holds the app to more, not
// less. A run of benchmarks (go test -bench) keeps them, as a visitor's
// browser does: what it times is the visitor's wait.
func testOptions() []chromedp.ExecAllocatorOption {
	if benchmarking() {
		return nil
	}
	return []chromedp.ExecAllocatorOption{
		chromedp.Flag("js-flags", "--no-opt --no-maglev"),
		// An element's role and name as the accessibility tree has them
		// (Element.computedRole, computedName), for the focus walks: what
		// a screen reader says at each Tab stop.
		chromedp.Flag("enable-blink-features", "ComputedAccessibilityInfo"),
	}
}

// benchmarking says whether this is a run of benchmarks (go test -bench),
// which times what a visitor waits for: the browser as a visitor's, with
// V8's compilers (testOptions) and motion in real time (MotionRate).
func benchmarking() bool {
	f := flag.Lookup("test.bench")
	return f != nil && f.Value.String() != ""
}

// ChromiumOptions are the flags that start Debian's headless Chromium on a
// machine with no network but loopback, with profile as its fresh user
// data directory (make bench's browser measurements use them too).
func ChromiumOptions(profile string) []chromedp.ExecAllocatorOption {
	return []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(ChromiumPath),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.UserDataDir(profile),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.Flag("mute-audio", true),
	}
}

// HoldContact gives the test the contact endpoint to itself until it ends:
// a test that swaps the handler (SetContact) or counts the enquiries the
// real one delivered (OutboxLines) holds it first, so that parallel tests
// never see each other's enquiries or handlers. Tests that never post run
// beside it freely.
func (e *Env) HoldContact(t testing.TB) {
	e.contactHeld.Lock()
	t.Cleanup(e.contactHeld.Unlock)
}

// SetContact makes h answer POST /api/contact instead of the real contact
// function until ResetContact; the test resets it on cleanup. Hold the
// endpoint first (HoldContact).
func (e *Env) SetContact(t testing.TB, h http.Handler) {
	e.contact.Store(&h)
	t.Cleanup(e.ResetContact)
}

// ResetContact restores the real contact function.
func (e *Env) ResetContact() { e.contact.Store(nil) }

// OutboxLines returns the enquiries the real contact function delivered so
// far, one decoded JSON object each.
func (e *Env) OutboxLines(t testing.TB) []map[string]any {
	t.Helper()
	data, err := os.ReadFile(e.outbox)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	} else if err != nil {
		t.Fatal(err)
	}
	var out []map[string]any
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("outbox line %q: %v", sc.Text(), err)
		}
		out = append(out, m)
	}
	return out
}

// Get fetches a path from the server without the browser (for statuses and
// headers), not following redirects.
func (e *Env) Get(t testing.TB, path string) *http.Response {
	t.Helper()
	c := &http.Client{
		Timeout:       10 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	res, err := c.Get(e.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { res.Body.Close() })
	return res
}

func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the working directory")
		}
		dir = parent
	}
}
