package content

import (
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// HeldNote is the build's note on Held (generator.Result.Note): each
// scheduled article that content links to, its day, and where the links
// are written, as the terminal names files (under contentDir); "" with
// none. Not a problem: the editor who wrote the links sees that they were
// understood.
func (s *Site) HeldNote(contentDir string) string {
	if len(s.Held) == 0 {
		return ""
	}
	var targets []string
	from := map[string][]string{}
	for _, l := range s.Held {
		p, _ := LinkPath(l.Href)
		if from[p] == nil {
			targets = append(targets, p)
		}
		from[p] = append(from[p], fmt.Sprintf("%s:%d:%d", path.Join(filepath.ToSlash(contentDir), l.Pos.File), l.Pos.Line, l.Pos.Col))
	}
	slices.Sort(targets)
	var each []string
	for _, p := range targets {
		date := ""
		if a := s.Unpublished[p]; a != nil {
			date = " on " + string(a.Front.Date)
		}
		each = append(each, fmt.Sprintf("%s%s (%s)", p, date, strings.Join(from[p], ", ")))
	}
	links := fmt.Sprintf("%d links to scheduled articles show", len(s.Held))
	if len(s.Held) == 1 {
		links = "1 link to a scheduled article shows"
	}
	return fmt.Sprintf("note: %s as words until the article's day, then as a link: %s", links, strings.Join(each, "; "))
}
