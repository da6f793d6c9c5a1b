package load

import (
	"fmt"
	"io/fs"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/decode"
)

// loadClaims reads collections/claims.yaml before any other content, which
// cites it.
func (l *loader) loadClaims(s *content.Site) {
	file := content.CollectionFile("claims")
	if _, err := fs.Stat(l.fsys, file); err != nil {
		l.claims = decode.NewCitations(nil)
		return
	}
	l.yaml(file, &s.Collections.Claims) // l.claims is nil: as written
	claims := map[string]content.Claim{}
	for _, cl := range s.Collections.Claims {
		if _, dup := claims[cl.Key]; dup {
			l.errs = append(l.errs, content.Error{File: file, Line: 1, Col: 1, Message: fmt.Sprintf("claim %q is defined twice", cl.Key)})
		}
		claims[cl.Key] = cl
	}
	l.claims = decode.NewCitations(claims)
}
