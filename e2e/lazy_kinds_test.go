package e2e

// The lazy section kinds (the security page, the sample calls) in
// Chromium: their module and CSS are files of their own, which only the
// pages that show them load. Reached by a client-side navigation from a
// page without one, the page appears once the kind's module and
// stylesheet are in, styled as when loaded directly; loaded directly, a
// click inside the section hydrates it with the kind's module, without a
// mismatch.

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/internal/testkit/browsertest"
)

func TestLazyKindByNavigationAndHydration(t *testing.T) {
	t.Parallel()
	site := sweepSite(t)
	lazy := content.LazyKinds()
	var target, from string
	for _, r := range site.Routes {
		page := site.Pages[r.Path]
		if page == nil || r.NotFound || r.Redirect != "" {
			continue
		}
		kinds := map[string]bool{}
		for _, s := range page.Sections {
			kinds[s.Kind] = true
		}
		switch {
		case kinds["security"] && target == "":
			target = r.Path
		case from == "" && !slices.ContainsFunc(lazy, func(k string) bool { return kinds[k] }):
			from = r.Path
		}
	}
	if target == "" || from == "" {
		t.Fatalf("no page shows the security kind (%q) or none is without a lazy kind (%q)", target, from)
	}
	env := browsertest.Start(t)
	tab := env.NewTab(t, 1280, 900)
	tab.Load(t, from)
	if n := eval[int](t, tab, `document.querySelectorAll("style[data-kind], link[rel=modulepreload]").length`); n != 0 {
		t.Errorf("%s, which shows no lazy kind, inlines or preloads %d of their files", from, n)
	}
	// A link to the page, as the visitor follows it: the page's own if it
	// has one (the footer's), else one in its main part.
	run(t, tab, fmt.Sprintf(`(() => {
		window.__sameDocument = true;
		let a = document.querySelector('a[href=%[1]q]');
		if (!a) { a = document.createElement("a"); a.href = %[1]q; a.textContent = "go"; document.querySelector("main").append(a); }
		a.click();
	})()`, target))
	waitFor(t, tab, fmt.Sprintf(`location.pathname === %q && !!document.querySelector("[data-framework]")`, target))
	if !eval[bool](t, tab, `window.__sameDocument === true`) {
		t.Fatalf("the link to %s loaded a new document: no client-side navigation", target)
	}
	if !eval[bool](t, tab, `getComputedStyle(document.querySelector("[data-framework]")).display === "grid"`) {
		t.Errorf("%s after a client-side navigation: the security section's stylesheet does not apply", target)
	}
	var module bool
	for _, u := range tab.Requests() {
		module = module || strings.Contains(u, "/assets/section-security-")
	}
	if !module {
		t.Errorf("the security kind's module was not requested: %q", tab.Requests())
	}
	noConsoleErrors(t, tab)

	// Loaded directly: the CSS inlined (the CSP allows it), and a click in
	// the section hydrates it with the kind's module.
	tab.Reset()
	tab.Load(t, target)
	if !eval[bool](t, tab, `!!document.querySelector('style[data-kind="security"]') && getComputedStyle(document.querySelector("[data-framework]")).display === "grid"`) {
		t.Errorf("%s loaded directly: the security section's CSS is not inlined or does not apply", target)
	}
	run(t, tab, `document.querySelector("[data-framework]").click()`)
	waitFor(t, tab, `Object.keys(document.querySelector("[data-framework]")).some((k) => k.startsWith("__reactFiber"))`)
	noConsoleErrors(t, tab)
}
