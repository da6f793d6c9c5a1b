package field

import (
	"archive/zip"
	"fmt"
	"io/fs"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
)

// The "did you mean" of a value an editor wrote another way: a file beside
// another, a time of day, a time zone.

// FileHint is the "did you mean" of a file name that dir of fsys does not
// hold: the nearest of the files it holds ("cover.svg" for "cover.png").
func FileHint(fsys fs.FS, dir, name string) string {
	entries, _ := fs.ReadDir(fsys, dir)
	var names []string
	for _, e := range entries {
		if e.Type().IsRegular() && e.Name() != "index.md" {
			names = append(names, e.Name())
		}
	}
	return DidYouMean(name, names)
}

// ImageHint is the fix of an image src whose file (under content/) is
// not there: the nearest name under images/, or else where to add the
// file (an editor's trial: the message said where, not how).
func ImageHint(fsys fs.FS, src, file string) string {
	if hint := DidYouMean(src, FilesUnder(fsys, "images")); hint != "" || !strings.HasPrefix(file, "images/") {
		return hint
	}
	return fmt.Sprintf(": add the file as content/%s, or write the name of one that is there", file)
}

// FilesUnder are the site paths ("/images/a.svg") of the files under dir.
func FilesUnder(fsys fs.FS, dir string) []string {
	var names []string
	fs.WalkDir(fsys, dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			names = append(names, "/"+p)
		}
		return nil
	})
	return names
}

// timeWritten is a time of day written another way than 14:00: 4pm,
// 4:30 p.m., 16h, 16.00, 1600.
var timeWritten = regexp.MustCompile(`(?i)^\s*(\d{1,2})(?:[:.h]?(\d{2}))?\s*(?:h|([ap])\.?\s*m\.?)?\s*$`)

// TimeMeant is ": here 16:00" for a time written 4pm, or "".
func TimeMeant(s string) string {
	m := timeWritten.FindStringSubmatch(s)
	if m == nil {
		return ""
	}
	h, _ := strconv.Atoi(m[1])
	min := 0
	if m[2] != "" {
		min, _ = strconv.Atoi(m[2])
	}
	if m[3] != "" { // 12-hour: 12am is 00, 12pm is 12
		if h < 1 || h > 12 {
			return ""
		}
		h %= 12
		if strings.EqualFold(m[3], "p") {
			h += 12
		}
	}
	if h > 23 || min > 59 {
		return ""
	}
	return fmt.Sprintf(": here %02d:%02d", h, min)
}

// ZoneMeant is `: here "Europe/Madrid"` for a time zone written Madrid or
// europe/madrid, the zone of the time zone database with that name or
// city, or "" when there is none, or no list of the database's names
// (Go's own copy, else the system's).
func ZoneMeant(s string) string {
	key := strings.ToLower(strings.ReplaceAll(strings.TrimSpace(s), " ", "_"))
	if key == "" {
		return ""
	}
	var city []string
	for _, z := range zoneNames() {
		lz := strings.ToLower(z)
		if lz == key {
			return fmt.Sprintf(": here %q", z)
		}
		if strings.HasSuffix(lz, "/"+key) {
			city = append(city, z)
		}
	}
	if len(city) == 1 {
		return fmt.Sprintf(": here %q", city[0])
	}
	return ""
}

// zoneNames are the names of the time zone database, read once.
var zoneNames = sync.OnceValue(func() []string {
	var names []string
	if zr, err := zip.OpenReader(filepath.Join(runtime.GOROOT(), "lib", "time", "zoneinfo.zip")); err == nil {
		defer zr.Close()
		for _, f := range zr.File {
			names = append(names, f.Name)
		}
		return names
	}
	root := "/usr/share/zoneinfo"
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			if rel, err := filepath.Rel(root, p); err == nil && strings.Contains(rel, "/") && !strings.HasPrefix(rel, "posix") && !strings.HasPrefix(rel, "right") {
				names = append(names, filepath.ToSlash(rel))
			}
		}
		return nil
	})
	return names
})
