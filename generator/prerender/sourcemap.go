package prerender

import (
	"encoding/base64"
	"path"
	"strings"
	"sync"

	"github.com/go-sourcemap/sourcemap"
)

// sources maps positions in the server bundle back to frontend/src. The
// bundle carries its source map inline, as a comment at its end; goja
// would decode and parse it on every compile, a quarter of the compile
// time, although it is read only when a render fails. So the comment is
// cut off before compiling and the map parsed on first use.
type sources struct {
	inline string // the base64 of the map, or ""
	once   sync.Once
	m      *sourcemap.Consumer
}

const inlineMapPrefix = "//# sourceMappingURL=data:application/json;base64,"

// splitSourceMap returns the code of a bundle without its inline source
// map, and the map.
func splitSourceMap(bundle string) (code string, s *sources) {
	i := strings.LastIndex(bundle, "\n"+inlineMapPrefix)
	if i < 0 {
		return bundle, &sources{}
	}
	return bundle[:i+1], &sources{inline: strings.TrimSpace(bundle[i+1+len(inlineMapPrefix):])}
}

// position is where line:col of the bundle (both 1-based, as goja counts)
// comes from, as goja names it when it reads the map itself.
func (s *sources) position(file string, line, col int) (string, int, int) {
	s.once.Do(func() {
		if data, err := base64.StdEncoding.DecodeString(s.inline); err == nil {
			s.m, _ = sourcemap.Parse(file, data)
		}
	})
	if s.m != nil {
		if src, _, l, c, ok := s.m.Source(line, col); ok {
			return path.Join(path.Dir(file), src), l, c
		}
	}
	return file, line, col
}
