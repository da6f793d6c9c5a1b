package load

import (
	"bytes"
	"encoding/json"
	"errors"
	"image"
	pngenc "image/png"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/sections"
	"github.com/vozia/site/generator/imagefiles"

	"github.com/vozia/site/internal/contactform"
)

// fixtureSite is the test site of testdata/site (shared with the
// generator's tests), copied into a MapFS so that each case can change one
// file. It is not the live content: editors' edits never break these tests.
func fixtureSite(t *testing.T) fstest.MapFS {
	t.Helper()
	fsys := fstest.MapFS{}
	root := "../../testdata/site"
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		fsys[filepath.ToSlash(rel)] = &fstest.MapFile{Data: data}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return fsys
}

func TestLoadFixture(t *testing.T) {
	s, err := Site(fixtureSite(t))
	if err != nil {
		t.Fatalf("the fixture does not load:\n%v", err)
	}
	type row struct {
		Path, File, Redirect string
		Prefix, NotFound     bool
	}
	var got []row
	for _, r := range s.Routes {
		got = append(got, row{r.Path, r.File, r.Redirect, r.Prefix, r.NotFound})
	}
	want := []row{
		{"/", "pages/index.yaml", "", false, false},
		{"/about", "pages/about.yaml", "", false, false},
		{"/about/bank-knowledge", "collections/case-studies.yaml", "", false, false},
		{"/about/biotech-trial", "collections/case-studies.yaml", "", false, false},
		{"/about/ecommerce-retailer", "collections/case-studies.yaml", "", false, false},
		{"/about/home-appliances", "collections/case-studies.yaml", "", false, false},
		{"/insights", "pages/insights.yaml", "", false, false},
		{"/insights/on-premise", "articles/on-premise.md", "", false, false},
		{"/insights/pulse-themes", "articles/pulse-themes/index.md", "", false, false},
		{"/insights/tags/healthcare", "pages/insights.yaml", "", false, false},
		{"/insights/tags/infrastructure", "pages/insights.yaml", "", false, false},
		{"/insights/tags/pulse", "pages/insights.yaml", "", false, false},
		{"/insights/tags/voice-ai", "pages/insights.yaml", "", false, false},
		{"/insights/voice-follow-up", "articles/voice-follow-up.md", "", false, false},
		{"/legal/privacy", "pages/legal/privacy.md", "", true, false},
		{"/old", "routing.yaml", "/about", false, false},
		{"/services", "pages/services.yaml", "", false, false},
		{"/services/agent-development", "collections/services.yaml", "", false, false},
		{"/services/ai-infrastructure", "collections/services.yaml", "", false, false},
		{"/services/data-preparation", "collections/services.yaml", "", false, false},
		{"/services/ml-models", "collections/services.yaml", "", false, false},
		{"/services/slm-fine-tuning", "collections/services.yaml", "", false, false},
		{"/services/voice-agents", "collections/services.yaml", "", false, false},
		{"/404", "pages/404.yaml", "", false, true},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("route table:\n got %+v\nwant %+v", got, want)
	}
	if s.Pages["/old"] != nil {
		t.Error("the redirect has a page")
	}
	// The form offers exactly the company sizes the contact function accepts.
	if got := s.Layout.ContactForm.SizeOptions; !slices.Equal(got, contactform.CompanySizes) {
		t.Errorf("form size options %q, want the contact function's %q", got, contactform.CompanySizes)
	}

	// Breadcrumbs come from the folders: /legal has no page, so it is skipped.
	if got, want := s.Pages["/legal/privacy"].Route.Breadcrumbs, []content.Breadcrumb{{Name: "Home", URL: "/"}, {Name: "Privacy", URL: "/legal/privacy"}}; !reflect.DeepEqual(got, want) {
		t.Errorf("breadcrumbs of /legal/privacy = %v, want %v", got, want)
	}
	if b := s.Pages["/"].Route.Breadcrumbs; b != nil {
		t.Errorf("the home page has breadcrumbs %v", b)
	}

	// Each page receives the collections its sections read, and only those.
	about := s.Pages["/about"]
	if len(about.Collections.Values) == 0 || len(about.Collections.CaseStudies) == 0 || about.Collections.Services != nil || about.Collections.FAQ != nil {
		t.Errorf("/about collections: values %d, case studies %d, services %d, faq %d; want only values and case studies",
			len(about.Collections.Values), len(about.Collections.CaseStudies), len(about.Collections.Services), len(about.Collections.FAQ))
	}
	if home := s.Pages["/"]; len(home.Collections.FAQ) == 0 || home.Collections.Values != nil {
		t.Error("/ should receive the faq collection only")
	}

	// Sections keep their order and kind; a .md page is one markdown section.
	var kinds []string
	for _, sec := range s.Pages["/"].Sections {
		kinds = append(kinds, sec.Kind)
	}
	if want := []string{"hero", "cards", "stats", "faq", "reviews", "cta", "contact"}; !reflect.DeepEqual(kinds, want) {
		t.Errorf("home sections %v, want %v", kinds, want)
	}
	md := s.Pages["/legal/privacy"].Sections
	if len(md) != 1 || md[0].Kind != "markdown" {
		t.Fatalf("privacy sections = %+v, want one markdown section", md)
	}
	m := md[0].Value.(*sections.MarkdownSection)
	if !strings.Contains(textHTML(m.Text, m.Images), `<h2 id="cookies">Cookies</h2>`) || m.Body != "" || m.Back == nil || m.Back.Label != "Back to Home" {
		t.Errorf("markdown section = %+v", m)
	}
}

// TestImageSize checks that an image's size comes from its file: an SVG's
// width and height or viewBox, a PNG's header.
func TestImageSize(t *testing.T) {
	var png bytes.Buffer
	if err := pngenc.Encode(&png, image.NewGray(image.Rect(0, 0, 300, 200))); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		ext, data string
		w, h      int
	}{
		{".svg", `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400"></svg>`, 640, 400},
		{".svg", `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120.4 80"></svg>`, 120, 80},
		{".png", png.String(), 300, 200},
	} {
		info, err := imagefiles.Inspect("a"+tc.ext, []byte(tc.data))
		w, h := info.Width, info.Height
		if err != nil || w != tc.w || h != tc.h {
			t.Errorf("%s %q: %dx%d, %v; want %dx%d", tc.ext, tc.data[:min(len(tc.data), 40)], w, h, err, tc.w, tc.h)
		}
	}
	if _, err := imagefiles.Inspect("a.svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg"></svg>`)); err == nil {
		t.Error("an SVG without a size was accepted")
	}
	s, err := Site(fixtureSite(t))
	if err != nil {
		t.Fatal(err)
	}
	if img := s.Collections.CaseStudies[0].Image; img.Width != 640 || img.Height != 400 {
		t.Errorf("the fixture's first case-study image is %dx%d, want the file's 640x400", img.Width, img.Height)
	}
}

func TestSectionJSON(t *testing.T) {
	data, err := json.Marshal([]content.Section{
		{Kind: "contact", Value: &sections.ContactSection{}},
		{Kind: "stats", Value: &sections.StatsSection{Heading: "H", Stats: []content.BlockStat{{Value: "1", Label: "one"}}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := `[{"kind":"contact"},{"kind":"stats","heading":"H","stats":[{"value":"1","label":"one"}]}]`
	if string(data) != want {
		t.Errorf("got %s\nwant %s", data, want)
	}
}

// edit returns a copy of fsys with file changed by f.
func edit(fsys fstest.MapFS, file string, f func(string) string) fstest.MapFS {
	out := fstest.MapFS{}
	for k, v := range fsys {
		out[k] = v
	}
	if f != nil {
		var old string
		if fsys[file] != nil {
			old = string(fsys[file].Data)
		}
		out[file] = &fstest.MapFile{Data: []byte(f(old))}
	}
	return out
}

func replace(old, new string) func(string) string {
	return func(s string) string {
		if !strings.Contains(s, old) {
			panic("fixture does not contain " + old)
		}
		return strings.Replace(s, old, new, 1)
	}
}

// lineOf is the 1-based line of the first occurrence of needle in file.
func lineOf(fsys fstest.MapFS, file, needle string) int {
	before, _, _ := strings.Cut(string(fsys[file].Data), needle)
	return strings.Count(before, "\n") + 1
}

// TestSlipsWarned: what the page would show as written, though it is
// most likely a slip (a quote ending a text with none to open it,
// Markdown's bold in plain text, a note after a text, an entry indented
// into the text above, a misspelt tag, a text entry written twice), is
// warned of where it is written: warned, not refused, for the web editor
// saves such text so. What is meant so (a plural's apostrophe, inches,
// quotes that pair, an optional text left empty) is left alone.
func TestSlipsWarned(t *testing.T) {
	base := fixtureSite(t)
	const faq, line = "collections/faq.yaml", "- question: How long does it take to deploy an agent?\n"
	tests := []struct {
		name, file, old, new string
		// want starts the only warning; "": none.
		want string
	}{
		{"an opening quote deleted", faq, line, "- question: How long does it take to deploy an agent?'\n",
			"collections/faq.yaml:4:54: warning: this text ends with a ' that no quote opens, and the page shows it: if it is a slip, remove it; if it belongs to the text, put the whole value in double quotes"},
		{"a double quote typed at the end", faq, line, "- question: How long does it take to deploy an agent?\"\n",
			`collections/faq.yaml:4:54: warning: this text ends with a " that no quote opens, and the page shows it: if it is a slip, remove it; if it belongs to the text, put the whole value in single quotes`},
		{"after an apostrophe in a word", faq, line, "- question: How long will it take? We'll say.'\n",
			"collections/faq.yaml:4:46: warning: this text ends with a ' that no quote opens"},
		{"Markdown's bold", faq, line, "- question: How long does it take to deploy **an agent**?\n",
			`collections/faq.yaml:4:45: warning: "**an agent**" is Markdown, and this field is plain text: visitors see the asterisks; write the words alone`},
		{"a note after the text", faq, line, "- question: How long does it take? # ask Dan. To deploy an agent?\n",
			`collections/faq.yaml:4:36: warning: the text stops before "# ask Dan. To deploy an agent?": a "#" after a space starts a comment, which the page does not show`},
		{"an entry joined to the one above", "collections/services.yaml", "\n    - Pipelines run on", "\n     - Pipelines run on",
			"collections/services.yaml:9:6: warning: this line is indented past the entry above it (line 8), so YAML reads it as more of that entry's text, and the page shows the two as one: start it in column 5, as that entry"},
		{"a tag a typo away from a named one", "articles/on-premise.md", "tags: [infrastructure]", "tags: [infrastructure, healthcar]",
			`articles/on-premise.md:6:24: tag "healthcar" is on this article alone and has no file in collections/tags: did you mean "healthcare"? (a new tag is listed on a page of its own; give it a file to name it)`},
		{"a text entry written twice", "site.yaml", "    - voice IVR\n", "    - voice IVR\n    - voice IVR\n",
			"site.yaml:21:7: warning: seo.keywords[5]: this entry repeats the one at line 20 word for word: remove one"},
		{"a heading ending in a plural and a quote", "pages/index.yaml", "    eyebrow: Reviews\n", "    eyebrow: Case Studies'\n",
			"pages/index.yaml:34:26: warning: this text ends with a ' that no quote opens"},
		{"a plural's apostrophe", faq, line, "- question: How long does it take to deploy our partners'\n", ""},
		{"inches", faq, line, "- question: Does it run on a 12\"\n", ""},
		{"quoted on purpose", faq, line, "- question: \"How long does it take to deploy an agent?'\"\n", ""},
		{"quotes that pair", faq, line, "- question: How long does 'deploy' take?\n", ""},
		{"quotes that pair, at the end, after an apostrophe", faq, line, "- question: What's 'the ecosystem'\n", ""},
		{"an optional text left empty", "pages/index.yaml", "    eyebrow: Reviews\n", "    eyebrow:\n", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			site, err := Site(edit(base, tc.file, replace(tc.old, tc.new)))
			if err != nil {
				t.Fatalf("the build refused it: %v", err)
			}
			switch {
			case tc.want == "" && len(site.Warnings) > 0:
				t.Errorf("warned: %v", site.Warnings)
			case tc.want != "" && (len(site.Warnings) != 1 || !strings.HasPrefix(site.Warnings[0].Error(), tc.want)):
				t.Errorf("warnings %v, want one starting %q", site.Warnings, tc.want)
			}
		})
	}
}

func TestLoadErrors(t *testing.T) {
	base := fixtureSite(t)
	// at returns "file:line:col" of the first occurrence of needle, col
	// being the 1-based column of needle plus offset.
	at := func(file, needle string, offset int) func(fstest.MapFS) string {
		return func(f fstest.MapFS) string {
			before, _, _ := strings.Cut(string(f[file].Data), needle)
			line := strings.Count(before, "\n") + 1
			col := len(before) - strings.LastIndex(before, "\n") + offset
			return file + ":" + itoa(line) + ":" + itoa(col)
		}
	}
	tests := []struct {
		name string
		file string
		edit func(string) string
		// want are substrings of the error; at names "file:line:col".
		want []string
		at   func(fsys fstest.MapFS) string
		// one: the only error of the site.
		one bool
	}{
		{
			name: "an entry pasted twice",
			file: "collections/faq.yaml",
			edit: func(s string) string {
				lines := strings.SplitAfter(s, "\n")
				return strings.Join(append(lines[:3:3], lines[1:]...), "")
			},
			want: []string{`collections/faq.yaml:4:3: [1]: this entry repeats the one at line 2 word for word: remove one`},
			one:  true,
		},
		{
			name: "a list entry without its dash",
			file: "collections/faq.yaml",
			edit: replace("- question: How long does it take", "  question: How long does it take"),
			want: []string{`collections/faq.yaml:4:3: [0]: duplicate key "question": line 2 has it already; keep one, or, if line 4 begins the next entry of the list, write "- " in column 1, before its key, as the entries above`},
		},
		{
			name: "a block's last key moved to the left edge",
			file: "pages/about.yaml",
			edit: replace("    months: [January", "months: [January"),
			want: []string{`unknown field "months" in the page: it belongs to sections[5] (its keys start at line 28), which misses it; start it in column 5, as that mapping's other keys`},
			at:   at("pages/about.yaml", "months: [January", 0),
			one:  true,
		},
		{
			name: "a number sign in a text",
			file: "collections/faq.yaml",
			edit: replace("- question: How long does it take", "- question: Our #1 question: how long does it take"),
			want: []string{`the text stops before "#1 question: how long does it take to deploy an agent?": a "#" after a space starts a comment, so the page shows "Our"; quote the whole value to keep it`},
			at:   at("collections/faq.yaml", "#1 question", 0),
			one:  true,
		},
		{
			name: "a required text left empty",
			file: "collections/faq.yaml",
			edit: replace("- question: How long does it take to deploy an agent?\n", "- question:\n"),
			want: []string{`field "[1].question" must not be blank: fill it in`},
			at:   at("collections/faq.yaml", "- question:\n", 11),
			one:  true,
		},
		{
			name: "an icon's name written in full",
			file: "pages/index.yaml",
			edit: replace("{icon: globe,", "{icon: microphone,"),
			want: []string{`unknown icon "microphone" (did you mean "mic"?)`},
			at:   at("pages/index.yaml", "microphone", 0),
			one:  true,
		},
		{
			name: "a list file's first entry indented, read as the whole file",
			file: "collections/faq.yaml",
			edit: func(s string) string {
				lines := strings.SplitAfter(s, "\n")
				lines[1], lines[2] = "  "+lines[1], "  "+lines[2]
				return strings.Join(lines, "")
			},
			want: []string{`this line, the file's first, starts in column 3, and line 4 further left, in column 1: YAML would end the file there and drop line 4 and every line below it; start this line, and the lines of its block, in column 1`},
			at:   func(fstest.MapFS) string { return "collections/faq.yaml:2:3" },
			one:  true,
		},
		{
			name: "an optional text starting with a number sign",
			file: "pages/index.yaml",
			edit: replace("    eyebrow: Reviews\n", "    eyebrow: #1 in reviews\n"),
			want: []string{`field "sections[4].eyebrow": its text starts with "#", which YAML reads as a comment, so the field is empty: quote the whole value ("#1 in reviews")`},
			at:   at("pages/index.yaml", "eyebrow: #1", 8),
			one:  true,
		},
		{
			name: "a text entry without its dash",
			file: "collections/services.yaml",
			edit: replace("\n    - Pipelines run on", "\n    Pipelines run on"),
			want: []string{`this line is in the column of the list's dashes, without one: if it is a new entry, write "- " before it; if it goes on the text of line 8, join it to that line`},
			at:   at("collections/services.yaml", "    Pipelines run on", 4),
			one:  true,
		},
		{
			name: "a line written twice",
			file: "pages/about.yaml",
			edit: replace("sections:\n", "sections:\nsections:\n"),
			want: []string{`pages/about.yaml:5:1: duplicate key "sections": line 4 has it already; put the entries of both in one list`},
			one:  true,
		},
		{
			// A second rename's alias on a line of its own: keeping one
			// line would drop the first rename's address (an editor's
			// trial).
			name: "an article's aliases written twice",
			file: "articles/on-premise.md",
			edit: replace("tags:", "aliases: [/insights/a]\naliases: [/insights/b]\ntags:"),
			want: []string{`articles/on-premise.md:7:1: duplicate key "aliases": line 6 has it already; put the entries of both in one list`},
			one:  true,
		},
		{
			name: "a copyright with its year written out",
			file: "layout.yaml",
			edit: replace(`"© {year} {brand}.`, `"© 2026 {brand}.`),
			want: []string{`copyright "© 2026 {brand}. All rights reserved." must contain {year}`},
			at:   at("layout.yaml", `"© 2026`, 0),
		},
		{
			name: "a legal link to a page listed before it",
			file: "layout.yaml",
			edit: replace(`{label: Terms & Conditions, href: /about}`, `{label: Terms & Conditions, href: /legal/privacy}`),
			want: []string{`"Privacy Policy" and "Terms & Conditions" both link to /legal/privacy: list each page once`},
			at:   at("layout.yaml", "{label: Terms", 0),
		},
		{
			name: "a menu listing a page twice",
			file: "layout.yaml",
			edit: replace(`{label: About us, href: /about}`, `{label: About us, href: /insights}`),
			want: []string{`"Insights" and "About us" both link to /insights: list each page once`},
			at:   at("layout.yaml", "{label: About us", 0),
		},
		{
			name: "a footer column listing a page twice",
			file: "layout.yaml",
			edit: replace(`{label: Text AI, href: /about}`, `{label: Text AI, href: /services}`),
			want: []string{`"Voice AI" and "Text AI" both link to /services: list each page once`},
			at:   at("layout.yaml", "{label: Text AI", 0),
		},
		{
			name: "a founders section whose links all read the same",
			file: "pages/about.yaml",
			edit: replace("  - kind: text\n", "  - kind: founders\n    heading: Us\n    statement: We.\n    foundersTitle: Founders\n    profileLabel: LinkedIn\n    missionTitle: Mission\n    missionText: To test.\n    moreLink: {label: More, href: /about}\n  - kind: text\n"),
			want: []string{`profileLabel "LinkedIn" must contain {name}`},
			at:   at("pages/about.yaml", "LinkedIn", 0),
		},
		{
			name: "typo in a field name",
			file: "site.yaml",
			edit: replace("demoEmail:", "demoEmial:"),
			want: []string{`unknown field "demoEmial" in site.yaml (did you mean "demoEmail"?)`},
			at:   at("site.yaml", "demoEmial", 0),
		},
		{
			name: "typo in a page's metadata",
			file: "pages/about.yaml",
			edit: replace("name: About\n", "name: About\ntitel: About\n"),
			want: []string{`unknown field "titel" in the page (did you mean "title"?)`},
			at:   at("pages/about.yaml", "titel", 0),
		},
		{
			name: "typo in a section field",
			file: "pages/about.yaml",
			edit: replace("    heading: Our mission\n", "    headnig: Our mission\n"),
			want: []string{`unknown field "headnig" in a section of kind "text" (did you mean "heading"?)`},
			at:   at("pages/about.yaml", "headnig", 0),
		},
		{
			name: "unknown section kind",
			file: "pages/about.yaml",
			edit: replace("kind: text\n", "kind: txet\n"),
			want: []string{`unknown section kind "txet" (did you mean "text"?)`},
			at:   at("pages/about.yaml", "txet", 0),
		},
		{
			name: "section without a kind",
			file: "pages/about.yaml",
			edit: replace("  - kind: text\n    heading", "  - heading"),
			want: []string{`sections[1]: missing required field "kind" (one of: "article", "article-index", "business-lines", "cards"`},
		},
		{
			name: "blank required field",
			file: "pages/about.yaml",
			edit: replace("heading: Our mission", `heading: " "`),
			want: []string{`field "sections[1].heading" must not be blank`},
			at:   at("pages/about.yaml", `" "`, 0),
		},
		{
			name: "empty required list",
			file: "pages/about.yaml",
			edit: replace("paragraphs: [To test pages.]", "paragraphs: []"),
			want: []string{`field "sections[1].paragraphs" needs at least one item`},
		},
		{
			name: "collection that does not exist",
			file: "pages/about.yaml",
			edit: replace("collection: values", "collection: valeus"),
			want: []string{`collection "valeus" cannot be shown as cards (did you mean "values"?)`},
		},
		{
			name: "unknown icon",
			file: "pages/index.yaml",
			edit: replace("icon: globe", "icon: glob"),
			want: []string{`field "sections[1].cards[0].icon": unknown icon "glob" (did you mean "globe"?)`},
			at:   at("pages/index.yaml", "glob,", 0),
		},
		{
			name: "colour that is not #RRGGBB",
			file: "collections/case-studies.yaml",
			edit: replace(`color: "#FF6B35"`, "color: orange"),
			want: []string{`colour "orange" must be written #RRGGBB`},
			at:   at("collections/case-studies.yaml", "orange", 0),
		},
		{
			name: "image without alt text",
			file: "collections/case-studies.yaml",
			edit: replace(`alt: "Illustration: a shopping bag beside a chat bubble and a rising bar chart"`, `alt: ""`),
			want: []string{`field "[0].image.alt" must not be blank`},
			at:   at("collections/case-studies.yaml", `""`, 0),
		},
		{
			name: "image file that does not exist",
			file: "collections/case-studies.yaml",
			edit: replace("src: /images/case-studies/ecommerce-retailer.svg", "src: /images/case-studies/ecommerce-retailer.png"),
			want: []string{`image "/images/case-studies/ecommerce-retailer.png": no such file under content/images/ (did you mean "/images/case-studies/ecommerce-retailer.svg"?)`},
			at:   at("collections/case-studies.yaml", "{src: /images/case-studies/ecommerce-retailer.png", 0),
		},
		{
			name: "image size typed by hand",
			file: "collections/case-studies.yaml",
			edit: replace("ecommerce-retailer.svg,", "ecommerce-retailer.svg, width: 640,"),
			want: []string{`unknown field "width" in image`},
		},
		{
			name: "company sizes written in the layout",
			file: "layout.yaml",
			edit: replace("contactForm:\n", "contactForm:\n  sizeOptions: [small, large]\n"),
			want: []string{`unknown field "sizeOptions" in contactForm`},
		},
		{
			name: "section showing an empty collection",
			file: "collections/values.yaml",
			edit: func(string) string { return "[]\n" },
			want: []string{`this collection section shows the values collection, but collections/values.yaml has no records`},
			at:   at("pages/about.yaml", "kind: collection", 0),
		},
		{
			name: "title with the brand",
			file: "pages/services.yaml",
			edit: replace("title: Services\n", "title: Services | Vozia\n"),
			want: []string{`title "Services | Vozia": leave out "| Vozia", the build adds it`},
			at:   at("pages/services.yaml", "title:", 7), // at the value
		},
		{
			name: "missing required field",
			file: "collections/faq.yaml",
			edit: func(string) string { return "- question: Is it real?\n" },
			want: []string{`[0]: missing required field "answer"`},
			at:   func(fstest.MapFS) string { return "collections/faq.yaml:1:3" },
		},
		{
			name: "missing required field, said what it is for",
			file: "pages/insights.yaml",
			edit: replace("    contents: On this page\n", ""),
			want: []string{`sections[0]: missing required field "contents" (Heads the table of contents of a long article.)`},
		},
		{
			name: "wrong type",
			file: "site.yaml",
			edit: replace("brand: Vozia", "brand: [Vozia]"),
			want: []string{`field "brand": expected a text, got a list`},
			at:   at("site.yaml", "[Vozia]", 0),
		},
		{
			name: "number where a string belongs",
			file: "site.yaml",
			edit: replace("brand: Vozia", "brand: 42"),
			want: []string{`field "brand": expected a text, got the number 42: put it in quotes, "42", so that it is a text`},
		},
		{
			// A page's key written under its last section, which YAML reads
			// as that section's: named once, with where it belongs.
			name: "a page's key moved under its last section",
			file: "pages/about.yaml",
			edit: func(s string) string {
				return replace("title: About the test site\n", "")(s) + "    title: About the test site\n"
			},
			want: []string{`unknown field "title" in a section of kind "webinars": it is a field of the page (line 1), which does not have it; start it in column 1, as that mapping's other keys`},
			one:  true,
		},
		{
			name: "a mapping's braces doubled",
			file: "pages/about.yaml",
			edit: replace("image: {src: /images/logos/northwind.svg, alt: Northwind logo}", "image: {{src: /images/logos/northwind.svg, alt: Northwind logo}}"),
			want: []string{`field "sections[2].logos[0].image": the brackets are doubled, so YAML reads a mapping as a key: write one pair, {src: …, alt: …}`},
			at:   at("pages/about.yaml", "{src: /images/logos/northwind.svg", 0),
			one:  true,
		},
		{
			name: "a page's key written again under its last section",
			file: "pages/about.yaml",
			edit: func(s string) string { return s + "    title: About the test site\n" },
			want: []string{`unknown field "title" in a section of kind "webinars": it is a field of the page, which has it already at line 1: keep one, in column 1`},
			one:  true,
		},
		// A field written in another shape than its own is told what to
		// type, not only what was expected.
		{
			name: "a text where a list belongs",
			file: "pages/about.yaml",
			edit: replace("paragraphs: [To test pages.]", "paragraphs: To test pages."),
			want: []string{`field "sections[1].paragraphs": expected a list, got the text "To test pages.": write [To test pages.], or each entry on a line of its own below "paragraphs:", after "- "`},
			at:   at("pages/about.yaml", "To test pages.", 0),
		},
		{
			name: "a list's entry without its dash",
			file: "pages/about.yaml",
			edit: func(s string) string {
				s = replace("      - name: Acme Health\n        image: {src: /images/logos/acme-health.svg, alt: Acme Health logo}\n", "")(s)
				return replace("      - name: Northwind\n        image:", "      name: Northwind\n      image:")(s)
			},
			want: []string{`field "sections[2].logos": expected a list, got a mapping: each entry starts with "- ": write it before "name:" at line 15, and line up the entry's other fields under it`},
		},
		{
			// YAML reads the entries below as the first one's text, over
			// several lines.
			name: "a list of texts whose first entry lost its dash",
			file: "collections/case-studies.yaml",
			edit: replace("    - Open-ended answers", "    Open-ended answers"),
			want: []string{`field "[0].results": expected a list, got the text "Open-ended answers from customers who had never fi…": this list's first entry has no dash, the entries below it have (line 13): write "- " before it, in column 5 as they do`},
			at:   at("collections/case-studies.yaml", "Open-ended answers", 0),
			one:  true,
		},
		// A mapping with a key or value refused is not judged again as a
		// whole: an action whose href is refused has one, as written.
		{
			name: "an action's link written as a number",
			file: "pages/index.yaml",
			edit: replace("{label: Our services, href: /services", "{label: Our services, href: 42"),
			want: []string{`invalid URL "42"`},
			at:   at("pages/index.yaml", "42,", 0),
			one:  true,
		},
		{
			name: "an action's label without its colon",
			file: "pages/index.yaml",
			edit: replace("{label: Our services, href: /services", "{label Our services, href: /services"),
			want: []string{`field "sections[0].actions[1]": "label Our services" reads as one key, with no ":" after "label": write "label: Our services"`},
			at:   at("pages/index.yaml", "label Our services", 0),
			one:  true,
		},
		{
			name: "an action's href misspelt",
			file: "pages/index.yaml",
			edit: replace("{label: Our services, href: /services", "{label: Our services, hre: /services"),
			want: []string{`unknown field "hre"`, `did you mean "href"?`},
			at:   at("pages/index.yaml", "hre:", 0),
			one:  true,
		},
		// A mapping written as one of its values is told which field the
		// value is, with what that value implies and the others required.
		{
			name: "the demo written as its page",
			file: "site.yaml",
			edit: replace("contactEndpoint:", "demo: /demo\ncontactEndpoint:"),
			want: []string{`field "demo": expected a mapping of fields (opens, page), got the text "/demo": write its fields on the lines below "demo:", two spaces further in: opens: page, then page: /demo`},
			at:   at("site.yaml", "/demo\n", 0),
			one:  true,
		},
		{
			name: "an action written as its link",
			file: "pages/index.yaml",
			edit: replace("{label: Our services, href: /services, secondary: true}", "/services"),
			want: []string{`got the text "/services": write it as {label: …, href: /services}`},
			at:   at("pages/index.yaml", "/services\n", 0),
			one:  true,
		},
		{
			name: "a section's kind written as a key",
			file: "pages/about.yaml",
			edit: replace("  - kind: text\n", "  - text:\n"),
			want: []string{`sections[1]: a section starts with its kind: write "kind: text"`},
			at:   at("pages/about.yaml", "text:\n", 0),
			one:  true,
		},
		{
			name: "a list where a text belongs",
			file: "pages/about.yaml",
			edit: replace("    heading: Our mission\n", "    heading:\n      - Our mission\n"),
			want: []string{`field "sections[1].heading": expected a text, got a list: write the text on the line of "heading:", after the ": ", with no "- "`},
		},
		{
			name: "a text where fields belong",
			file: "pages/about.yaml",
			edit: replace("image: {src: /images/logos/northwind.svg, alt: Northwind logo}", "image: /images/logos/northwind.svg"),
			want: []string{`field "sections[2].logos[0].image": expected a mapping of fields (src, alt`, `got the text "/images/logos/northwind.svg": write its fields on the lines below "image:", two spaces further in, as src: …, alt: …`},
		},
		{
			name: "a list where one mapping belongs",
			file: "site.yaml",
			edit: replace("  measurementID: \"\"", "  - measurementID: \"\""),
			want: []string{`field "analytics": expected a mapping of fields (measurementID)`, `got a list: it is one mapping, not a list: leave out the "- " before its fields`},
		},
		{
			name: "a section written as its kind alone",
			file: "pages/about.yaml",
			edit: replace("sections:\n", "sections:\n  - text\n"),
			want: []string{`field "sections[0]": expected a section (a mapping with a kind: key), got the text "text": write "- kind: text", and its fields on the lines below, lined up under "kind"`},
		},
		{
			name: "bad YAML syntax",
			file: "pages/about.yaml",
			edit: replace("name: About\n", "name: About\n   bad: [\n"),
			want: []string{"invalid YAML"},
			// The key that YAML cannot read as one.
			at: at("pages/about.yaml", "bad: [", 0),
		},
		{
			name: "bad indentation in a section",
			file: "pages/about.yaml",
			edit: replace("    heading: Our mission\n", "    heading: Our mission\n   paragraph: x\n"),
			want: []string{"invalid YAML"},
			at:   at("pages/about.yaml", "paragraph: x", 0),
		},
		{
			name: "key indented under the key above",
			file: "pages/about.yaml",
			edit: replace("    heading: Our mission\n", "    heading: Our mission\n     paragraph: x\n"),
			want: []string{"indented further than the key above it"},
			at:   at("pages/about.yaml", "paragraph: x", 0),
		},
		{
			name: "a list item's key out of line with its item",
			file: "collections/faq.yaml",
			edit: func(string) string {
				return "# The FAQ.\n- question: Is it real?\n  answer: Yes.\n- question: Is it fast?\nanswer: Very.\n"
			},
			want: []string{"invalid YAML", "start it in the column of"},
			at:   func(fstest.MapFS) string { return "collections/faq.yaml:5:1" },
		},
		{
			name: "a list entry indented under the entry above",
			file: "collections/faq.yaml",
			edit: func(string) string {
				return "# The FAQ.\n- {question: Is it real?, answer: Yes.}\n  - {question: Is it fast?, answer: Very.}\n- {question: Why?, answer: Because.}\n"
			},
			want: []string{"invalid YAML", "start it in the column of"},
			at:   func(fstest.MapFS) string { return "collections/faq.yaml:3:3" },
		},
		{
			name: "a list entry in the column of the keys above",
			file: "layout.yaml",
			edit: replace("    - {label: Insights, href: /insights}\n", "      - {label: Insights, href: /insights}\n"),
			want: []string{"invalid YAML", "start it, with the lines of its block, in the column of the entry at line 6 (column 5)"},
			at:   at("layout.yaml", "- {label: Insights", 0),
		},
		{
			name: "a section indented whole, after a key with its value",
			file: "pages/index.yaml",
			edit: func(s string) string {
				before, after, _ := strings.Cut(s, "  - kind: reviews\n")
				section, rest, _ := strings.Cut(after, "  - kind: cta\n")
				return before + "    - kind: reviews\n" + strings.ReplaceAll(section, "\n    ", "\n      ") + "  - kind: cta\n" + rest
			},
			want: []string{"invalid YAML: this entry is in the column of the keys of the item above it, not of the list's entries; start it, with the lines of its block, in the column of the entry at line 27 (column 3)"},
			at:   at("pages/index.yaml", "- kind: reviews", 0),
			one:  true,
		},
		{
			name: "a dash typed before an entry's second key",
			file: "pages/index.yaml",
			edit: replace("      - {icon: globe, title: Everywhere, text: On every channel.}\n", "      - icon: globe\n      - title: Everywhere\n        text: On every channel.\n"),
			want: []string{`sections[1].cards[1]: this entry and the one above it (line 21) each lack fields the other has, and together make one: if they are one entry, remove the "- " before "title:"`},
			at:   at("pages/index.yaml", "title: Everywhere", 0),
			one:  true,
		},
		{
			name: "a dash typed before a product's second key",
			file: "site.yaml",
			edit: replace("contactEndpoint:", "products:\n  - id: consulting\n  - label: AI agent consulting\n    pages: [/services]\ncontactEndpoint:"),
			want: []string{`products[1]: this entry and the one above it (line 8) each lack fields the other has, and together make one: if they are one entry, remove the "- " before "label:"`},
			at:   at("site.yaml", "label: AI agent consulting", 0),
			one:  true,
		},
		{
			name: "the demo's page moved to the left edge",
			file: "site.yaml",
			edit: replace("contactEndpoint:", "demo:\n  opens: page\npage: /about\ncontactEndpoint:"),
			want: []string{`unknown field "page" in site.yaml: it is a field of demo (its keys start at line 8), which does not have it; start it in column 3, as that mapping's other keys`},
			at:   at("site.yaml", "page: /about", 0),
			one:  true,
		},
		{
			name: "a product's page with a trailing slash",
			file: "site.yaml",
			edit: replace("contactEndpoint:", "products:\n  - {id: consulting, label: AI agent consulting, pages: [/services/]}\ncontactEndpoint:"),
			want: []string{`link "/services/": no trailing slash`},
			at:   at("site.yaml", "/services/]", 0),
			one:  true,
		},
		{
			name: "a block's lines in its key's column",
			file: "layout.yaml",
			edit: func(s string) string {
				before, after, _ := strings.Cut(s, "  fields:\n")
				block, rest, _ := strings.Cut(after, "  submit:")
				return before + "  fields:\n" + strings.ReplaceAll("\n"+block, "\n    ", "\n  ")[1:] + "  submit:" + rest
			},
			want: []string{`field "contactForm.fields" has nothing, and its keys below it (from line 56) are in its column, so YAML reads them as fields of contactForm: start them, with their lines, two spaces further in than "fields:", in column 5`},
			at:   at("layout.yaml", "fields:\n", 7),
			one:  true,
		},
		{
			name: "key indented under a quoted value",
			file: "pages/insights.yaml",
			edit: replace("    contents: On this page\n", "     contents: On this page\n"),
			want: []string{"invalid YAML", "indented further than the key above it (line 10)", "start it in column 5"},
			at:   at("pages/insights.yaml", "contents: On this page", 0),
		},
		{
			name: "key indented one space too few",
			file: "pages/insights.yaml",
			edit: replace("    contents: On this page\n", "   contents: On this page\n"),
			want: []string{"invalid YAML", "indented less than the key above it (line 10, column 5)", "start it in column 5, as the lines it goes with"},
			at:   at("pages/insights.yaml", "contents: On this page", 0),
		},
		{
			name: "key without its colon",
			file: "pages/insights.yaml",
			edit: replace("    contents: On this page\n", "    contents On this page\n"),
			want: []string{"invalid YAML", `no ":" after the key`},
			at:   at("pages/insights.yaml", "contents On this page", 0),
		},
		{
			name: "quote not closed",
			file: "pages/insights.yaml",
			edit: replace(`    readingTime: "{minutes} min read"`, `    readingTime: "{minutes} min read`),
			want: []string{"invalid YAML", `the quote opened here is not closed on this line`},
			at:   at("pages/insights.yaml", `"{minutes} min read`, 0),
		},
		{
			name: "key moved out of its section",
			file: "pages/insights.yaml",
			edit: replace("    contents: On this page\n", "contents: On this page\n"),
			want: []string{"invalid YAML", "further left than the lines above and below it", "start it in column 5"},
			at:   at("pages/insights.yaml", "contents: On this page", 0),
		},
		{
			name: "colon in unquoted text",
			file: "pages/about.yaml",
			edit: replace("heading: Our mission", "heading: Our mission: to test"),
			want: []string{`invalid YAML: this text holds ": ", which reads as a second key: put the text in quotes`},
			at:   at("pages/about.yaml", "Our mission: to test", 0),
		},
		{
			name: "unclosed list",
			file: "pages/about.yaml",
			edit: replace("paragraphs: [To test pages.]", "paragraphs: [To test pages."),
			want: []string{"invalid YAML"},
		},
		{
			name: "empty file",
			file: "layout.yaml",
			edit: func(string) string { return "" },
			want: []string{"invalid YAML: empty document"},
			at:   func(fstest.MapFS) string { return "layout.yaml:1:1" },
		},
		{
			name: "duplicate key",
			file: "site.yaml",
			edit: replace("brand: Vozia\n", "brand: Vozia\nbrand: Vozia\n"),
			want: []string{`duplicate key "brand"`},
		},
		{
			name: "invalid URL",
			file: "site.yaml",
			edit: replace("baseURL: https://www.vozia.example", "baseURL: www.vozia.example"),
			want: []string{`field "baseURL": invalid URL "www.vozia.example": want an absolute http(s) URL`},
		},
		{
			name: "invalid e-mail",
			file: "site.yaml",
			edit: replace("demoEmail: demo@vozia.example", "demoEmail: demo at vozia"),
			want: []string{`invalid e-mail address "demo at vozia"`},
		},
		{
			name: "two services with one id",
			file: "collections/services.yaml",
			edit: replace("- id: ai-infrastructure", "- id: data-preparation"),
			want: []string{`id "data-preparation": line 3 already has it: each record's id is its page's address, so it must be unique`},
			at:   at("collections/services.yaml", "data-preparation\n  title: AI Infrastructure", 0),
		},
		{
			name: "a case study's id that is no address",
			file: "collections/case-studies.yaml",
			edit: replace("- id: biotech-trial", "- id: Biotech Trial"),
			want: []string{`id "Biotech Trial" is the record's address: write it as a slug, like "biotech-trial"`},
			at:   at("collections/case-studies.yaml", "Biotech Trial", 0),
		},
		{
			name: "service cards with no page listing the services",
			file: "pages/services.yaml",
			edit: func(s string) string {
				before, _, _ := strings.Cut(s, "  - kind: services\n")
				return before + "  - kind: business-lines\n    heading: Lines\n    intro: What we do.\n    consultingTitle: Consulting\n    consultingIntro: We build agents.\n    moreLabel: More\n    productsTitle: Products\n    products:\n      - {icon: chart, eyebrow: Pulse, title: Pulse, text: Interviews., bullets: [Fast], link: {label: Visit, href: /about}}\n"
			},
			want: []string{`this business-lines section links each record to its page, but no page lists the services: add a section of kind services to a page`},
			at:   at("pages/services.yaml", "kind: business-lines", 0),
		},
		{
			name: "one label, two pages",
			file: "layout.yaml",
			edit: replace("{label: All services, href: /services}", "{label: AI Agent Consulting, href: \"/#contact-form\"}"),
			want: []string{`"AI Agent Consulting" links to /services in the header and to /#contact-form in the footer: a link to the same thing must lead to the same page`},
			at:   at("layout.yaml", `AI Agent Consulting, href: "/#`, len("AI Agent Consulting, href: ")),
		},
		{
			name: "link with a trailing slash",
			file: "layout.yaml",
			edit: replace("href: /about}", "href: /about/}"),
			want: []string{`link "/about/": no trailing slash`},
		},
		{
			name: "breadcrumb to nowhere",
			file: "pages/services.yaml",
			edit: replace("name: Services\n", "name: Services\nbreadcrumbs: [{name: Home, url: /}, {name: About, url: /abuot}]\n"),
			want: []string{`breadcrumb "About" points to "/abuot", which has no page (did you mean "/about"?)`},
		},
		{
			name: "cookie banner text too long for one line on a phone",
			file: "layout.yaml",
			edit: func(s string) string {
				i := strings.Index(s, "\nconsent:")
				j := i + strings.Index(s[i:], "\n  text: ")
				k := j + 1 + strings.Index(s[j+1:], "\n")
				return s[:j] + "\n  text: We use essential storage to run this site and, only with your consent, analytics cookies." + s[k:]
			},
			want: []string{"at most 52 fit on one line of a phone's banner"},
		},
		{
			// An editor's rewording, such as the copy edits': the two
			// decisions no longer fit one row of a 375 px phone's banner.
			name: "cookie banner's decisions too long to share a phone's row",
			file: "layout.yaml",
			edit: replace("acceptAll: Accept all", "acceptAll: Edited Accept all"),
			want: []string{`rejectAll "Reject non-essential" and acceptAll "Edited Accept all" are too long to share one row of a phone's cookie banner`},
			at:   at("layout.yaml", "rejectAll:", 11),
		},
		{
			name: "cookie banner's decisions too long, accepting the longer",
			file: "layout.yaml",
			edit: func(s string) string {
				return strings.NewReplacer("rejectAll: Reject non-essential", "rejectAll: Only necessary", "acceptAll: Accept all", "acceptAll: Accept all cookies").Replace(s)
			},
			want: []string{`rejectAll "Only necessary" and acceptAll "Accept all cookies" are too long to share one row of a phone's cookie banner (244 px of text where 243 px fit): shorten one or both by about 1 character in all, and keep acceptAll no longer than rejectAll`},
			at:   at("layout.yaml", "acceptAll:", 11),
		},
		{
			name: "accepting the bigger button",
			file: "layout.yaml",
			edit: func(s string) string {
				return strings.NewReplacer("rejectAll: Reject non-essential", "rejectAll: No", "acceptAll: Accept all", "acceptAll: Accept every cookie").Replace(s)
			},
			want: []string{`acceptAll "Accept every cookie" is longer than rejectAll "No", which would make accepting the bigger button on a phone`},
			at:   at("layout.yaml", "acceptAll:", 11),
		},
		{
			name: "redirect to nowhere",
			file: "routing.yaml",
			edit: replace("to: /about}", "to: /abotu}"),
			want: []string{`redirect to "/abotu": no page has that path (did you mean "/about"?)`},
			at:   at("routing.yaml", "{from: /old", 0),
		},
		{
			// A second rename redirected to the first one's old address.
			name: "redirect to a redirect",
			file: "routing.yaml",
			edit: replace("  - {from: /old, to: /about}\n", "  - {from: /oldest, to: /old}\n  - {from: /old, to: /about}\n"),
			want: []string{`redirect to "/old": that address is itself a redirect (a redirect of routing.yaml, line 3), to "/about": write to: /about, which a visitor reaches in one step`},
			at:   at("routing.yaml", "{from: /oldest", 0),
		},
		{
			// A chain that ends in a loop of redirects has no page to
			// advise: each rule is told it leads nowhere.
			name: "redirect into a loop of redirects",
			file: "routing.yaml",
			edit: replace("  - {from: /old, to: /about}\n", "  - {from: /old, to: /b}\n  - {from: /b, to: /c}\n  - {from: /c, to: /b}\n"),
			want: []string{`redirect to "/b": no page has that path`},
			at:   at("routing.yaml", "{from: /old", 0),
		},
		{
			name: "redirect from a page",
			file: "routing.yaml",
			edit: replace("from: /old", "from: /services"),
			want: []string{`redirect from "/services": pages/services.yaml is the page at that path`},
		},
		{
			name: "rewrite not below its page",
			file: "routing.yaml",
			edit: replace("from: /legal/privacy/*", "from: /legal/*"),
			want: []string{`from "/legal/*": a rewrite serves a page for the paths below it, so from must be "/legal/privacy/*"`},
		},
		{
			name: "two files for one path",
			file: "pages/about/index.yaml",
			edit: func(string) string { return "title: Again\ndescription: D\nsections: [{kind: contact}]\n" },
			want: []string{`is already the page at /about`, `pages/about`},
		},
		{
			name: "a file that is not a page",
			file: "pages/notes.txt",
			edit: func(string) string { return "hello" },
			want: []string{`pages/notes.txt:1:1: not a page: pages are .yaml or .md files`},
		},
		{
			name: "no not-found page",
			file: "pages/404.yaml",
			edit: nil,
			want: []string{`the not-found page is missing`},
		},
		{
			name: "markdown page without front matter",
			file: "pages/legal/privacy.md",
			edit: func(s string) string { return s[strings.Index(s, "# Privacy"):] },
			want: []string{`pages/legal/privacy.md:1:1: a .md page starts with front matter`},
		},
		{
			name: "an article's front matter not closed",
			file: "articles/on-premise.md",
			edit: replace("---\nIt depends", "\nIt depends"),
			want: []string{`the front matter opened by the "---" of line 1 is not closed: write a line "---" after its last field, before the text (line 9)`},
			at:   at("articles/on-premise.md", "It depends", 0),
			one:  true,
		},
		{
			name: "published article with make article's placeholders",
			file: "articles/on-premise.md",
			edit: func(s string) string {
				s = regexp.MustCompile(`(?m)^description: .*$`).ReplaceAllString(s, "description: "+content.PlaceholderDescription)
				return regexp.MustCompile(`alt: [^}]*}`).ReplaceAllString(s, "alt: \""+content.PlaceholderAlt+"\"}")
			},
			want: []string{"description is still the placeholder of make article", "the cover's alt is still the placeholder of make article"},
			at:   at("articles/on-premise.md", "description:", 0),
		},
		{
			name: "typo in front matter",
			file: "pages/legal/privacy.md",
			edit: replace("description:", "descripton:"),
			want: []string{`unknown field "descripton" in the front matter (did you mean "description"?)`},
			at:   at("pages/legal/privacy.md", "descripton", 0),
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fsys := edit(base, tc.file, tc.edit)
			if tc.edit == nil {
				delete(fsys, tc.file)
			}
			_, err := Site(fsys)
			if err == nil {
				t.Fatal("Load accepted broken content")
			}
			var list content.ErrorList
			if !errors.As(err, &list) {
				t.Fatalf("error is %T, want ErrorList: %v", err, err)
			}
			msg := err.Error()
			for _, w := range tc.want {
				if !strings.Contains(msg, w) {
					t.Errorf("error lacks %q:\n%s", w, msg)
				}
			}
			if tc.at != nil && !strings.Contains(msg, tc.at(fsys)) {
				t.Errorf("error not reported at %s:\n%s", tc.at(fsys), msg)
			}
			if tc.one && len(list) != 1 {
				t.Errorf("%d errors, want the one:\n%s", len(list), msg)
			}
			for _, e := range list {
				if e.File == "" || e.Line < 1 || e.Col < 1 {
					t.Errorf("error without a position: %q", e.Error())
				}
			}
		})
	}
}

// TestLoadReportsAllErrorsSorted checks that problems in several files are
// all reported, in file and line order.
func TestLoadReportsAllErrorsSorted(t *testing.T) {
	fsys := edit(fixtureSite(t), "site.yaml", replace("brand: Vozia", "brand: [Vozia]"))
	fsys = edit(fsys, "site.yaml", replace("language: en-US", "langauge: en-US"))
	fsys = edit(fsys, "layout.yaml", replace("demoLabel:", "demoLabel2:"))
	_, err := Site(fsys)
	var list content.ErrorList
	if !errors.As(err, &list) {
		t.Fatalf("want an ErrorList, got %v", err)
	}
	if len(list) != 3 {
		t.Fatalf("want 3 errors (each typo once: not also as the field it leaves missing), got:\n%v", err)
	}
	for i := 1; i < len(list); i++ {
		a, b := list[i-1], list[i]
		if a.File > b.File || (a.File == b.File && a.Line > b.Line) {
			t.Errorf("errors not sorted: %q before %q", a.Error(), b.Error())
		}
	}
	if !strings.HasPrefix(list[0].File, "layout.yaml") {
		t.Errorf("first error should be in layout.yaml, got %q", list[0].Error())
	}
}

func TestPrefix(t *testing.T) {
	l := content.ErrorList{{File: "site.yaml", Line: 3, Col: 1, Message: "x"}}
	if got := l.Prefix("content").Error(); got != "content/site.yaml:3:1: x" {
		t.Errorf("got %q", got)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestEditorDates: the web editor writes a date unquoted (date:
// 2024-02-15, a string in the YAML 1.2 it writes, a timestamp to
// yaml.v3); every date field takes it as written, and a date that does
// not exist, quoted or not, is one problem at its field, not two.
func TestEditorDates(t *testing.T) {
	base := fixtureSite(t)
	fields := []struct{ file, key, quoted string }{
		{"collections/webinars.yaml", "date", `"2024-02-15"`},
		{"collections/reviews.yaml", "datePublished", `"2024-03-18"`},
		{"articles/on-premise.md", "date", "2026-03-01"},
	}
	for _, f := range fields {
		t.Run(f.file, func(t *testing.T) {
			bare := strings.Trim(f.quoted, `"`)
			if _, err := Site(edit(base, f.file, replace(f.key+": "+f.quoted, f.key+": "+bare))); err != nil {
				t.Errorf("the date the editor writes, %s: %s, is refused:\n%v", f.key, bare, err)
			}
			for _, bad := range []string{"2024-02-30", `"2024-02-30"`, "2024-2-3"} {
				_, err := Site(edit(base, f.file, replace(f.key+": "+f.quoted, f.key+": "+bad)))
				var list content.ErrorList
				if !errors.As(err, &list) {
					t.Fatalf("%s: %s accepted (%v)", f.key, bad, err)
				}
				if len(list) != 1 || !strings.Contains(list[0].Message, "not a date") || !strings.Contains(list[0].Message, f.key) {
					t.Errorf("%s: %s: want one problem saying it is not a date, got:\n%v", f.key, bad, err)
				}
			}
		})
	}
}

// TestEditorPlainText: text that YAML 1.2 (the web editor's) reads as a
// string but yaml.v3 as a number is the text as written.
func TestEditorPlainText(t *testing.T) {
	site, err := Site(edit(fixtureSite(t), "site.yaml", replace("brand: Vozia", "brand: 1_000")))
	if err != nil {
		t.Fatalf("brand: 1_000 refused: %v", err)
	}
	if site.Config.Brand != "1_000" {
		t.Errorf("brand: 1_000 read as %q", site.Config.Brand)
	}
}

// TestEveryProblemOfARecord: a record with two wrong fields is refused
// with both, each at its field, in one save: the second is not held back
// until the first is fixed.
func TestEveryProblemOfARecord(t *testing.T) {
	fsys := edit(fixtureSite(t), "collections/webinars.yaml", replace("  time: \"14:00\"\n  timeZone: CET\n", "  time: 4pm\n  timeZone: Madrid\n"))
	_, err := SiteWith(fsys, Options{Now: articlesNow})
	got := ""
	if err != nil {
		got = err.Error()
	}
	for _, want := range []string{
		`collections/webinars.yaml:4:9: [0]: time "4pm" must be a 24-hour time like 14:00`,
		`collections/webinars.yaml:5:13: [0]: timeZone "Madrid" must be a time zone name like CET or Europe/Madrid`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the errors lack %s:\n%s", want, got)
		}
	}
}
