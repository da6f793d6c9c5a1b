package document

import (
	"encoding/json"
	"slices"

	"github.com/vozia/site/generator/bundle"
	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/sections"
)

// What a page loads beside what every page does: its lazy section kinds'
// modules and styles (bundle.Kind) and its players' scripts.

// Players are the scripts of the players page needs: a sample call's
// only when it has a recording (its transcript alone needs nothing).
func Players(page *content.Page, scripts map[string]string) []string {
	if page == nil {
		return nil
	}
	for _, sec := range page.Sections {
		if call, ok := sec.Value.(*sections.SampleCallSection); ok && call.Audio != "" && scripts["sample-call"] != "" {
			return []string{scripts["sample-call"]}
		}
	}
	return nil
}

// LazyKinds are the lazy section kinds page shows, in the order of
// their first section.
func LazyKinds(page *content.Page, kinds map[string]bundle.Kind) []bundle.Kind {
	if page == nil {
		return nil
	}
	var out []bundle.Kind
	for _, sec := range page.Sections {
		if k, ok := kinds[sec.Kind]; ok && !slices.ContainsFunc(out, func(o bundle.Kind) bool { return o.Name == k.Name }) {
			out = append(out, k)
		}
	}
	return out
}

// KindAssets is the JSON of where each lazy kind's files are
// (frontend/src/lib/lazy-kind.tsx), or nil when there is none.
func KindAssets(b *bundle.Result) []byte {
	if len(b.Kinds) == 0 {
		return nil
	}
	type files struct {
		Script string `json:"script"`
		Style  string `json:"style,omitempty"`
	}
	m := map[string]files{}
	for name, k := range b.Kinds {
		m[name] = files{k.Script, k.Style}
	}
	data, _ := json.Marshal(m) // sorted by kind: the same bytes every build
	return data
}

// InlineStyles are the contents of every <style> element of the site's
// pages: the app's stylesheet and that of each lazy kind a page shows,
// which the CSP allows by their hashes. (A client-side navigation links
// a kind's stylesheet as a file of the site instead.)
func InlineStyles(site *content.Site, style []byte, b *bundle.Result) [][]byte {
	out := [][]byte{style}
	shown := map[string]bool{}
	for _, page := range site.Pages {
		for _, k := range LazyKinds(page, b.Kinds) {
			shown[k.Name] = true
		}
	}
	var names []string
	for name := range shown {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		if k := b.Kinds[name]; len(k.StyleData) > 0 {
			out = append(out, k.StyleData)
		}
	}
	return out
}
