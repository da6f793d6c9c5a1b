package load

import (
	"fmt"
	"strings"
	"testing"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/sections"
)

// TestClaimsCited: a citation becomes the claim's words (capitalised when
// it opens a text), and the mistakes claims exist to prevent are errors.
func TestClaimsCited(t *testing.T) {
	base := fixtureSite(t)
	const stat = `      - {value: "24/7", label: answered}`
	cite := func(value, label string) func(string) string {
		return replace(stat, `      - {value: "`+value+`", label: "`+label+`"}`)
	}

	s, err := Site(edit(base, "pages/index.yaml", cite("{claim:more-responses.value}", "{claim:more-responses} today")))
	if err != nil {
		t.Fatal(err)
	}
	var goal content.Claim
	for _, c := range s.Collections.Claims {
		if c.Key == "more-responses" {
			goal = c
		}
	}
	var got content.BlockStat
	for _, sec := range s.Pages["/"].Sections {
		if st, ok := sec.Value.(*sections.StatsSection); ok {
			got = st.Stats[0]
		}
	}
	if want := strings.ToUpper(goal.Text[:1]) + goal.Text[1:] + " today"; got.Value != goal.Value || got.Label != want {
		t.Errorf("cited stat = %+v, want value %q and label %q", got, goal.Value, want)
	}

	errCases := []struct {
		name, file string
		edit       func(string) string
		want       string
	}{
		{"figure written out", "pages/index.yaml", cite("65%", "cheaper"), `the figure "65%" is written out: cite its claim`},
		{"unknown claim", "pages/index.yaml", cite("{claim:more-respones.value}", "more"), `unknown claim "more-respones" (did you mean "more-responses"?)`},
		{"goal among results", "collections/case-studies.yaml", func(s string) string {
			return strings.Replace(s, "  results:\n", "  results:\n    - \"{claim:more-responses}\"\n", 1)
		}, `claim "more-responses" is a goal, not a result`},
	}
	for _, c := range errCases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Site(edit(base, c.file, c.edit))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err = %v, want %q", err, c.want)
			}
			if err != nil && !strings.Contains(err.Error(), c.file+":") {
				t.Errorf("error not located in %s: %v", c.file, err)
			}
		})
	}
}

// TestTextResolvedAtDecode: a citation is replaced wherever it is written
// (a mock's intro, an article's body, the layout), and any text the
// visitor would read as template syntax is refused at its own line and
// column, with what the field does fill.
func TestTextResolvedAtDecode(t *testing.T) {
	base := fixtureSite(t)
	mock := "  - kind: pulse-dashboard\n    heading: A mock\n    intro: Scored with {claim:more-responses} today.\n" +
		"    title: Sample\n    badge: Sample data\n    metrics: [{value: \"89%\", label: sample}]\n    sentiment: 60\n" +
		"    sentimentLabel: positive\n    themesTitle: Themes\n    themes: [one]\n    note: Sample data.\n"
	withMock := edit(base, "pages/about.yaml", func(s string) string { return s + mock })
	withMock = edit(withMock, "articles/voice-follow-up.md", replace("A voice agent calls", "With {claim:more-responses.label}, a voice agent calls"))
	s, err := Site(withMock)
	if err != nil {
		t.Fatal(err)
	}
	var claim content.Claim
	for _, c := range s.Collections.Claims {
		if c.Key == "more-responses" {
			claim = c
		}
	}
	var intro string
	for _, sec := range s.Pages["/about"].Sections {
		if d, ok := sec.Value.(*sections.PulseDashboardSection); ok {
			intro = d.Intro
		}
	}
	if want := "Scored with " + claim.Text + " today."; intro != want {
		t.Errorf("mock intro = %q, want %q", intro, want)
	}
	for _, a := range s.Articles {
		if body := textHTML(a.Text, a.Images); a.Slug == "voice-follow-up" && !strings.Contains(body, "With "+claim.Label+", a voice agent calls") {
			t.Errorf("article body does not cite the claim's label: %.200s", body)
		}
	}

	cases := []struct {
		name, file, old, new, needle, want string
	}{
		{"unknown claim in a mock", "pages/about.yaml", "", "", "{claim:more-respnses}", `unknown claim "more-respnses" (did you mean "more-responses"?)`},
		{"malformed citation", "pages/about.yaml", "intro: A small team.", `intro: "A small team, { claim: more-responses }."`, "{ claim:", `is not a citation`},
		{"unknown claim in an article", "articles/voice-follow-up.md", "## Why call", "## Why call {claim:nope}", "{claim:nope}", `unknown claim "nope"`},
		{"placeholder a field does not fill", "pages/about.yaml", "intro: A small team.", "intro: A small team of {count}.", "{count}", `unknown placeholder {count}: this text has none`},
		{"template braces", "pages/about.yaml", "intro: A small team.", "intro: A small {{team}}.", "{{", `"{{team}}" is template syntax, not text: write the words themselves, without the braces (this text fills no placeholder; a figure is cited as {claim:key})`},
		{"template braces in a field with placeholders", "pages/insights.yaml", `"{minutes} min read"`, `"{{minutes}} min read"`, "{{", `"{{minutes}}" is template syntax, not text: write the words themselves, without the braces (this text fills {minutes}; a figure is cited as {claim:key})`},
		{"misspelt placeholder of the field", "pages/insights.yaml", `"{minutes} min read"`, `"{minute} min read"`, "{minute}", `unknown placeholder {minute} (did you mean "minutes"?): this text fills {minutes}`},
		{"a placeholder of another tool's templates", "pages/about.yaml", "intro: A small team.", "intro: A small team of { count } and {0}.", "{ count }", `unknown placeholder { count }: this text has none`},
		{"a numbered placeholder", "pages/about.yaml", "intro: A small team.", "intro: A small team of {0}.", "{0}", `unknown placeholder {0}: this text has none`},
		// Where the value is not the source's bytes: its lines folded, '' for '.
		{"a folded text", "pages/about.yaml", "intro: A small team.", "intro: >\n      A small team,\n      hired for {count} and {count}.", "{count}", `unknown placeholder {count}`},
		{"a quoted text with an escaped quote", "pages/about.yaml", "intro: A small team.", "intro: 'A team that''s {count}.'", "{count}", `unknown placeholder {count}`},
		{"a citation in doubled braces", "pages/about.yaml", "intro: A small team.", "intro: A small team, {{claim:more-responses}}.", "{{claim:", `"{{claim:more-responses}}": a citation takes one pair of braces: write {claim:more-responses}`},
		{"a citation in capitals", "pages/about.yaml", "intro: A small team.", "intro: A small team, {CLAIM:more-responses}.", "{CLAIM:", `"{CLAIM:more-responses}" is not a citation`},
		{"what a page shows for an object", "pages/about.yaml", "intro: A small team.", "intro: A small [object Object].", "[object Object]", `"[object Object]" is what a page shows`},
		{"a plain text over two lines", "pages/about.yaml", "intro: A small team.", "intro: A small team,\n      hired for {count}.", "{count}", `unknown placeholder {count}`},
		{"an anchor before the text", "pages/about.yaml", "intro: A small team.", "intro: &i A small team of {count}.", "{count}", `unknown placeholder {count}`},
		{"a quoted text over two lines", "pages/about.yaml", "intro: A small team.", "intro: \"A small team,\n      of {{ count }}.\"", "{{", `"{{ count }}" is template syntax`},
		{"template braces apart", "pages/about.yaml", "intro: A small team.", "intro: A small team }} of {{ them.", "}}", `"}}" is template syntax, not text: remove the braces, or write the words themselves`},
		{"the field's placeholder with spaces", "pages/insights.yaml", `"{minutes} min read"`, `"{ minutes } min read"`, "{ minutes }", `placeholder "{ minutes }": write it {minutes}, without spaces`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fsys := withMock
			if c.old == "" {
				fsys = edit(withMock, c.file, replace("{claim:more-responses}", c.needle))
			} else {
				fsys = edit(withMock, c.file, replace(c.old, c.new))
			}
			_, err := Site(fsys)
			data := string(fsys[c.file].Data)
			before, _, _ := strings.Cut(data, c.needle)
			line := strings.Count(before, "\n") + 1
			col := len(before) - strings.LastIndex(before, "\n")
			at := fmt.Sprintf("%s:%d:%d: ", c.file, line, col)
			if err == nil || !strings.Contains(err.Error(), at) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err = %v\nwant %q at %s", err, c.want, at)
			}
		})
	}
}

// TestResultsWithEvidence: a result is a measurement, never a bare figure.
// Among results (a case study's, a stats section's results list) only a
// claim of kind result stands, and it reads with its metric, before and
// after, sample and period; a goal, a reported figure or a section headed
// as results over plain figures is refused at its own line.
func TestResultsWithEvidence(t *testing.T) {
	const measured = "- key: check-in-rate\n  kind: result\n  value: \"+23 points\"\n  label: weekly check-ins completed\n" +
		"  text: 23 more points of weekly check-ins completed\n  metric: weekly check-ins completed\n  before: \"31%\"\n  after: \"54%\"\n" +
		"  sample: 212 participants at 4 sites\n  period: March to August 2025\n"
	base := edit(fixtureSite(t), "collections/claims.yaml", func(s string) string { return s + measured })
	const figures = "  - kind: stats\n    heading: Figures\n    stats:\n      - {value: \"24/7\", label: answered}\n"
	results := func(heading, list, cite string) func(string) string {
		return replace(figures, "  - kind: stats\n    heading: "+heading+"\n    "+list+":\n      - {value: \"{claim:"+cite+".value}\", label: \"{claim:"+cite+".label}\"}\n")
	}

	s, err := Site(edit(base, "pages/index.yaml", results("Results our customers see", "results", "check-in-rate")))
	if err != nil {
		t.Fatal(err)
	}
	var got content.BlockStat
	for _, sec := range s.Pages["/"].Sections {
		if st, ok := sec.Value.(*sections.StatsSection); ok && len(st.Results) > 0 {
			got = st.Results[0]
		}
	}
	if want := "weekly check-ins completed (weekly check-ins completed: 31% to 54%; 212 participants at 4 sites; March to August 2025)"; got.Value != "+23 points" || got.Label != want {
		t.Errorf("result = %+v, want value %q and label %q", got, "+23 points", want)
	}

	cases := []struct {
		name, file string
		edit       func(string) string
		needle     string // on the line the problem is at
		want       string
	}{
		{"goal in a results list", "pages/index.yaml", results("What customers see", "results", "more-responses"),
			"{claim:more-responses.label}", `claim "more-responses" is a goal, not a result`},
		{"reported figure in a results list", "pages/index.yaml", results("What customers see", "results", "patient-response"),
			"{claim:patient-response.label}", `claim "patient-response" is of kind reported, not a result`},
		{"reported figure among a case study's results", "collections/case-studies.yaml",
			replace("    - Adverse events reported to coordinators the same day\n", "    - \"{claim:patient-response}, between visits\"\n"),
			"{claim:patient-response}, between", `claim "patient-response" is of kind reported, not a result`},
		{"figures headed as results", "pages/index.yaml", results("Results our customers see", "stats", "check-in-rate"),
			"heading: Results our customers see", `the heading presents these figures as results`},
		{"result without its evidence", "collections/claims.yaml", replace("  sample: 212 participants at 4 sites\n  period: March to August 2025\n", ""),
			"key: check-in-rate", `claim "check-in-rate" is a result without its sample, period: give them, or make it kind reported`},
		{"evidence on a goal", "collections/claims.yaml", replace("  kind: goal\n", "  kind: goal\n  sample: 40 studies\n"),
			"key: more-responses", `claim "more-responses" is a goal: only a result has`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fsys := edit(base, c.file, c.edit)
			_, err := Site(fsys)
			at := fmt.Sprintf("%s:%d:", c.file, lineOf(fsys, c.file, c.needle))
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), at) {
				t.Errorf("err = %v\nwant %q at %s", err, c.want, at)
			}
		})
	}
}
