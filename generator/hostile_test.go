package generator

// The hostile-content table: every file of testdata/hostile is one case,
// content an attacker could commit, and what the build must answer.
//
// A case is a txtar archive. Its files are laid over the test site
// (testdata/site), replacing files of the same name; its comment (the
// lines before the first file) holds directives, one a line:
//
//	want: FILE:LINE: TEXT      the build refuses with a problem at FILE
//	want: FILE:LINE:COL: TEXT  (relative to content/), LINE (and COL, when
//	                           given), whose message contains TEXT
//	warn: FILE:LINE: TEXT      the build passes with a warning, as want
//	today: 2026-11-23          the build's day (default 2026-11-23)
//	symlink: NAME -> TARGET    NAME is a symbolic link to TARGET, which may
//	                           start with $OUTSIDE, a directory beside the
//	                           content tree that holds secret.txt
//	absent: TEXT               no file of the build's output holds TEXT
//	                           (pick a TEXT of the case's own, which no
//	                           bundle or page of the site could hold)
//	remove: NAME               the test site's file NAME is deleted
//	image: NAME png WxH        NAME is a PNG (or jpeg) whose header says
//	                           W x H pixels, followed by one row of pixels
//	                           (a decompression bomb, without its megabytes)
//
// Any other line of the comment is a note for the reader. With want
// lines, the build must fail with exactly those problems: each want
// matches one problem and each problem one want. Without, it must succeed
// with exactly the warnings of the warn lines, and publish nothing that a
// stage did not make or check (checkStages).
// Either way, nothing of the build's environment may appear in its output
// or in its problems as cmd/build prints them (with their source lines):
// the output and the problems are searched for every
// NAME=value of /proc/self/environ whose value is 8 bytes or more, and for
// the contents of $OUTSIDE/secret.txt.
//
// The tree is written to a temporary directory and opened as cmd/build
// opens content/ (contentroot.Open), not built from a MapFS: a symbolic
// link to /proc/self/environ, or out of the tree, exists only on disk.
// One Builder builds every case, so that the bundles are made once.

import (
	"bytes"
	"compress/zlib"
	"context"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/vozia/site/internal/contentroot"
	"github.com/vozia/site/internal/problem"
)

// hostileCase is one parsed testdata/hostile/*.txtar.
type hostileCase struct {
	wants    []hostileWant
	warns    []hostileWant
	images   [][3]string // name, format, size
	today    time.Time
	symlinks [][2]string // name, target
	absent   []string
	remove   []string
	files    map[string][]byte
}

type hostileWant struct {
	file      string
	line, col int // col 0: any column
	text      string
}

func (w hostileWant) String() string {
	if w.col > 0 {
		return fmt.Sprintf("%s:%d:%d: …%s…", w.file, w.line, w.col, w.text)
	}
	return fmt.Sprintf("%s:%d: …%s…", w.file, w.line, w.text)
}

func (w hostileWant) matches(p problem.Problem) bool {
	return p.File == w.file && p.Line == w.line && (w.col == 0 || p.Col == w.col) && strings.Contains(p.Message, w.text)
}

var (
	txtarFile = regexp.MustCompile(`(?m)^-- (.+) --$`)
	wantLine  = regexp.MustCompile(`^([^:\s]+):(\d+)(?::(\d+))?: (.+)$`)
)

// parseHostile reads a case: the txtar format of golang.org/x/tools/txtar.
func parseHostile(data []byte) (*hostileCase, error) {
	c := &hostileCase{today: fixedNow, files: map[string][]byte{}}
	marks := txtarFile.FindAllSubmatchIndex(data, -1)
	comment := data
	if len(marks) > 0 {
		comment = data[:marks[0][0]]
	}
	for i, m := range marks {
		end := len(data)
		if i+1 < len(marks) {
			end = marks[i+1][0]
		}
		body := data[min(m[1]+1, len(data)):end]
		c.files[string(data[m[2]:m[3]])] = body
	}
	for _, line := range strings.Split(string(comment), "\n") {
		key, val, ok := strings.Cut(line, ": ")
		if !ok {
			continue
		}
		val = strings.TrimSpace(val)
		switch key {
		case "want", "warn":
			m := wantLine.FindStringSubmatch(val)
			if m == nil {
				return nil, fmt.Errorf("%s %q: write FILE:LINE: TEXT or FILE:LINE:COL: TEXT", key, val)
			}
			w := hostileWant{file: m[1], text: m[4]}
			w.line, _ = strconv.Atoi(m[2])
			w.col, _ = strconv.Atoi(m[3])
			if key == "want" {
				c.wants = append(c.wants, w)
			} else {
				c.warns = append(c.warns, w)
			}
		case "image":
			f := strings.Fields(val)
			if len(f) != 3 {
				return nil, fmt.Errorf("image %q: write NAME png|jpeg WxH", val)
			}
			c.images = append(c.images, [3]string{f[0], f[1], f[2]})
		case "today":
			t, err := time.Parse(time.DateOnly, val)
			if err != nil {
				return nil, fmt.Errorf("today: %w", err)
			}
			c.today = t.Add(12 * time.Hour)
		case "symlink":
			name, target, ok := strings.Cut(val, " -> ")
			if !ok {
				return nil, fmt.Errorf("symlink %q: write NAME -> TARGET", val)
			}
			c.symlinks = append(c.symlinks, [2]string{name, target})
		case "absent":
			c.absent = append(c.absent, val)
		case "remove":
			c.remove = append(c.remove, val)
		}
	}
	return c, nil
}

// write lays the case over the test site in a new directory and returns
// the content tree's path and the outside directory's.
func (c *hostileCase) write(t *testing.T, secret string) (contentDir, outside string) {
	t.Helper()
	dir := t.TempDir()
	contentDir, outside = filepath.Join(dir, "content"), filepath.Join(dir, "outside")
	if err := os.CopyFS(contentDir, os.DirFS("../testdata/site")); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(outside, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(outside, "secret.txt"), []byte(secret+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, name := range c.remove {
		if err := os.Remove(filepath.Join(contentDir, name)); err != nil {
			t.Fatal(err)
		}
	}
	for name, data := range c.files {
		p := filepath.Join(contentDir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, im := range c.images {
		var w, h int
		if _, err := fmt.Sscanf(im[2], "%dx%d", &w, &h); err != nil {
			t.Fatalf("image %s: %v", im[2], err)
		}
		p := filepath.Join(contentDir, filepath.FromSlash(im[0]))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, bombHeader(t, im[1], w, h), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, l := range c.symlinks {
		p := filepath.Join(contentDir, filepath.FromSlash(l[0]))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(strings.ReplaceAll(l[1], "$OUTSIDE", outside), p); err != nil {
			t.Fatal(err)
		}
	}
	return contentDir, outside
}

// environSecrets are the values the build's environment holds, as
// /proc/self/environ shows them (what a symbolic link to it would read).
func environSecrets(t *testing.T) []string {
	t.Helper()
	data, err := os.ReadFile("/proc/self/environ")
	if err != nil {
		t.Fatalf("the test reads its environment from /proc/self/environ: %v", err)
	}
	var out []string
	for _, kv := range bytes.Split(data, []byte{0}) {
		if _, v, ok := bytes.Cut(kv, []byte("=")); ok && len(v) >= 8 {
			out = append(out, string(kv))
		}
	}
	return out
}

func TestHostileContent(t *testing.T) {
	names, err := filepath.Glob("testdata/hostile/*.txtar")
	if err != nil || len(names) == 0 {
		t.Fatalf("no cases in testdata/hostile: %v", err)
	}
	secret := "outside-secret-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	secrets := append(environSecrets(t), secret)
	bld := NewBuilder(Options{FrontendDir: "../frontend"})
	defer bld.Close()
	for _, name := range names {
		t.Run(strings.TrimSuffix(filepath.Base(name), ".txtar"), func(t *testing.T) {
			data, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			c, err := parseHostile(data)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			dir, _ := c.write(t, secret)
			fsys, err := contentroot.Open(dir)
			if err != nil {
				t.Fatal(err)
			}
			defer fsys.Close()
			bld.cfg.content, bld.cfg.now = fsys, c.today
			res, err := bld.Build(context.Background())

			// Nothing of the environment, nor of a file outside the tree,
			// reaches the output or the messages.
			var shipped []File
			if res != nil {
				shipped = append(slices.Clone(res.Site), res.CDN...)
			}
			// As cmd/build prints them: each with its source line.
			var printed strings.Builder
			problem.Print(&printed, problem.Of(err).WithSources())
			for _, s := range secrets {
				if strings.Contains(printed.String(), s) {
					t.Errorf("a problem quotes the environment or a file outside content/: %.40q…", s)
				}
				for _, f := range shipped {
					if bytes.Contains(f.Data, []byte(s)) {
						t.Errorf("%s holds the environment or a file outside content/: %.40q…", f.Path, s)
					}
				}
			}
			for _, a := range c.absent {
				for _, f := range shipped {
					if bytes.Contains(f.Data, []byte(a)) {
						t.Errorf("%s holds %q", f.Path, a)
					}
				}
			}

			if len(c.wants) == 0 {
				if err != nil {
					t.Fatalf("the build failed, want it to pass:\n%v", err)
				}
				matchProblems(t, "warning", c.warns, inTree(dir, res.Warnings))
				checkStages(t, res, os.DirFS(dir))
				return
			}
			if err == nil {
				t.Fatalf("the build passed, want it to fail with:\n%s", wantList(c.wants))
			}
			matchProblems(t, "problem", c.wants, inTree(dir, problem.Of(err)))
			if t.Failed() {
				t.Logf("the build's problems:\n%v", err)
			}
		})
	}
}

// inTree names the problems' files inside the tree: the build names them
// under the folder it was opened at (contentroot.Dir).
func inTree(dir string, problems problem.List) problem.List {
	out := slices.Clone(problems)
	for i := range out {
		out[i].File = strings.TrimPrefix(out[i].File, filepath.ToSlash(dir)+"/")
	}
	return out
}

// matchProblems checks that each want matches one problem, and each
// problem one want.
func matchProblems(t *testing.T, what string, wants []hostileWant, problems problem.List) {
	t.Helper()
	matched := make([]bool, len(wants))
next:
	for _, p := range problems {
		for i, w := range wants {
			if !matched[i] && w.matches(p) {
				matched[i] = true
				continue next
			}
		}
		t.Errorf("unexpected %s: %s", what, p.Error())
	}
	for i, w := range wants {
		if !matched[i] {
			t.Errorf("missing %s: %s", what, w)
		}
	}
}

// bombHeader is an image whose header says w x h pixels, followed by its
// first row only: what the header check must refuse before any decoding.
func bombHeader(t *testing.T, format string, w, h int) []byte {
	t.Helper()
	var b bytes.Buffer
	switch format {
	case "png":
		b.WriteString("\x89PNG\r\n\x1a\n")
		chunk := func(typ string, data []byte) {
			binary.Write(&b, binary.BigEndian, uint32(len(data)))
			b.WriteString(typ)
			b.Write(data)
			binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(append([]byte(typ), data...)))
		}
		ihdr := binary.BigEndian.AppendUint32(binary.BigEndian.AppendUint32(nil, uint32(w)), uint32(h))
		chunk("IHDR", append(ihdr, 8, 0, 0, 0, 0)) // 8-bit grey
		var z bytes.Buffer
		zw := zlib.NewWriter(&z)
		zw.Write(make([]byte, 1+w)) // one row of zeros, filter 0
		zw.Close()
		chunk("IDAT", z.Bytes())
		chunk("IEND", nil)
	case "jpeg":
		b.Write([]byte{0xFF, 0xD8, 0xFF, 0xE0, 0, 16, 'J', 'F', 'I', 'F', 0, 1, 1, 0, 0, 1, 0, 1, 0, 0})
		// A quantisation table, then the frame header with the size.
		b.Write([]byte{0xFF, 0xDB, 0, 67, 0})
		b.Write(bytes.Repeat([]byte{1}, 64))
		b.Write([]byte{0xFF, 0xC0, 0, 11, 8, byte(h >> 8), byte(h), byte(w >> 8), byte(w), 1, 1, 0x11, 0})
		b.Write([]byte{0xFF, 0xD9})
	default:
		t.Fatalf("image format %q: png or jpeg", format)
	}
	return b.Bytes()
}

func wantList(ws []hostileWant) string {
	s := make([]string, len(ws))
	for i, w := range ws {
		s[i] = w.String()
	}
	return strings.Join(s, "\n")
}
