package sitefiles

import (
	"fmt"
	"strings"
	"time"
)

// SecurityTxtPath is where security.txt is published (RFC 9116, 3).
const SecurityTxtPath = ".well-known/security.txt"

// SecurityTxt is /.well-known/security.txt (RFC 9116): where to report a
// vulnerability (Contact), until when the file holds (Expires, which the
// caller sets from the build's day, so that the same inputs give the same
// bytes), the page that states the policy (Policy) and the file's own
// address (Canonical). base is the site's origin, policy a site path.
func SecurityTxt(contact, base, policy string, expires time.Time) []byte {
	base = strings.TrimRight(base, "/")
	var b strings.Builder
	fmt.Fprintf(&b, "Contact: mailto:%s\n", contact)
	fmt.Fprintf(&b, "Expires: %s\n", expires.UTC().Format(time.RFC3339))
	fmt.Fprintf(&b, "Policy: %s%s\n", base, policy)
	fmt.Fprintf(&b, "Canonical: %s/%s\n", base, SecurityTxtPath)
	b.WriteString("Preferred-Languages: en\n")
	return []byte(b.String())
}
