package prerender

import (
	"strings"
)

// Splicing. On a large site most pages share a layout (header, footer,
// banners) that costs far more to render than their own body: an article
// is three quarters layout. The bundle's renderPage takes a fourth
// argument, the part to render (frontend/src/lib/render-part.tsx):
//
//   - "layout": the layout, with pageSlot where the page goes;
//   - "page":   the page alone, in the same tree, so its useId ids match;
//   - "shell":  neither, which is what surrounds the page in a "page" render.
//
// A layout render's inputs are the site data, the URL and the page's body,
// and the layout must be the same for every page of a group. The bundle
// proves it rather than promises it: during a "layout" render the app sees
// the URL's location and the page's body through proxies that note every
// field read, and globalThis.layoutReads() returns what was read. Pages
// are grouped by their site data; a group of at least minGroup pages
// renders its layout once, and only if that render read nothing of its
// URL or body is the layout every member's: each page then renders only
// its part, and the page is the layout with the body, cut out of the
// shell, in the slot. Otherwise, and wherever a piece does not fit (no
// slot, a body that does not sit in the shell, such as a page that hoists
// a resource), the page is rendered whole. A test compares the spliced
// pages with whole renders on every route of the shipped site and of a
// fixture, and another that a layout that reads its URL splices nothing.

// pageSlot is PAGE_SLOT of render-part.tsx.
const pageSlot = "\x00page-slot\x00"

// spliceMinGroup is the smallest group worth a layout and a shell render
// of its own (the two cost about a page): a page spliced costs a third of
// a page rendered whole.
const spliceMinGroup = 8

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

// group is the layout a group's pages are spliced into. It renders while
// the pages do: a page's own part does not depend on it, so no worker
// waits for it before starting (it was a layout and a shell render, a
// fifth of the shipped site's render, on one worker with the others
// idle). A page's part rendered before the group learnt that its layout
// does not fit is wasted, and the page rendered whole: at most the pages
// begun while the layout rendered.
type group struct {
	done   chan struct{}
	layout *layout // nil: the group's pages render whole
}

// wait returns the group's layout once it is rendered, nil if its pages
// render whole.
func (g *group) wait() *layout {
	<-g.done
	return g.layout
}

// whole says whether the group is known to render its pages whole.
func (g *group) whole() bool {
	select {
	case <-g.done:
		return g.layout == nil
	default:
		return false
	}
}

// plan returns, for each job, the group to splice its page into, or nil
// to render it whole, and starts rendering each group's layout: it takes
// the next runtime free (the pool's channel serves its waiters in turn).
func (r *Renderer) plan(jobs []Job, minGroup int) []*group {
	plan := make([]*group, len(jobs))
	groups := map[string][]int{}
	var keys []string
	for i, j := range jobs {
		k := string(j.Site)
		if groups[k] == nil {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], i)
	}
	for _, k := range keys {
		members := groups[k]
		if len(members) < minGroup {
			continue
		}
		g := &group{done: make(chan struct{})}
		for _, i := range members {
			plan[i] = g
		}
		go func() {
			defer close(g.done)
			if l, ok := r.layout(jobs[members[0]]); ok {
				g.layout = l
			}
		}()
	}
	return plan
}

// layout renders the layout and shell of j's group, if the layout is
// every member's: its render read nothing of j's URL or body.
func (r *Renderer) layout(j Job) (*layout, bool) {
	full, reads, known, err := r.renderLayout(j)
	if err != nil || !known || len(reads) > 0 {
		return nil, false
	}
	before, after, ok := strings.Cut(full, pageSlot)
	if !ok || strings.Contains(after, pageSlot) {
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
