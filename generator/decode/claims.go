package decode

import (
	"fmt"
	"maps"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/field"
	"github.com/vozia/site/generator/content/sections"
	"github.com/vozia/site/generator/content/security"
)

// Claims: every marketing figure of the site is written once, in
// collections/claims.yaml, with what qualifies it ("up to", "our goal"),
// and cited wherever it shows:
//
//	{claim:key}        the claim as a phrase, qualifier included ("up to a 65% cost reduction";
//	                   capitalised when it opens a text)
//	{claim:key.value}  its figure as a stat shows it ("Up to 65%")
//	{claim:key.label}  what the figure measures ("lower cost on routine contacts")
//
// The decoder replaces the citations in every text it reads (pages,
// collections, layout, front matter) and Load in every Markdown body before
// rendering it, refusing at its line and column an unknown key, a
// percentage written out by hand outside an illustrative mock (it would
// drift from the claim), and anything but a measured result cited among
// results (a case study's, or a stats section's results list): a goal is
// not a result, and a figure reported without its baseline, sample and
// period is not one either. A result cited there reads with its evidence.

// claimPercent is a figure written out by hand.
var claimPercent = regexp.MustCompile(`\d[\d.,]*\s?%`)

// illustrative are the types whose figures are sample data of a mock,
// labelled as such on the page, not claims.
var illustrative = map[reflect.Type]bool{
	reflect.TypeOf(sections.Dashboard{}):             true,
	reflect.TypeOf(sections.PulseDashboardSection{}): true,
	reflect.TypeOf(sections.MarkdownSection{}):       true, // legal text, not marketing
}

// ResultsField names the lists that state results, whatever type holds
// them: they cite claims of kind result only.
const ResultsField = "Results"

// citations resolves the citations of each text as the decoder reads it
// (decode.go), so that a citation is replaced wherever it is written, in
// whatever field or section kind, and a mistake is reported at its own
// line and column. The decoder takes the texts of claims.yaml itself,
// which may cite nothing (Claim.Validate), as written (a nil *Citations).
type Citations struct {
	claims map[string]content.Claim
	// security, once read, is what every later text may say of a
	// framework (security.Security.CheckFrameworks).
	security *security.Security
}

// CheckFrameworks makes every text read from now on agree with sec on
// the frameworks it names.
func (c *Citations) CheckFrameworks(sec *security.Security) { c.security = sec }

// CiteProblem is a mistake in a text at a byte offset of it.
type CiteProblem struct {
	Offset int
	Msg    string
}

// cite returns text with its citations replaced, and its mistakes: an
// unknown or malformed citation, a percentage written out by hand (unless
// the text is sample data of a mock: illustrative), a goal cited among
// results (inResults).
func (c *Citations) Cite(text string, inResults, illustrative bool) (string, []CiteProblem) {
	// The checks of figures need a '%' or a '{'. Most texts have neither:
	// running the expressions over them was a third of loading a thousand
	// articles. A framework's name has a capital letter.
	if strings.IndexByte(text, '%') < 0 && strings.IndexByte(text, '{') < 0 && (c.security == nil || !hasUpper(text)) {
		return text, nil
	}
	var problems []CiteProblem
	if !illustrative {
		stripped := blankCitations(text)
		for _, m := range claimPercent.FindAllStringIndex(stripped, -1) {
			problems = append(problems, CiteProblem{m[0], fmt.Sprintf("the figure %q is written out: cite its claim from %s as {claim:key} (or {claim:key.value}); a figure that is not ours, a survey's or the market's, is a claim there too, of kind fact (content/README.md, Figures)", text[m[0]:m[1]], content.CollectionFile("claims"))})
		}
	}
	if c.security != nil {
		for _, m := range c.security.CheckFrameworks(blankCitations(text)) {
			if m.Msg != "" {
				problems = append(problems, CiteProblem{m.Offset, m.Msg})
			}
		}
	}
	var out strings.Builder
	last := 0
	for _, m := range content.ClaimRef.FindAllStringSubmatchIndex(text, -1) {
		out.WriteString(text[last:m[0]])
		last = m[1]
		key, part := text[m[2]:m[3]], ""
		if m[4] >= 0 {
			part = text[m[4]:m[5]]
		}
		if m[0] > 0 && text[m[0]-1] == '{' && m[1] < len(text) && text[m[1]] == '}' {
			// Braces doubled: the claim is cited, and the page would show
			// it in braces, "{up to a 65% cost reduction}".
			problems = append(problems, CiteProblem{m[0] - 1, fmt.Sprintf("%q: a citation takes one pair of braces: write %s", text[m[0]-1:m[1]+1], text[m[0]:m[1]])})
		}
		cl, ok := c.claims[key]
		if !ok {
			problems = append(problems, CiteProblem{m[0], fmt.Sprintf("unknown claim %q%s", key, field.DidYouMean(key, keys(c.claims)))})
			out.WriteString(text[m[0]:m[1]])
			continue
		}
		switch {
		case !inResults || cl.Kind == "result":
		case cl.Kind == "goal":
			problems = append(problems, CiteProblem{m[0], fmt.Sprintf("claim %q is a goal, not a result", cl.Key)})
		default:
			problems = append(problems, CiteProblem{m[0], fmt.Sprintf("claim %q is of kind %s, not a result: results cite claims of kind result, which give their metric, before and after (or change), sample and period (content/README.md, Figures)", cl.Key, cl.Kind)})
		}
		cited := map[string]string{"": cl.Text, "value": cl.Value, "label": cl.Label}[part]
		if m[0] == 0 && part == "" { // a phrase that opens a text opens a sentence
			r, n := utf8.DecodeRuneInString(cited)
			cited = string(unicode.ToUpper(r)) + cited[n:]
		}
		if inResults && part != "value" && cl.Kind == "result" {
			// A result never shows without how it was measured.
			cited += " (" + cl.Evidence() + ")"
		}
		out.WriteString(cited)
	}
	out.WriteString(text[last:])
	// What looks like a citation but is not one would reach the visitor
	// as written.
	rest := blankCitations(text)
	for _, m := range claimLike.FindAllStringIndex(rest, -1) {
		problems = append(problems, CiteProblem{m[0], fmt.Sprintf("%q is not a citation: write {claim:key}, {claim:key.value} or {claim:key.label} with a key of %s", rest[m[0]:m[1]], content.CollectionFile("claims"))})
	}
	return out.String(), problems
}

// blankCitations is text with each citation blanked out, offsets kept.
func blankCitations(text string) string {
	if !strings.Contains(text, "{claim:") {
		return text
	}
	return content.ClaimRef.ReplaceAllStringFunc(text, func(m string) string { return strings.Repeat(" ", len(m)) })
}

// claimLike is the start of anything meant as a citation.
// In any case: {CLAIM:key} is as plainly meant.
var claimLike = regexp.MustCompile(`(?i)\{\s*claim\s*:[^}]{0,40}\}?`)

// TextProblems are the mistakes of a text an editor wrote that would
// reach a visitor as written, each at its byte offset: a {name}
// placeholder that none of fills is, "{{" or "}}", and the words a page
// shows for a value it did not have. The build refuses a page showing any
// of them (generator/templatetext); found here, each is reported at its
// line and column. Citations are left out.
func TextProblems(text string, fills []string) []CiteProblem {
	return placeholders(blankCitations(text), fills)
}

// missingValue are the words a page shows for a value the app did not
// have: the build refuses a page showing one (generator/templatetext), so
// an editor's is reported where it is written.
var missingValue = regexp.MustCompile(`\bundefined\b|\bNaN\b|\[object Object\]`)

// placeholders checks the {name} placeholders left in a text once its
// citations are replaced: each must be one its field fills (the field's
// fill tag), and "{{" or "}}" is never text, nor the words of a missing
// value. Anything else would reach the visitor as written.
func placeholders(text string, fills []string) []CiteProblem {
	var problems []CiteProblem
	if strings.Contains(text, "undefined") || strings.Contains(text, "NaN") || strings.Contains(text, "[object Object]") {
		for _, m := range missingValue.FindAllStringIndex(text, -1) {
			problems = append(problems, CiteProblem{m[0], fmt.Sprintf("%q is what a page shows for a value it did not have, and the build refuses such a page: write other words", text[m[0]:m[1]])})
		}
	}
	if strings.IndexByte(text, '{') < 0 && strings.IndexByte(text, '}') < 0 {
		return problems
	}
	// Every "{{" and "}}" (templateBraces): an editor fixes them all at
	// once. The message says what the text does take: an editor who
	// writes {{name}} meant a placeholder.
	braced := make([]string, len(fills))
	for i, f := range fills {
		braced[i] = "{" + f + "}"
	}
	takes := "this text fills no placeholder; a figure is cited as {claim:key}"
	if len(fills) > 0 {
		takes = "this text fills " + strings.Join(braced, ", ") + "; a figure is cited as {claim:key}"
	}
	problems = append(problems, templateBraces(text, takes)...)
	for _, m := range placeholderRef.FindAllStringSubmatchIndex(text, -1) {
		name := text[m[2]:m[3]]
		// {{name}} is one mistake, reported by its braces.
		if m[0] > 0 && text[m[0]-1] == '{' {
			continue
		}
		if slices.Contains(fills, name) {
			// The app fills {name} as written, not { name }.
			if m[1]-m[0] != len(name)+2 {
				problems = append(problems, CiteProblem{m[0], fmt.Sprintf("placeholder %q: write it {%s}, without spaces", text[m[0]:m[1]], name)})
			}
			continue
		}
		written := text[m[0]:m[1]]
		msg := fmt.Sprintf("unknown placeholder %s: this text has none, write the words themselves", written)
		if len(fills) > 0 {
			msg = fmt.Sprintf("unknown placeholder %s%s: this text fills %s, and no other; write the words themselves", written, field.DidYouMean(name, fills), strings.Join(braced, ", "))
		}
		problems = append(problems, CiteProblem{m[0], msg})
	}
	return problems
}

// templateBraces are the "{{" and "}}" of text, each at its offset, in
// order. A pair around a short name, {{name}}, is one mistake, quoted
// whole: an editor who wrote it made one. A pair apart or around more
// (another brace, over 40 bytes) is reported by each of its braces.
func templateBraces(text, takes string) []CiteProblem {
	var out []CiteProblem
	// What to do, in so many words (an editor's trial: "write the words
	// themselves" did not say whether the braces go).
	report := func(at int, written string) {
		do := "write the words themselves, without the braces"
		if written == "{{" || written == "}}" {
			do = "remove the braces, or write the words themselves"
		}
		out = append(out, CiteProblem{at, fmt.Sprintf("%q is template syntax, not text: %s (%s)", written, do, takes)})
	}
	for i := 0; i < len(text); {
		open, shut := strings.Index(text[i:], "{{"), strings.Index(text[i:], "}}")
		switch {
		case open < 0 && shut < 0:
			return out
		case open >= 0 && (shut < 0 || open < shut):
			at := i + open
			if end := strings.Index(text[at+2:], "}}"); end >= 0 && end <= 40 && !strings.ContainsAny(text[at+2:at+2+end], "{}") {
				report(at, text[at:at+2+end+2])
				i = at + 2 + end + 2
				continue
			}
			report(at, "{{")
			i = at + 2
		default:
			report(i+shut, "}}")
			i += shut + 2
		}
	}
	return out
}

// placeholderRef is a {name} placeholder (a citation is removed first),
// also as { name } and {0}, which other tools' templates write.
var placeholderRef = regexp.MustCompile(`\{ ?([A-Za-z0-9][A-Za-z0-9_.-]*) ?\}`)

func keys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }

// NewCitations resolves citations of claims, by key; nil claims cite
// nothing (the texts of claims.yaml itself are read as written).
func NewCitations(claims map[string]content.Claim) *Citations { return &Citations{claims: claims} }

func hasUpper(s string) bool {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			return true
		}
	}
	return false
}
