package load

import (
	"fmt"
	"time"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/field"
)

// A link to a draft, or a redirect to a draft or scheduled article, is
// refused by every build, make dev's included, although make dev shows
// the article: the daily build would otherwise refuse it ("no route")
// every day until the article goes out, and publish nothing else
// meanwhile. The problem names the article's state and, for a scheduled
// one, its date, so that the editor can choose: wait, or date the
// article earlier. A link to a scheduled article is let be: it reads as
// its words until the article's day (scheduled.go).

// unpublishedReason says why a link (or a redirect: verb "redirects to",
// noun "redirect") to the unpublished article a is refused.
func (l *loader) unpublishedReason(a *content.LoadedArticle, verb, noun string) string {
	if a.Status == "draft" {
		return fmt.Sprintf("%s a draft article (%s has draft: true): the build refuses the %s until the article is published", verb, a.File, noun)
	}
	return fmt.Sprintf("%s a scheduled article, published on %s: the build refuses the %s until then", verb, dayName(a.Front.Date, l.now), noun)
}

// dayName writes a date as "December 3", with its year when that is not
// now's (the site's dates read "December 3, 2026": content.DateText).
func dayName(d field.Date, now time.Time) string {
	t, err := time.Parse(time.DateOnly, string(d))
	if err != nil {
		return string(d)
	}
	if t.Year() != now.Year() {
		return t.Format("January 2, 2006")
	}
	return t.Format("January 2")
}

// linksToUnpublished reports every link written in content to a draft
// article, but one written in a draft (whose editor publishes the two by
// hand) or in the draft itself.
func (l *loader) linksToUnpublished() {
	if len(l.unpublished) == 0 {
		return
	}
	byFile := map[string]*content.LoadedArticle{}
	for _, a := range l.unpublished {
		byFile[a.File] = a
	}
	for _, link := range l.links {
		p, ok := content.LinkPath(link.Href)
		if !ok {
			continue
		}
		target := l.unpublished[p]
		if target == nil || target.Status != "draft" {
			continue
		}
		if from := byFile[link.Pos.File]; from != nil && (from == target || from.Status == "draft") {
			continue
		}
		l.errs = append(l.errs, link.Pos.Errorf("link %q: %s", link.Href, l.unpublishedReason(target, "links to", "link")))
	}
}
