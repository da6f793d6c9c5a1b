package generator

import (
	"github.com/vozia/site/internal/atomicdir"
	"github.com/vozia/site/internal/routing"
)

// WriteTo replaces siteDir and its routing.CDNDir with the build's files,
// each all at once (see atomicdir): a failure leaves the previous output
// whole. Build never writes; the commands and tests call WriteTo.
func (r *Result) WriteTo(siteDir string) error {
	if err := atomicdir.Write(siteDir, r.Site); err != nil {
		return err
	}
	return atomicdir.Write(routing.CDNDir(siteDir), r.CDN)
}
