package sitemap

import (
	"context"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/vozia/site/internal/filecache"
)

// Dates keeps the dates LastModified reads from git between the builds
// of a session, read once: they change with commits, not with the edits of
// a session. With a cache folder they are kept between processes too, by
// HEAD's commit and the content folder: the history up to a commit is the
// same in every build of it, and reading it is a walk of the whole log.
// The zero Dates is ready to use and keeps nothing on disk; it is not safe
// for concurrent use.
type Dates struct {
	dates map[string]string
	disk  filecache.Dir
}

// NewDates returns Dates that also keep the dates under cacheDir (none
// when empty).
func NewDates(cacheDir string) Dates { return Dates{disk: filecache.New(cacheDir, "lastmod", ".json")} }

// Of returns LastModified(ctx, dir), read the first time; without a
// directory there are none.
func (d *Dates) Of(ctx context.Context, dir string) map[string]string {
	if dir == "" {
		return map[string]string{}
	}
	if d.dates != nil {
		return d.dates
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		d.dates = LastModified(ctx, dir)
		return d.dates
	}
	out, err := exec.CommandContext(ctx, "git", "-C", abs, "rev-parse", "--verify", "--quiet", "HEAD").Output()
	commit := strings.TrimSpace(string(out))
	if err != nil || commit == "" { // no history: no dates, nothing to keep
		d.dates = LastModified(ctx, dir)
		return d.dates
	}
	key := commit + "\x00" + abs
	if d.disk.GetJSON(key, &d.dates) && d.dates != nil {
		return d.dates
	}
	d.dates = lastModified(ctx, dir, commit)
	d.disk.KeepJSON(key, d.dates)
	return d.dates
}
