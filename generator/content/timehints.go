package content

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

// timeWritten is a time of day written another way than 14:00: 4pm,
// 4:30 p.m., 16h, 16.00, 1600.
var timeWritten = regexp.MustCompile(`(?i)^\s*(\d{1,2})(?:[:.h]?(\d{2}))?\s*(?:h|([ap])\.?\s*m\.?)?\s*$`)

// timeMeant is ": here 16:00" for a time written 4pm, or "".
func timeMeant(s string) string {
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

// zoneMeant is `: here "Europe/Madrid"` for a time zone written Madrid or
// europe/madrid, the zone of the time zone database with that name or
// city, or "" when there is none, or no list of the database's names
// (Go's own copy, else the system's).
func zoneMeant(s string) string {
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
