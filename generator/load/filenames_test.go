package load

import (
	"strings"
	"testing"
	"testing/fstest"
)

// An upload named as the web editor names it builds; a name the site could
// not publish at its own address is refused at the file, with the name to
// give it, whether content shows it or not.
func TestFileNames(t *testing.T) {
	const ref = "/images/case-studies/biotech-trial.svg"
	tests := []struct {
		name string
		// file is the image's new name under images/case-studies/;
		// shown says whether the case study shows it.
		file  string
		shown bool
		want  []string // substrings of the problem at the file; none: it loads
	}{
		{"the editor's slug of Team photo (1).svg", "team-photo-1.svg", true, nil},
		{"the editor's slug of Café menu.SVG", "cafe-menu.svg", true, nil},
		{"capitals, underscores, tildes", "Logo_v2~final.svg", true, nil},
		{"an encoded dot segment", "%2e%2e%2fq.svg", true, []string{`file name "%2e%2e%2fq.svg" holds "%2e", a percent-encoded character`, "../", `rename it "2e-2e-2fq.svg"`}},
		{"an encoded dot segment, capitals", "%2E%2E.svg", false, []string{`holds "%2E", a percent-encoded character`}},
		{"a name with spaces, not shown", "Team photo (1).svg", false, []string{`file name "Team photo (1).svg" holds " "`, `rename it "team-photo-1.svg"`}},
		{"accents", "Café menu.svg", false, []string{`holds "é"`, `rename it "cafe-menu.svg"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := fixtureSite(t)
			svg := fsys["images/case-studies/biotech-trial.svg"]
			delete(fsys, "images/case-studies/biotech-trial.svg")
			fsys["images/case-studies/"+tt.file] = svg
			if tt.shown {
				cs := fsys["collections/case-studies.yaml"]
				fsys["collections/case-studies.yaml"] = &fstest.MapFile{Data: []byte(strings.Replace(string(cs.Data), ref, "/images/case-studies/"+tt.file, 1))}
			} else {
				// Shown by another name, which stays valid.
				fsys["images/case-studies/biotech-trial.svg"] = svg
			}
			_, err := Site(fsys)
			if tt.want == nil {
				if err != nil {
					t.Fatalf("does not load:\n%v", err)
				}
				return
			}
			if err == nil {
				t.Fatal("loads; want a problem at the file")
			}
			at := "images/case-studies/" + tt.file + ":1:1: "
			var line string
			for _, l := range strings.Split(err.Error(), "\n") {
				if strings.HasPrefix(l, at) {
					line = l
				}
			}
			if line == "" {
				t.Fatalf("no problem at %s:\n%v", at, err)
			}
			for _, w := range tt.want {
				if !strings.Contains(line, w) {
					t.Errorf("problem %q lacks %q", line, w)
				}
			}
		})
	}
}
