package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/siteconfig"
	"github.com/vozia/site/internal/testkit/browsertest"
)

// demoProduct is a product of site.yaml one of whose pages links to where
// "Request a Demo" leads, and that page.
//
// A page without a contact form of its own comes first: the form's module
// loads only with the page that shows it, so the link followed there must
// be known without it.
func demoProduct(t *testing.T, env *browsertest.Env, tab *browsertest.Tab, site *content.Site) (siteconfig.EnquiryProduct, string) {
	t.Helper()
	var withForm siteconfig.EnquiryProduct
	var withFormPage string
	for _, p := range site.Config.Products {
		for _, pg := range p.Pages {
			tab.Load(t, string(pg))
			if !eval[bool](t, tab, `!!document.querySelector(`+js(`main a[href="`+site.Config.DemoHref+`"]`)+`)`) {
				continue
			}
			if !eval[bool](t, tab, `!!document.getElementById("cf-product")`) {
				return p, string(pg)
			}
			if withFormPage == "" {
				withForm, withFormPage = p, string(pg)
			}
		}
	}
	if withFormPage != "" {
		return withForm, withFormPage
	}
	t.Skip("no product page links to the demo: nothing here to preset")
	return siteconfig.EnquiryProduct{}, ""
}

// A buyer on a product's page, who arrived from a campaign, asks for a
// demo: the demo page's form presets that product, and the enquiry carries
// it, the page it was sent from and, with their consent to analytics, the
// campaign of the address they landed on; without consent, no campaign,
// neither sent nor kept.
func TestDemoRequestNamesItsProductPageAndCampaign(t *testing.T) {
	t.Parallel()
	env := browsertest.Start(t)
	site := sweepSite(t)
	demo := site.Config.DemoHref
	if site.Config.Demo.Opens != siteconfig.DemoOpensPage {
		// The hosted form: every demo link opens it in a new tab.
		tab := env.NewTab(t, 1280, 800)
		tab.Load(t, "/")
		if !eval[bool](t, tab, `[...document.querySelectorAll("a")].filter(a => a.getAttribute("href") === `+js(demo)+`).every(a => a.target === "_blank")`) {
			t.Errorf("a link to the hosted demo form %s does not open a new tab", demo)
		}
		return
	}
	env.HoldContact(t)
	// utm_content would put markup in the mail, utm_term is three Hangul
	// fillers (drawing nothing): the form keeps neither.
	const landing = "?utm_source=newsletter&utm_medium=email&utm_campaign=spring%20trial&utm_content=%3Cb%3E&utm_term=%E3%85%A4%E3%85%A4%E3%85%A4"

	for _, consent := range []bool{true, false} {
		name := map[bool]string{true: "with consent to analytics", false: "without consent"}[consent]
		t.Run(name, func(t *testing.T) {
			tab := env.NewTab(t, 1280, 900)
			movableClock(t, tab)
			do(t, tab, chromedp.Navigate(env.URL+"/robots.txt"))
			run(t, tab, `localStorage.setItem("cookie-consent", JSON.stringify({essential: true, analytics: `+map[bool]string{true: "true", false: "false"}[consent]+`, marketing: false}))`)
			product, from := demoProduct(t, env, tab, site)
			tab.Load(t, from+landing)
			before := len(env.OutboxLines(t))
			if consent {
				// The app's own link: a client-side navigation.
				click(t, tab, `main a[href="`+demo+`"]`)
			} else {
				// A new document, as a press before the app started makes:
				// the product comes from the referrer.
				if _, err := chromedp.Call(tab.Ctx, page.Navigate, page.NavigateParams{URL: env.URL + demo, Referrer: env.URL + from}); err != nil {
					t.Fatal(err)
				}
				do(t, tab, chromedp.WaitReady(chromedp.CSS("html[data-hydrated][data-rendered]"), browsertest.Unhurried))
			}
			waitFor(t, tab, `location.pathname === `+js(demo)+` && document.documentElement.hasAttribute("data-hydrated") && !!document.getElementById("cf-product")`)
			if got := eval[string](t, tab, `document.getElementById("cf-product").value`); got != product.ID {
				t.Fatalf("the demo page opened from %s presets product %q; want %q", from, got, product.ID)
			}
			// The demo page's own title: the navigation has settled.
			if r, ok := site.Route(demo); ok {
				waitFor(t, tab, `document.title.startsWith(`+js(r.Title)+`)`)
			}
			fillContactForm(t, tab, "51-250")
			if got := eval[string](t, tab, values); !strings.HasPrefix(got, "Ada|Lovelace|") {
				t.Fatalf("the form holds %q after typing", got)
			}
			aheadOfClock(t, tab, 3100*time.Millisecond)
			click(t, tab, "#contact-form button[type=submit]")
			if err := chromedp.Do(tab.Ctx, browsertest.Until(`document.querySelectorAll(".toasts li").length > 0`, 20*time.Second)); err != nil {
				t.Fatalf("no answer to the demo request: %v; the form says %q", err, eval[string](t, tab, `[...document.querySelectorAll("#contact-form .field__error, #contact-form [aria-live]")].map(e => e.textContent).join(" | ")`))
			}
			lines := env.OutboxLines(t)
			if len(lines) != before+1 {
				t.Fatalf("%d enquiries stored; want 1", len(lines)-before)
			}
			got := lines[len(lines)-1]
			want := map[string]any{"product": product.ID, "page": demo}
			if consent {
				want["utm_source"], want["utm_medium"], want["utm_campaign"] = "newsletter", "email", "spring trial"
			}
			for k, v := range want {
				if got[k] != v {
					t.Errorf("the enquiry's %s is %v; want %v (enquiry %v)", k, got[k], v, got)
				}
			}
			for k := range got {
				if strings.HasPrefix(k, "utm_") && want[k] == nil {
					t.Errorf("the enquiry carries %s=%v; want none (a value the function would refuse, or no consent)", k, got[k])
				}
			}
			kept := eval[string](t, tab, `sessionStorage.getItem("campaign") ?? ""`)
			if consent != (kept != "") {
				t.Errorf("sessionStorage holds campaign %q %s", kept, name)
			}
			noConsoleErrors(t, tab)
		})
	}
}

// Without JavaScript, "Request a Demo" is a plain link to the demo page,
// in the same tab; the demo page says where to write instead of its form;
// and a product's own page holds its form with that product chosen.
func TestDemoWithoutJavaScript(t *testing.T) {
	t.Parallel()
	env := browsertest.Start(t)
	site := sweepSite(t)
	if site.Config.Demo.Opens != siteconfig.DemoOpensPage {
		t.Skip("the hosted form: TestDemoRequestNamesItsProductPageAndCampaign checks its links")
	}
	tab := env.NewTab(t, 1280, 800)
	scriptsOff(t, tab)
	demo := site.Config.DemoHref
	do(t, tab, chromedp.Navigate(env.URL+"/"))
	if eval[string](t, tab, `document.querySelector("header a.nav__demo")?.getAttribute("href") + " " + document.querySelector("header a.nav__demo")?.target`) != demo+" " {
		t.Errorf("the header's demo link is not a same-tab link to %s", demo)
	}
	do(t, tab, chromedp.Click(chromedp.CSS("header a.nav__demo")))
	waitDocument(t, tab, demo)
	if !eval[bool](t, tab, `document.querySelector(".contact__noscript")?.checkVisibility() && !document.getElementById("cf-email").checkVisibility() && document.querySelector(".contact__noscript a[href^='mailto:']") !== null`) {
		t.Error("the demo page without JavaScript does not show where to write instead of its form")
	}
	for _, p := range site.Config.Products {
		for _, pg := range p.Pages {
			do(t, tab, chromedp.Navigate(env.URL+string(pg)))
			if got := eval[string](t, tab, `document.getElementById("cf-product")?.value ?? "no form"`); got != "no form" && got != p.ID {
				t.Errorf("the form on %s chooses %q; want its product %q", pg, got, p.ID)
			}
		}
	}
}
