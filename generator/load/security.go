package load

import (
	"io/fs"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/sections"
	"github.com/vozia/site/generator/content/security"
)

// loadSecurity reads security.yaml, if there is one, right after the
// claims (its retention periods cite them) and before any other text:
// from then on every text the loader reads must agree with it on the
// frameworks it names, each disagreement a problem at its own line and
// column (decode.Citations).
func (l *loader) loadSecurity(s *content.Site) {
	if _, err := fs.Stat(l.fsys, security.File); err != nil {
		return
	}
	l.securityFile = true
	var sec security.Security
	if l.yaml(security.File, &sec) {
		s.Security = &sec
		l.claims.CheckFrameworks(s.Security)
	}
}

// securitySections gives each security section the record it shows.
func (l *loader) securitySections(s *content.Site) {
	for _, page := range s.Pages {
		for _, sec := range page.Sections {
			if v, ok := sec.Value.(*sections.SecuritySection); ok {
				if s.Security == nil && l.securityFile {
					continue // its problems are reported
				}
				if s.Security == nil {
					l.errs = append(l.errs, sec.Pos.Errorf("a security section shows %s, and there is none: write it (content/README.md, Security)", security.File))
					continue
				}
				v.Record = *s.Security
				if v.Contact = string(s.Config.SecurityEmail); v.Contact == "" && !l.failed("site.yaml") {
					l.errs = append(l.errs, sec.Pos.Errorf("a security section names the security contact: give securityEmail in site.yaml"))
				}
			}
		}
	}
}
