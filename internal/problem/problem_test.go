package problem

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestError(t *testing.T) {
	for _, tt := range []struct {
		p    Problem
		want string
	}{
		{Problem{File: "content/pages/platform.yaml", Line: 12, Col: 3, Message: `unknown field "titel"`}, `content/pages/platform.yaml:12:3: unknown field "titel"`},
		{Problem{Message: "link check: /x links to /nowhere"}, "link check: /x links to /nowhere"},
	} {
		if got := tt.p.Error(); got != tt.want {
			t.Errorf("%q, want %q", got, tt.want)
		}
	}
}

// TestOf: the problems of a stage reach the printer and the dialog as
// they were made, through wrapping and joining, with no text parsed back.
func TestOf(t *testing.T) {
	a := Problem{File: "pages/a.yaml", Line: 2, Col: 1, Message: `unknown field "titel"`}
	b := Problem{File: "src/app.tsx", Line: 1, Col: 14, Message: "TypeError: boom", Detail: "at f (src/app.tsx:1:14)"}
	tests := []struct {
		name string
		err  error
		want List
	}{
		{"nil", nil, nil},
		{"a list", List{a, b}, List{a, b}},
		{"one problem", b, List{b}},
		{"wrapped: the context stays in front of the message", Wrap("server bundle: ", List{a}),
			List{{File: a.File, Line: a.Line, Col: a.Col, Message: "server bundle: " + a.Message}}},
		{"wrapped by fmt: a placed problem keeps its place", fmt.Errorf("server bundle: %w", List{a}), List{a}},
		{"wrapped by fmt: no place, every word kept", fmt.Errorf("server bundle: %w", errors.New("no file")), List{{Message: "server bundle: no file"}}},
		{"joined", errors.Join(List{a}, b), List{a, b}},
		{"a plain error has no place", errors.New("-base-url: not absolute"), List{{Message: "-base-url: not absolute"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Of(tt.err); !slices.EqualFunc(got, tt.want, equal) {
				t.Errorf("\n got %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

func TestPrefixSortAndSources(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "pages"), 0o755)
	os.WriteFile(filepath.Join(dir, "pages", "a.yaml"), []byte("title: A\ntitel: B\n"), 0o644)
	l := List{
		{File: "pages/a.yaml", Line: 2, Col: 1, Message: `unknown field "titel"`},
		{Message: "no place"},
		{File: "pages/a.yaml", Line: 1, Col: 1, Message: "first"},
		{File: "pages/a.yaml", Line: 1, Col: 1, Message: "first"},
	}.Sorted().Prefix(dir).WithSources()
	if len(l) != 3 || l[0].File != "" || l[1].Message != "first" || l[2].Source != "titel: B" || l[2].File != filepath.ToSlash(dir)+"/pages/a.yaml" {
		t.Fatalf("got %+v", l)
	}
	var out strings.Builder
	Print(&out, List{l[2], {Message: "render /x: TypeError", Detail: "at f (src/x.tsx:1:2)\nat g"}})
	want := l[2].Error() + "\n    2 | titel: B\n      | ^\nrender /x: TypeError\n    at f (src/x.tsx:1:2)\n    at g\n"
	if out.String() != want {
		t.Errorf("printed\n%s\nwant\n%s", out.String(), want)
	}
}

// TestColumnInCharacters: a column is counted in bytes where a problem is
// made; once its line is read, in the characters an editor counts, and
// the caret stands under the mistake.
func TestColumnInCharacters(t *testing.T) {
	dir := t.TempDir()
	line := "intro: Café — “quoted” 🎉 {count}"
	os.WriteFile(filepath.Join(dir, "a.yaml"), []byte(line+"\n"), 0o644)
	l := List{{File: "a.yaml", Line: 1, Col: strings.Index(line, "{count}") + 1, Message: "unknown placeholder {count}"}}.Prefix(dir).WithSources()
	if want := len([]rune(line[:strings.Index(line, "{")])) + 1; l[0].Col != want {
		t.Errorf("column %d, want %d", l[0].Col, want)
	}
	var out strings.Builder
	Print(&out, l)
	lines := strings.Split(out.String(), "\n")
	// A terminal draws 🎉 two columns wide: the caret is one further.
	if len(lines) < 3 || strings.Index(lines[2], "^") != strings.Index(lines[1], line)+len([]rune(line[:strings.Index(line, "{")]))+1 {
		t.Errorf("the caret is not under the brace:\n%s", out.String())
	}
}

// TestCaretInTerminalColumns: the caret stands under its character as a
// terminal draws the line, whatever stands before it, and the tildes
// underline as many columns as the problem's characters take.
func TestCaretInTerminalColumns(t *testing.T) {
	for _, c := range []struct {
		before string
		cols   int // the columns a terminal draws before takes
	}{
		{"plain: ", 7},
		{"emoji: 🎉 ", 10},
		{"joined emoji: 👩‍💻 ", 17},
		{"flag: 🇪🇸 ", 9},
		{"日本語: ", 8},
		{"accent: é ", 10},
		{"dash and quotes: — “", 20},
	} {
		got := caret(c.before+"{count} and more", len([]rune(c.before))+1, len("{count}"))
		if want := strings.Repeat(" ", c.cols) + "^~~~~~~"; got != want {
			t.Errorf("under %q:\n%q, want\n%q", c.before, got, want)
		}
	}
	if got, want := caret("a: 日本", 4, 2), "   ^~~~"; got != want {
		t.Errorf("under two wide characters: %q, want %q", got, want)
	}
	if got, want := caret("a: \u0301\u0301", 4, 2), "   ^"; got != want {
		t.Errorf("under two combining accents alone: %q, want %q", got, want)
	}
}

// TestPrintCaret: the terminal points at the column, under a tab where
// the source has one, and underlines the problem's length; a warning says
// so; notes follow the source.
func TestPrintCaret(t *testing.T) {
	var out strings.Builder
	Print(&out, List{
		{Kind: KindWarning, File: "pages/a.yaml", Line: 3, Col: 9, Length: 5, Message: "typo", Source: "\ttitle: Hlelo", Notes: []string{"did you mean Hello?"}},
		{File: "pages/b.yaml", Line: 1, Col: 40, Message: "past the end", Source: "short"},
	})
	want := "pages/a.yaml:3:9: warning: typo\n" +
		"    3 | \ttitle: Hlelo\n" +
		"      | \t       ^~~~~\n" +
		"    note: did you mean Hello?\n" +
		"pages/b.yaml:1:40: past the end\n" +
		"    1 | short\n"
	if out.String() != want {
		t.Errorf("printed\n%q\nwant\n%q", out.String(), want)
	}
}

// TestPrintEditorPlace: a problem make dev has placed in the web editor
// says where, under its source line; its entry and field are content's
// words, printed safe (Text).
func TestPrintEditorPlace(t *testing.T) {
	var out strings.Builder
	Print(&out, List{
		{File: "pages/a.yaml", Line: 3, Col: 5, Message: "blank", Source: "    heading: \"\"", Entry: "Home", Field: "Sections › Hero › Heading"},
		{File: "pages/b.yaml", Line: 1, Col: 1, Message: "no title", Entry: "About\x1b[2J"},
	})
	want := "pages/a.yaml:3:5: blank\n" +
		"    3 |     heading: \"\"\n" +
		"      |     ^\n" +
		"    in the web editor: Home › Sections › Hero › Heading\n" +
		"pages/b.yaml:1:1: no title\n" +
		"    in the web editor: About\\x1b[2J\n"
	if out.String() != want {
		t.Errorf("printed\n%q\nwant\n%q", out.String(), want)
	}
}

// TestPrintLongLine: a long source line (a drawn SVG's path) is quoted in
// at most MaxSource characters around the problem's column, the caret
// still under it.
func TestPrintLongLine(t *testing.T) {
	line := `<path d="` + strings.Repeat("M1 2L3 4", 60) + `" onload="x"/>`
	col := strings.Index(line, "onload") + 1
	for _, c := range []int{1, col} {
		var out strings.Builder
		Print(&out, List{{File: "images/a.svg", Line: 1, Col: c, Length: 6, Message: "m", Source: line}})
		lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		if len(lines) != 3 {
			t.Fatalf("printed %q", out.String())
		}
		quoted, caret := []rune(strings.TrimPrefix(lines[1], "    1 | ")), []rune(strings.TrimPrefix(lines[2], "      | "))
		if len(quoted) > MaxSource+2 {
			t.Errorf("column %d: quoted %d characters: %q", c, len(quoted), string(quoted))
		}
		at := len(caret) - len(strings.TrimLeft(string(caret), " "))
		want := []rune(line)[c-1 : c+5]
		if got := string(quoted[at : at+6]); got != string(want) {
			t.Errorf("column %d: the caret is under %q, want %q:\n%s", c, got, string(want), out.String())
		}
	}
}

// TestText: outside text prints on its own line, as it reads, and never
// as a terminal's escape or a CI runner's command.
func TestText(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"content/images/photo.svg", "content/images/photo.svg"},
		{"café menu (1).jpg\tx", "café menu (1).jpg\tx"},
		{"n\n::error title=x::y.svg", `n\n::error title=x::y.svg`},
		{"\x1b[31mred", `\x1b[31mred`},
		{"a\u202egnp.svg", `a\u202egnp.svg`},
		{"d\u2066e\u2069\u200e\u200f\u061c", `d\u2066e\u2069\u200e\u200f\u061c`},
		{"line\u2028sep", `line\u2028sep`},
		{"::warning::x", `\x3a:warning::x`},
		{"  ::error::x", `  \x3a:error::x`},
		{"\u00a0::error file=README.md,line=1::forged", "\u00a0\\x3a:error file=README.md,line=1::forged"},
		{"\u3000::add-mask::x", "\u3000\\x3a:add-mask::x"},
		{"\u2003::warning::y", "\u2003\\x3a:warning::y"},
		{"a ##[error]b", `a ##\x5berror]b`},
		{"bad \xff byte", `bad \xff byte`},
		{"\u0085next", `\u0085next`},
	} {
		if got := Text(tt.in); got != tt.want {
			t.Errorf("Text(%q) = %q; want %q", tt.in, got, tt.want)
		}
	}
	var b strings.Builder
	Print(&b, List{{File: "images/\x1b[2J.svg", Line: 1, Col: 3, Length: 2, Message: "x", Source: "\x1b[2Jab", Notes: []string{"::error::n"}, Detail: "ok\n::error::d"}})
	want := "images/\\x1b[2J.svg:1:3: x\n    1 | \\x1b[2Jab\n      |      ^~\n    note: \\x3a:error::n\n    ok\n    \\x3a:error::d\n"
	if b.String() != want {
		t.Errorf("Print:\n%s\nwant\n%s", b.String(), want)
	}
}

// FuzzPrint: a problem is printed whatever line of content it quotes and
// wherever its column and length fall (the quoted line is an outsider's
// text), with the caret on the line under the source, never wider than
// the line's own drawing allows past its end.
func FuzzPrint(f *testing.F) {
	f.Add("heading: 🎉 Broken {{x}}", 12, 2)
	f.Add("a: \u0301\u0301", 4, 2)
	f.Add("\t\x1b[31mred\u200d👩\u200d💻", 3, 40)
	f.Add("日本語: {{", 6, 2)
	f.Fuzz(func(t *testing.T, source string, col, length int) {
		if strings.ContainsAny(source, "\r\n") {
			return // one line, as sourceLine gives
		}
		var out strings.Builder
		Print(&out, List{{File: "a.yaml", Line: 3, Col: col, Length: length, Message: "m", Source: source}})
		lines := strings.Split(out.String(), "\n")
		if len(lines) < 2 || !strings.HasPrefix(lines[0], "a.yaml:3:") {
			t.Fatalf("printed %q", out.String())
		}
		if len(lines) > 2 && strings.Count(lines[2], "^") > 1 {
			t.Errorf("caret line %q", lines[2])
		}
	})
}
