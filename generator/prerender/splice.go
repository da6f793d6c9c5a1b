package prerender

import (
	"html"
	"regexp"
	"slices"
	"strings"
	"sync"
)

// Splicing. On a large site most pages share a layout (header, footer,
// banners) that costs far more to render than their own body: a generated
// Markdown page is 95% layout. The bundle's renderPage takes a fourth
// argument, the part to render (frontend/src/lib/render-part.tsx):
//
//   - "layout": the layout, with pageSlot where the page goes;
//   - "page":   the page alone, in the same tree, so its useId ids match;
//   - "shell":  neither, which is what surrounds the page in a "page" render.
//
// Pages are grouped by what the layout can see of them: the site JSON and
// the layout's links that match the URL (a link to the page itself or to
// one of its parents, which a navigation may mark as current). A group of
// at least minGroup pages renders its layout and shell once; each page
// then renders only its part, and the page is the layout with the body,
// cut out of the shell, in the slot. Wherever a piece does not fit (no
// slot, a layout that echoes the URL, a body that does not sit in the
// shell, such as a page that hoists a resource) the page is rendered
// whole. A test compares the spliced pages with whole renders on every
// route of the shipped site and of a fixture.

// pageSlot is PAGE_SLOT of render-part.tsx.
const pageSlot = "\x00page-slot\x00"

// spliceMinGroup is the smallest group worth a layout and a shell render
// of its own (each costs about a page). RenderAll plans no splicing for
// fewer than splicePlanMin pages, where the first page, rendered before
// the others to plan, would leave the other workers idle for longer than
// splicing can save.
const (
	spliceMinGroup = 8
	splicePlanMin  = 32
)

// layout is the render of a group's layout and shell, split at the slot.
type layout struct {
	before, after string // layout
	open, close   string // shell
}

func (l *layout) splice(page string) (string, bool) {
	if len(page) < len(l.open)+len(l.close) || !strings.HasPrefix(page, l.open) || !strings.HasSuffix(page, l.close) {
		return "", false
	}
	body := page[len(l.open) : len(page)-len(l.close)]
	return l.before + body + l.after, true
}

// plan returns, for each job, the layout to splice its page into, or nil
// to render it whole. first is the whole render of jobs[0]: its links are
// the layout's and some of the page's, which can only split groups
// further.
func (r *Renderer) plan(jobs []Job, minGroup int, first string) []*layout {
	plan := make([]*layout, len(jobs))
	links := layoutLinks(first)
	groups := map[string][]int{}
	var keys []string
	for i, j := range jobs {
		k := string(j.Site) + "\x00" + strings.Join(matching(links, j.URL), "\x00")
		if groups[k] == nil {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], i)
	}
	var wg sync.WaitGroup
	for _, k := range keys {
		members := groups[k]
		if len(members) < minGroup {
			continue
		}
		wg.Go(func() {
			j := jobs[members[0]]
			l, ok := r.layout(j, slices.Contains(links, j.URL))
			if !ok {
				return
			}
			for _, i := range members {
				plan[i] = l
			}
		})
	}
	wg.Wait()
	return plan
}

// layout renders the layout and shell of j's group.
func (r *Renderer) layout(j Job, linked bool) (*layout, bool) {
	full, err := r.renderPart(j, "layout")
	if err != nil {
		return nil, false
	}
	before, after, ok := strings.Cut(full, pageSlot)
	// A layout that shows the URL of a page it does not link to would
	// differ from page to page.
	if !ok || strings.Contains(after, pageSlot) || (!linked && j.URL != "/" && strings.Contains(full, j.URL)) {
		return nil, false
	}
	shell, err := r.renderPart(j, "shell")
	if err != nil {
		return nil, false
	}
	open, close, ok := strings.Cut(shell, pageSlot)
	if !ok || strings.Contains(close, pageSlot) {
		return nil, false
	}
	return &layout{before: before, after: after, open: open, close: close}, true
}

var hrefAttr = regexp.MustCompile(`\bhref="(/[^"]*)"`)

// layoutLinks are the site paths a render links to, without query or
// fragment.
func layoutLinks(layout string) []string {
	var links []string
	for _, m := range hrefAttr.FindAllStringSubmatch(layout, -1) {
		p := html.UnescapeString(m[1])
		if i := strings.IndexAny(p, "?#"); i >= 0 {
			p = p[:i]
		}
		if p != "" && !slices.Contains(links, p) {
			links = append(links, p)
		}
	}
	slices.Sort(links)
	return links
}

// matching are the links that are url or one of its parents.
func matching(links []string, url string) []string {
	var m []string
	for _, l := range links {
		if l == url || strings.HasPrefix(url, strings.TrimSuffix(l, "/")+"/") {
			m = append(m, l)
		}
	}
	return m
}
