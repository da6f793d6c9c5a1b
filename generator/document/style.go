package document

import (
	"bytes"
	"fmt"

	"github.com/vozia/site/generator/bundle"
)

// The stylesheet is inlined into every page as one <style> element, so
// that no request blocks the first paint, and the CSP allows exactly that
// element by its hash (never 'unsafe-inline'). The whole stylesheet rather
// than its critical part: it is ~6 KB gzip, and measured with Lighthouse
// (mobile, simulated throttling; docs/measurements.md, "Visitor speed") inlining it all
// gave the best first visit while costing a second page only the few
// kilobytes of CSS it now carries again.

// InlineStyle returns the bundle's stylesheet, to be inlined, or nil when
// the app has no CSS. It refuses CSS that could close the element early.
func InlineStyle(b *bundle.Result) ([]byte, error) {
	// The lazy kinds' CSS is inlined by the pages that show them.
	for _, k := range b.Kinds {
		if bytes.Contains(bytes.ToLower(k.StyleData), []byte("</style")) {
			return nil, fmt.Errorf("%s: the stylesheet contains \"</style\" and cannot be inlined", k.Style)
		}
	}
	if b.Stylesheet == "" {
		return nil, nil
	}
	for _, a := range b.Assets {
		if "/"+a.Path == b.Stylesheet {
			if bytes.Contains(bytes.ToLower(a.Data), []byte("</style")) {
				return nil, fmt.Errorf("%s: the stylesheet contains \"</style\" and cannot be inlined", a.Path)
			}
			return a.Data, nil
		}
	}
	return nil, fmt.Errorf("stylesheet %s is not in the bundle's output", b.Stylesheet)
}
