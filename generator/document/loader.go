package document

import (
	"fmt"
	"html"
	"strings"
)

// The app is fetched once the page has painted its content, by a small
// inline script at the end of the body (Loader), not by a <script src>
// in the head.
//
// Why: the page is whole without the app, which only hydrates it, so the
// app's bytes and its first run should never come before the first paint.
// A <script src> is fetched as soon as the parser (or its preload scanner)
// sees it, and from a fast server or the cache it ran before the first
// paint. Lighthouse's simulation then counts its download and its run
// (four times slower on its phone) as part of the largest contentful
// paint: 1.6-1.8 s on every route, where the first paint was 0.8 s, and
// the app's start-up inside the blocking time. Loaded after the first
// contentful paint, on the quiet machine of 30 November 2026, the largest
// paint of / was 1.0 s (1.8 s), and the blocking time of
// /solutions/text-ai 32 ms (161 ms); see docs/measurements.md. What it
// costs: the app starts later, by the time from the parser's reading the
// head to the first paint; meanwhile the page works as the HTML it is
// (links, and the forms' note that they need JavaScript).
//
// The loader waits for the browser's first-contentful-paint entry, not
// for a frame: the first frames of a page still being parsed paint
// nothing, and the app then came before the content again. A tab opened
// in the background paints nothing until it is shown: there the app
// loads at once, as it does when the tab is hidden before it has
// painted. A browser without paint timing loads it a frame later.
//
// Until the app has started, a form's Send opens a note that it is
// queued (a popover: HTML alone), and the app sends it once it runs
// (frontend/src/components/contact-section.tsx). Enter in a field submits
// the form through its hidden default button instead, whose "dialog"
// method does nothing: the loader presses the form's popover button for
// it, so that Enter queues the enquiry as Send does. Once the app runs,
// its own handler has taken the submission (defaultPrevented) first.
//
// Should the app's script (the first of data-scripts) or a module it
// imports fail to load (a blocker, a network error), the loader marks the
// document (data-app-failed), and the notes say, by the stylesheet, that
// nothing was sent and where to write instead: a buyer behind a blocker
// read "will be sent as soon as the page has finished loading" on a page
// that had finished. A script that loads and then throws is not seen.
//
// A link to a part of the page inside an open dialog (the phone menu's
// "Contact Us", opened by the hamburger's command before the app) closes
// the dialog as it is followed, as the app's menu does: the browser
// scrolled the page behind the modal sheet, which stayed open over it.
// Once the app runs, its handler has closed the sheet first.
//
// The loader is the same text on every page, so one hash in the CSP
// (routing.Policy.InlineScripts) allows it and 'unsafe-inline' stays
// out; what a page loads is in its data attributes. It loads only the
// site's own /assets/ modules, whatever an attribute says: a copy of
// the element planted in a page could load nothing else (and the CSP
// allows scripts from the site only).
const Loader = `{document.addEventListener("submit",(e)=>e.defaultPrevented||e.target.querySelector("button[popovertarget]")?.click());document.addEventListener("click",(e)=>{const a=e.target.closest?.("dialog[open] a[href]");a?.hash&&a.pathname===location.pathname&&a.search===location.search&&a.closest("dialog").close()});const d=document.currentScript.dataset,fcp="first-contentful-paint",files=(s)=>(s||"").split(" ").filter((u)=>u.startsWith("/assets/")),add=(tag,props)=>document.head.append(Object.assign(document.createElement(tag),props));let done=false;const load=()=>{if(done)return;done=true;files(d.scripts).forEach((src,i)=>add("script",{type:"module",src,fetchPriority:"low",onerror:i?null:()=>document.documentElement.setAttribute("data-app-failed","")}));for(const href of files(d.preload))add("link",{rel:"modulepreload",href,fetchPriority:"low"})},later=()=>setTimeout(load),paint=self.PerformanceObserver?.supportedEntryTypes?.includes("paint");if(document.visibilityState!=="visible")load();else if(!paint)requestAnimationFrame(later);else if(performance.getEntriesByName(fcp).length)later();else{new PerformanceObserver((l,o)=>{if(l.getEntriesByName(fcp).length){o.disconnect();later()}}).observe({type:"paint"});document.addEventListener("visibilitychange",()=>document.visibilityState==="hidden"&&load())}}`

// loader is Loader's bytes, written into every page.
var loader = []byte(Loader)

// InlineScripts are the contents of the inline scripts every page runs
// (the loader), for the CSP to allow by their hashes, as InlineStyles are
// the styles'.
func InlineScripts() [][]byte { return [][]byte{loader} }

// loaderOpen is the start tag of the loader's element for a page whose
// app is script and whose sections need players (more module scripts) and
// preload the lazy kinds' modules; Loader is its contents.
func loaderOpen(script string, players []string, preload []string) string {
	attr := func(urls []string) string {
		return html.EscapeString(strings.Join(urls, " "))
	}
	tag := fmt.Sprintf("<script data-scripts=\"%s\"", attr(append([]string{script}, players...)))
	if len(preload) > 0 {
		tag += fmt.Sprintf(" data-preload=\"%s\"", attr(preload))
	}
	return tag + ">"
}
