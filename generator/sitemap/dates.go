package sitemap

import "context"

// Dates keeps the dates LastModified reads from git between the builds
// of a session, read once: they change with commits, not with the edits of
// a session. The zero Dates is ready to use; it is not safe for concurrent
// use.
type Dates struct {
	dates map[string]string
}

// Of returns LastModified(ctx, dir), read the first time; without a
// directory there are none.
func (d *Dates) Of(ctx context.Context, dir string) map[string]string {
	if dir == "" {
		return map[string]string{}
	}
	if d.dates == nil {
		d.dates = LastModified(ctx, dir)
	}
	return d.dates
}
