// Package sitemap writes sitemap.xml and robots.txt, and reads from git
// when each content file last changed, for the sitemap's lastmod.
//
// Only indexable routes are listed (not the 404 page, not redirects), each
// with its absolute canonical URL. lastmod is the date of the last commit
// that touched any file the page is made from; without git history it is
// left out rather than invented.
package sitemap

import (
	"bufio"
	"bytes"
	"context"
	"encoding/xml"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
)

// Entry is one URL of the sitemap.
type Entry struct {
	Loc     string
	LastMod string // YYYY-MM-DD, or empty
}

// XML returns the sitemap document.
func XML(entries []Entry) []byte {
	var b bytes.Buffer
	b.WriteString(xml.Header)
	b.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	for _, e := range entries {
		b.WriteString("  <url><loc>")
		xml.EscapeText(&b, []byte(e.Loc))
		b.WriteString("</loc>")
		if e.LastMod != "" {
			fmt.Fprintf(&b, "<lastmod>%s</lastmod>", e.LastMod)
		}
		b.WriteString("</url>\n")
	}
	b.WriteString("</urlset>\n")
	return b.Bytes()
}

// Robots returns robots.txt: everything allowed, and where the sitemap is.
func Robots(sitemapURL string) []byte {
	return fmt.Appendf(nil, "User-agent: *\nAllow: /\n\nSitemap: %s\n", sitemapURL)
}

// LastModified returns, for each file under dir that git tracks, the date
// (YYYY-MM-DD, committer date) of the last commit that touched it, keyed by
// its path relative to dir. With no git or no history it returns an empty
// map and no error: lastmod is optional.
func LastModified(ctx context.Context, dir string) map[string]string {
	return lastModified(ctx, dir, "HEAD")
}

// lastModified is LastModified of the history up to rev.
func lastModified(ctx context.Context, dir, rev string) map[string]string {
	out := map[string]string{}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return out
	}
	// One pass over the history, newest first: the first date seen for a
	// file is its last change.
	cmd := exec.CommandContext(ctx, "git", "-c", "core.quotepath=off", "log", "--format=@%cs", "--name-only", "--relative", rev, "--", ".")
	cmd.Dir = abs
	data, err := cmd.Output()
	if err != nil {
		return out
	}
	date := ""
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "@"):
			date = line[1:]
		case line != "" && date != "":
			if _, seen := out[line]; !seen {
				out[line] = date
			}
		}
	}
	return out
}

// Latest returns the latest of the dates of files, or "".
func Latest(dates map[string]string, files ...string) string {
	latest := ""
	for _, f := range files {
		if d := dates[f]; d > latest {
			latest = d
		}
	}
	return latest
}
