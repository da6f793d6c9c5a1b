package load

import (
	"cmp"
	"reflect"
	"slices"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/field"
)

// A link to a scheduled article (dated after the build's day, not a
// draft) is let be: an editor may write this week's article for Friday
// and link to it today, from a page or an article already out. Until the
// article's day every build writes such a link as its words alone, no
// <a> and no address, on every page and in the feeds; the build whose day
// is the article's publishes the article and writes the link as a link.
// So the site never links to a page it does not have, make dev included
// (which shows the article, but shows the links as the daily build
// writes them), and the article's address is not on the site before its
// day. A link to a draft is still refused (unpublished.go): a draft has
// no day on which it goes out.

// holdScheduledLinks writes every link of the site's content to a
// scheduled article as its words: each href of the YAML (field.Link,
// left empty, which the app shows as the link's words) and each link of
// a Markdown text (content.Text.Unlink). It returns the links held, as
// content writes them.
func (l *loader) holdScheduledLinks(s *content.Site) []content.LinkSource {
	hold := map[string]bool{}
	for p, a := range l.unpublished {
		if a.Status == "scheduled" {
			hold[p] = true
		}
	}
	if len(hold) == 0 {
		return nil
	}
	h := holder{hold: func(p string) bool { return hold[p] }, seen: map[seenKey]bool{}}
	h.walk(reflect.ValueOf(&s.Layout))
	h.walk(reflect.ValueOf(&s.Collections))
	for _, p := range s.Pages {
		h.walk(reflect.ValueOf(p))
	}
	for _, a := range s.Articles {
		h.walk(reflect.ValueOf(a))
	}
	var held []content.LinkSource
	for _, link := range l.links {
		if p, ok := content.LinkPath(link.Href); ok && hold[p] {
			held = append(held, link)
		}
	}
	slices.SortStableFunc(held, func(a, b content.LinkSource) int {
		return cmp.Or(cmp.Compare(a.Pos.File, b.Pos.File), cmp.Compare(a.Pos.Line, b.Pos.Line), cmp.Compare(a.Pos.Col, b.Pos.Col))
	})
	return held
}

type holder struct {
	hold func(path string) bool
	// seen are the pointers walked: a page and the articles it shows
	// share their values.
	seen map[seenKey]bool
}

type seenKey struct {
	t reflect.Type
	p uintptr
}

var (
	linkType = reflect.TypeOf(field.Link(""))
	textType = reflect.TypeOf(content.Text(nil))
)

func (h holder) walk(v reflect.Value) {
	switch {
	case v.Type() == linkType:
		if p, ok := content.LinkPath(v.String()); ok && h.hold(p) && v.CanSet() {
			v.SetString("")
		}
		return
	case v.Type() == textType:
		if t, held := v.Interface().(content.Text).Unlink(h.hold); held > 0 && v.CanSet() {
			v.Set(reflect.ValueOf(t))
		}
		return
	}
	switch v.Kind() {
	case reflect.Pointer:
		k := seenKey{v.Type(), v.Pointer()}
		if v.IsNil() || h.seen[k] {
			return
		}
		h.seen[k] = true
		h.walk(v.Elem())
	case reflect.Interface:
		if v.IsNil() {
			return
		}
		if v.Elem().Kind() == reflect.Pointer {
			h.walk(v.Elem())
			return
		}
		// The value in an interface cannot be set in place: walk a copy
		// and put it back.
		c := reflect.New(v.Elem().Type()).Elem()
		c.Set(v.Elem())
		h.walk(c)
		if v.CanSet() {
			v.Set(c)
		}
	case reflect.Slice, reflect.Array:
		for i := 0; i < v.Len(); i++ {
			h.walk(v.Index(i))
		}
	case reflect.Map:
		// Values in a map cannot be set in place: a pointer's are walked.
		for it := v.MapRange(); it.Next(); {
			if e := it.Value(); e.Kind() == reflect.Pointer {
				h.walk(e)
			}
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				h.walk(v.Field(i))
			}
		}
	}
}
