package e2e

// The security page as a buyer's security team meets it: every framework
// of security.yaml with its one status word, the BAA, the sub-processors
// and the retention periods, without JavaScript; and security.txt where
// RFC 9116 puts it, as text/plain, naming the page and the contact.

import (
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/vozia/site/generator/content/sections"
	"github.com/vozia/site/internal/testkit/browsertest"
)

func TestSecurityPage(t *testing.T) {
	t.Parallel()
	site := sweepSite(t)
	if site.Security == nil {
		t.Fatal("content/ has no security.yaml: the site states its security from it")
	}
	var path string
	var sec *sections.SecuritySection
	for p, page := range site.Pages {
		for _, s := range page.Sections {
			if v, ok := s.Value.(*sections.SecuritySection); ok {
				path, sec = p, v
			}
		}
	}
	if sec == nil {
		t.Fatal("security.yaml, and no page shows it")
	}
	env := browsertest.Start(t)
	tab := env.NewTab(t, 375, 800)
	scriptsOff(t, tab)
	if err := chromedp.Do(tab.Ctx, chromedp.Navigate(env.URL+path)); err != nil {
		t.Fatal(err)
	}
	type framework struct {
		Name   string `json:"name"`
		Status string `json:"status"`
		Shown  string `json:"shown"`
		Read   string `json:"read"`
	}
	got := eval[[]framework](t, tab, `[...document.querySelectorAll("[data-framework]")].map(li => (li.scrollIntoView(), {
		name: li.dataset.framework, status: li.dataset.status,
		shown: li.checkVisibility() ? li.innerText.replace(/\s+/g, " ").trim() : "",
		read: li.textContent.replace(/\s+/g, " ").trim()}))`)
	words := map[string]string{"certified": sec.Labels.Certified, "in-progress": sec.Labels.InProgress, "aligned": sec.Labels.Aligned}
	if len(got) != len(site.Security.Frameworks) {
		t.Fatalf("frameworks shown: %+v, want %d", got, len(site.Security.Frameworks))
	}
	for i, f := range site.Security.Frameworks {
		g := got[i]
		if g.Name != f.Name || g.Status != f.Status || !strings.HasPrefix(g.Shown, f.Name+" ") || !strings.Contains(g.Shown, words[f.Status]) {
			t.Errorf("framework %d shown as %+v, want %s with %q", i, g, f.Name, words[f.Status])
		}
		// A screen reader reads the row as one line: the name, its status
		// and the detail each end with a mark it pauses at (a trial heard
		// "ISO 27001 Certified Audited by" run together).
		if rest, ok := strings.CutPrefix(g.Read, f.Name); !ok || !strings.HasPrefix(rest, ": "+words[f.Status]) || (len(rest) > len(": "+words[f.Status]) && !strings.HasPrefix(rest, ": "+words[f.Status]+". ")) {
			t.Errorf("framework %d is read as %q: its name, status and detail run together", i, g.Read)
		}
	}
	// Under the frameworks' heading a screen reader meets the frameworks
	// first: the statuses' key read there was heard as their status ("…
	// Frameworks. Certified. An independent auditor …", a trial).
	if first := eval[string](t, tab, fmt.Sprintf(`(() => { const h = [...document.querySelectorAll("h3")].find((h) => h.textContent.trim() === %q); return h?.nextElementSibling?.querySelector("[data-framework]") ? "a framework" : (h?.nextElementSibling?.textContent ?? "nothing").slice(0, 60); })()`, sec.Labels.Frameworks)); first != "a framework" {
		t.Errorf("under the heading %q comes %q, not the frameworks", sec.Labels.Frameworks, first)
	}
	// The three statuses, each with what it means, whichever the
	// frameworks have: the page's words say there are three.
	legend := eval[string](t, tab, `(() => { const l = document.querySelector(".security__legend"); return l && l.checkVisibility() ? l.innerText.replace(/\s+/g, " ") : "" })()`)
	for _, w := range [][2]string{{sec.Labels.Certified, sec.Labels.CertifiedNote}, {sec.Labels.InProgress, sec.Labels.InProgressNote}, {sec.Labels.Aligned, sec.Labels.AlignedNote}} {
		if !strings.Contains(legend, strings.Join(strings.Fields(w[0]+" "+w[1]), " ")) {
			t.Errorf("the statuses' legend %q does not say %q: %q", legend, w[0], w[1])
		}
	}
	if eval[bool](t, tab, `document.documentElement.scrollWidth > innerWidth`) {
		t.Errorf("%s overflows a phone's width", path)
	}
	// The table says which it is, as a table of Markdown does.
	if got := eval[string](t, tab, `document.querySelector(".security__table").computedName`); got != sec.Labels.Subprocessors {
		t.Errorf("the sub-processors' table is named %q, want %q", got, sec.Labels.Subprocessors)
	}
	// On a phone each sub-processor is a card: each of its cells shows
	// its column's heading before it (a trial read "United States" and
	// nothing of what it was).
	shown := eval[[]string](t, tab, `[...document.querySelectorAll(".security__table tbody td")].map((td) => getComputedStyle(td, "::before").content)`)
	if len(shown) != 2*len(site.Security.Subprocessors) {
		t.Errorf("the sub-processors' cells: %q, want %d", shown, 2*len(site.Security.Subprocessors))
	}
	for i, c := range shown {
		if want := []string{sec.Labels.Purpose, sec.Labels.Location}[i%2]; !strings.Contains(c, strconv.Quote(want+": ")) {
			t.Errorf("at 375 px, cell %d of the sub-processors shows %s before it, want %q", i, c, want)
		}
	}
	text := eval[string](t, tab, `document.querySelector("main").innerText.replace(/\s+/g, " ")`)
	var want []string
	for _, s := range site.Security.Subprocessors {
		want = append(want, s.Name, s.Purpose, s.Location)
	}
	for _, r := range site.Security.Retention {
		want = append(want, r.Data, r.Period)
	}
	want = append(want, site.Security.Hosting, sec.Contact, map[string]string{"available": sec.Labels.BAAAvailable, "on-request": sec.Labels.BAAOnRequest, "unavailable": sec.Labels.BAAUnavailable}[site.Security.BAA])
	for _, w := range want {
		if !strings.Contains(text, strings.Join(strings.Fields(w), " ")) {
			t.Errorf("%s does not show %q", path, w)
		}
	}

	// security.txt, as the real server serves it.
	res := env.Get(t, "/.well-known/security.txt")
	body, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/plain") {
		t.Fatalf("security.txt: %d %q", res.StatusCode, res.Header.Get("Content-Type"))
	}
	base := strings.TrimRight(string(site.Config.BaseURL), "/")
	for _, line := range []string{"Contact: mailto:" + sec.Contact, "Policy: " + base + path, "Canonical: " + base + "/.well-known/security.txt"} {
		if !strings.Contains(string(body), line+"\n") {
			t.Errorf("security.txt lacks %q:\n%s", line, body)
		}
	}
	m := regexp.MustCompile(`(?m)^Expires: (\S+)$`).FindStringSubmatch(string(body))
	if m == nil {
		t.Fatalf("security.txt has no Expires:\n%s", body)
	}
	exp, err := time.Parse(time.RFC3339, m[1])
	// Built today: it expires ExpiresAfterDays from today's start.
	today := time.Now().UTC().Truncate(24 * time.Hour)
	if err != nil || exp.Before(today) || exp.After(today.AddDate(0, 0, site.Security.ExpiresAfterDays+1)) || exp.Sub(today) > 366*24*time.Hour {
		t.Errorf("Expires %q, want %d days after the build's day (at most a year)", m[1], site.Security.ExpiresAfterDays)
	}
}
