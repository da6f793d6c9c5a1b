package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"gopkg.in/yaml.v3"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/field"
	"github.com/vozia/site/internal/testkit/browsertest"
)

// The records an editor adds in a week, each from its file's form in the
// web editor as an editor with the guide alone would: a case study, a
// partner and a webinar. Each is checked where the editor meets it (the
// form, its help and its preview), then in the file the editor saved
// (its diff is the record's lines: the rest of the file as it was) and
// on the site make dev builds from it.

// partnersPage is a page that shows the partner groups, which the test
// site has none of: the session's content gets it before the editor
// reads the folder.
const partnersPage = "title: Partners\ndescription: Who we work with.\nsections:\n  - kind: collection\n    collection: partnerGroups\n    heading: Our partners\n"

// addRecords adds a case study, a partner and a webinar in the editor of
// tab, on d, which has partnersPage at /partners.
func addRecords(t *testing.T, tab *browsertest.Tab, d *devSite) {
	t.Helper()
	addCaseStudy(t, tab, d)
	addPartner(t, tab, d)
	addWebinar(t, tab, d)
}

// addCaseStudy: the help of a story's Results names the claims they may
// cite (none in the test site: it says how to add one); a new story's
// colour starts as the site's theme colour and shows as text beside its
// swatch; saved with its fields empty, the form shows the first field it
// refuses, in view and focused; filled in, its preview shows it; its
// photo is saved under images/case-studies/ (the folder of the file's
// name, where the guide puts it); the file gains the story's lines and
// nothing else changes; the site has the story's page.
func addCaseStudy(t *testing.T, tab *browsertest.Tab, d *devSite) {
	t.Helper()
	const file = "collections/case-studies.yaml"
	n := openRecords(t, tab, d, "caseStudies", file)
	hint, _ := chromedp.Run(tab.Ctx, chromedp.Evaluate[string](`document.querySelector('section[data-key-path="items.0.results"]')?.innerText ?? ""`))
	if !strings.Contains(hint, "{claim:") || !strings.Contains(hint, "Collections › Claims") {
		t.Errorf("a case study's Results say nothing of the claims they may cite, or where to add one:\n%s", hint)
	}
	addTo(t, tab, "items", "Case study", n)
	item := fmt.Sprintf("items.%d", n)
	do(t, tab, "see the new case study's form", browsertest.Until(scrollTo(item+".id"), time.Minute))
	save(t, tab)
	refused := `(() => {
		const m = [...document.querySelectorAll('section[data-key-path] div.validation[role="alert"]')].find((m) => m.innerText.trim());
		if (!m) return false;
		const r = m.getBoundingClientRect();
		return r.top >= 0 && r.bottom <= innerHeight && m.closest("section").contains(document.activeElement);
	})()`
	if err := chromedp.Do(tab.Ctx, browsertest.Until(refused, time.Minute)); err != nil {
		seen, _ := chromedp.Run(tab.Ctx, chromedp.Evaluate[string](`JSON.stringify({
			messages: [...document.querySelectorAll('section[data-key-path] div.validation[role="alert"]')].map((m) => [m.closest("section").dataset.keyPath, m.innerText.trim(), Math.round(m.getBoundingClientRect().top)]),
			focus: document.activeElement?.closest("section[data-key-path]")?.dataset.keyPath ?? document.activeElement?.tagName,
			toasts: [...document.querySelectorAll(".sui.toast")].map((t) => t.getAttribute("aria-hidden") + " " + t.innerText.replace(/\s+/g, " ")),
		})`))
		body, _ := chromedp.Run(tab.Ctx, chromedp.Evaluate[string](`document.body.innerText`))
		if png, err := chromedp.Run(tab.Ctx, chromedp.CaptureScreenshot()); err == nil {
			os.WriteFile(filepath.Join(os.TempDir(), "records-failure.png"), png, 0o644)
		}
		t.Fatalf("saved with its fields empty, the new case study's first refused field is not shown in view and focused (%v): %s\n%s", err, seen, body)
	}

	const id, title = "harbour-logistics", "Calls answered at the harbour"
	for _, f := range []struct{ key, text string }{
		{"id", id}, {"sector", "Logistics"}, {"industry", "Shipping"}, {"company", "Harbour operator"},
		{"title", title}, {"challenge", "Drivers queued at the gate for a slot."}, {"solution", "A voice agent books the slots."},
	} {
		typeIn(t, tab, item+"."+f.key, f.text)
	}
	addTo(t, tab, item+".results", "Result", 0)
	typeIn(t, tab, item+".results.0", "Slots booked by phone, day and night")
	photo := filepath.Join(t.TempDir(), "Gate at dawn.PNG")
	writePNG(t, photo)
	do(t, tab, "upload its photo",
		browsertest.Until(scrollTo(item+".image.src"), time.Minute),
		chromedp.SetUploadFiles(chromedp.CSS(`section[data-key-path="`+item+`.image.src"] input[type="file"]`), []string{photo}),
	)
	typeIn(t, tab, item+".image.alt", "Trucks at a harbour gate")
	do(t, tab, "choose its icon",
		browsertest.Until(scrollTo(item+".icon")+` && (document.querySelector('section[data-key-path="`+item+`.icon"] [role=combobox]')?.click(), true)`, time.Minute),
		browsertest.Until(clickText(`[role=option]`, "calendar"), time.Minute),
	)
	do(t, tab, "see its colour", browsertest.Until(scrollTo(item+".color"), time.Minute))
	color, _ := chromedp.Run(tab.Ctx, chromedp.Evaluate[string](`document.querySelector('section[data-key-path="`+item+`.color"] input[type=text]')?.value ?? ""`))
	if !strings.EqualFold(color, "#FF6B35") {
		t.Errorf("a new case study's colour reads %q beside its swatch, not the site's theme colour", color)
	}
	previewShows(t, tab, "the new case study in the preview", `main#main article h3`, title)

	before, after, changed := saveRecords(t, tab, d, file, id)
	appended(t, file, before, after)
	if image := "images/case-studies/gate-at-dawn.png"; !slices.Contains(changed, image) {
		t.Errorf("the editor saved %q: the photo is not %s", changed, image)
	}
	// The story's page is its list page's address and its id.
	d.until(t, "the site has the new story's page", func() bool {
		status, _, body := d.get(t, "/about/"+id)
		return status == 200 && strings.Contains(body, title)
	})
}

// addPartner adds a partner to the first group: the file changes in that
// group's line of partners alone, and the page that shows the groups
// names the partner.
func addPartner(t *testing.T, tab *browsertest.Tab, d *devSite) {
	t.Helper()
	const file, partner = "collections/partner-groups.yaml", "Deepgram"
	openRecords(t, tab, d, "partnerGroups", file)
	do(t, tab, "see the first group's partners", browsertest.Until(scrollTo("items.0.partners"), time.Minute))
	var groups []struct{ Partners []string }
	if err := yaml.Unmarshal(d.read(t, file), &groups); err != nil || len(groups) == 0 {
		t.Fatalf("%s: %v", file, err)
	}
	addTo(t, tab, "items.0.partners", "Partner", len(groups[0].Partners))
	typeIn(t, tab, fmt.Sprintf("items.0.partners.%d", len(groups[0].Partners)), partner)
	previewShows(t, tab, "the new partner in the preview", `main#main section`, partner)
	before, after, _ := saveRecords(t, tab, d, file, partner)
	a, b := strings.Split(before, "\n"), strings.Split(after, "\n")
	var changed []string
	for i := range b {
		if i >= len(a) || a[i] != b[i] {
			changed = append(changed, b[i])
		}
	}
	if len(a) != len(b) || len(changed) != 1 || !strings.Contains(changed[0], ", "+partner+"]") {
		t.Errorf("%s: a partner added changed more than its group's line:\n%s", file, lineDiff(before, after))
	}
	d.until(t, "the partners' page names the new partner", func() bool {
		status, _, body := d.get(t, "/partners")
		return status == 200 && strings.Contains(body, partner)
	})
}

// addWebinar adds a webinar to come: its date is typed as the files write
// it, and the existing ones read so; its lines are written as the ones
// before it (quoted where theirs are); the page of the webinars lists it.
func addWebinar(t *testing.T, tab *browsertest.Tab, d *devSite) {
	t.Helper()
	const file, title = "collections/webinars.yaml", "Voice agents at the harbour"
	n := openRecords(t, tab, d, "webinars", file)
	shown, _ := chromedp.Run(tab.Ctx, chromedp.Evaluate[string](`document.querySelector('section[data-key-path="items.0.date"] input')?.value ?? ""`))
	if !dateForm.MatchString(shown) {
		t.Errorf("a webinar's date shows as %q in its form, not as the files and the help write it (YYYY-MM-DD)", shown)
	}
	addTo(t, tab, "items", "Webinar", n)
	item := fmt.Sprintf("items.%d", n)
	date := time.Now().AddDate(0, 2, 0).Format(time.DateOnly)
	for _, f := range []struct{ key, text string }{
		{"title", title}, {"date", date}, {"time", "16:00"}, {"timeZone", "Europe/Madrid"}, {"speaker", "Ana Test, Research"},
	} {
		typeIn(t, tab, item+"."+f.key, f.text)
	}
	// A record the build has not seen has none of what the build adds to
	// a webinar (its registration action): the section still draws.
	previewShows(t, tab, "the new webinar in the preview", `main#main section`, title)
	// Before any save, its time reads as the page will write it: the
	// zone as named on the day (CET), not as typed (generator/admin's
	// TestPreviewOfUnsavedWebinar has the rest of the card).
	zone := content.Webinar{Date: field.Date(date), Time: "16:00", TimeZone: "Europe/Madrid"}.Zone()
	previewShows(t, tab, "the new webinar's time in the preview", `main#main li.card time`, "16:00 "+zone)
	before, after, _ := saveRecords(t, tab, d, file, title)
	appended(t, file, before, after)
	if want := `  date: "` + date + `"`; strings.Contains(before, `  date: "`) && !strings.Contains(after, want) {
		t.Errorf("%s: the new webinar's date is not written as the others' are (%s)", file, want)
	}
	d.until(t, "the webinars' page lists the new webinar", func() bool {
		status, _, body := d.get(t, "/about")
		return status == 200 && strings.Contains(body, title)
	})
}

// dateForm is how the files and the guide write a date.
var dateForm = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)

// openRecords opens the file of records name (as the editor names it
// under Collections), d's file, from the list of the collections, as an
// editor goes from one file to the next, and returns how many records it
// has.
func openRecords(t *testing.T, tab *browsertest.Tab, d *devSite, name, file string) int {
	t.Helper()
	do(t, tab, "open "+name,
		chromedp.Evaluate[chromedp.Void](`location.hash = "#/collections/collections"`),
		browsertest.Until(`document.querySelector("section[data-key-path]") === null`, 2*time.Minute),
		chromedp.Evaluate[chromedp.Void](`location.hash = "#/collections/collections/entries/`+name+`"`),
		browsertest.Until(`!!document.querySelector('section[data-key-path^="items."]')`, 2*time.Minute))
	var records []any
	if err := yaml.Unmarshal(d.read(t, file), &records); err != nil {
		t.Fatal(err)
	}
	return len(records)
}

// saveRecords saves the records' file (under content/) from the editor
// and waits for it to hold want; it returns the file before and after,
// and what copyBack copied.
func saveRecords(t *testing.T, tab *browsertest.Tab, d *devSite, file, want string) (before, after string, copied []string) {
	t.Helper()
	before = string(d.read(t, file))
	save(t, tab)
	waitForFile(t, tab, "content/"+file, want)
	copied = copyBack(t, tab, d)
	return before, string(d.read(t, file)), copied
}

// addTo presses the Add button of the list at keyPath, and waits for the
// editor to move the focus into the list (to the new item's first
// button, or its input), which it does a moment after it has drawn the
// item: typing before then, a space would reach that button and fold the
// item away.
func addTo(t *testing.T, tab *browsertest.Tab, keyPath, label string, had int) {
	t.Helper()
	list := `section[data-key-path="` + keyPath + `"]`
	// The list's items, as its header counts them ("5 Case studies"; an
	// empty list may have no header, and no item), against the had items
	// of its file: the press is taken once the list shows them, and again
	// if, 20 s later, it shows no item more, or if the item it added went
	// away (the first press after opening a file can do nothing, for a
	// person too).
	items := `(() => { const l = document.querySelector(` + jsQuote(list) + `); if (!l) return -1;
		const m = l.innerText.match(/^(\d+) /m); if (m) return Number(m[1]);
		return l.querySelector(` + jsQuote(`section[data-key-path^="`+keyPath+`."]`) + `) ? -1 : 0; })()`
	press := `(() => { const n = ` + items + `, had = ` + strconv.Itoa(had) + `;
		const w = ((window.addPress ??= {})[` + jsQuote(keyPath) + `] ??= {});
		// The item must stay: one added while the editor still opens the
		// file is dropped a moment later, and pressed for again.
		if (n > had) return Date.now() - (w.since ??= Date.now()) > 5000;
		w.since = undefined;
		if (n < had) return false; // not drawn yet
		if (w.at && Date.now() - w.at < 20000) return false;
		if (` + clickText(list+` button`, "Add "+label) + `) w.at = Date.now();
		return false; })()`
	do(t, tab, "press Add "+label+" and see a new item",
		chromedp.Evaluate[chromedp.Void](`document.activeElement?.blur(); delete window.addPress?.[`+jsQuote(keyPath)+`]`),
		browsertest.Until(press, 2*time.Minute))
	// Where the editor does not move the focus (another version), typeIn
	// still finds the text it typed, or fails.
	if err := chromedp.Do(tab.Ctx, browsertest.Until(`!!document.activeElement?.closest(`+jsQuote(list)+`)`, 20*time.Second)); err != nil {
		t.Logf("after Add %s, the editor did not move the focus into %s (%v)", label, keyPath, err)
	}
}

// scrollTo is a script that brings the field at keyPath into view and
// says whether it is there; the editor draws a list's items and fields
// as they come into view, so until it is, the last field drawn of its
// record is brought into view, or, where none of the record is drawn yet
// (an item just added at the end, when the editor did not scroll to
// it), the last field drawn of its list, as a person scrolls down to it.
func scrollTo(keyPath string) string {
	parts := strings.SplitN(keyPath, ".", 3)
	record, list := strings.Join(parts[:2], "."), parts[0]
	return `(() => { const s = document.querySelector('section[data-key-path="` + keyPath + `"]');
		if (s) { s.scrollIntoView({block: "center"}); return true; }
		const last = (prefix) => [...document.querySelectorAll('section[data-key-path^="' + prefix + '."]')].at(-1);
		(last("` + record + `") ?? last("` + list + `"))?.scrollIntoView({block: "start"});
		return false; })()`
}

// typeIn types text into the field at keyPath, as keys.
func typeIn(t *testing.T, tab *browsertest.Tab, keyPath, text string) {
	t.Helper()
	sel := `section[data-key-path="` + keyPath + `"] :is(input:not([type=file]):not([type=color]), textarea)`
	do(t, tab, "type in "+keyPath,
		browsertest.Until(scrollTo(keyPath), time.Minute),
		browsertest.Type(sel, text),
		browsertest.Until(`document.querySelector(`+jsQuote(sel)+`)?.value.endsWith(`+jsQuote(text)+`)`, time.Minute),
	)
}

// appended checks that after is before with lines added at its end: a
// record added is its own lines, and nothing else of the file changes.
func appended(t *testing.T, file, before, after string) {
	t.Helper()
	if !strings.HasPrefix(after, before) || len(after) == len(before) {
		t.Errorf("%s: the new record changed more than its own lines:\n%s", file, lineDiff(before, after))
		return
	}
	t.Logf("%s: the new record, as saved:\n%s", file, after[len(before):])
}
