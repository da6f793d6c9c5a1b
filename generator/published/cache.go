package published

import (
	"context"
	"fmt"
	"time"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/internal/problem"
)

// Cache keeps the route table of the content at git's HEAD between the
// builds of a session, read again when HEAD or the day changes. The zero
// Cache is ready to use; it is not safe for concurrent use.
type Cache struct {
	head Head
	day  string
}

// Routes are the routes of the content at git's HEAD, the addresses the
// site has published; none for a content outside git (dir empty, or no
// commit). A HEAD that does not load (an older schema) publishes nothing
// to compare with: a warning says so.
func (c *Cache) Routes(ctx context.Context, dir string, now time.Time) ([]content.Route, content.ErrorList) {
	if dir == "" {
		return nil, nil
	}
	commit, err := HeadCommit(ctx, dir)
	if err != nil || commit == "" {
		return nil, nil
	}
	day := now.Format(time.DateOnly)
	if c.head.Commit != commit || c.day != day {
		head, err := AtHead(ctx, dir, now)
		if err != nil {
			return nil, content.ErrorList{{Kind: problem.KindWarning, Message: fmt.Sprintf("the addresses published at git's HEAD are not checked: %v", err)}}
		}
		c.head, c.day = head, day
	}
	return c.head.Routes, nil
}
