// Package security is content/security.yaml, the security record: the
// frameworks (SOC 2, HIPAA, GDPR, ...) the company states a position on,
// each with a status from a fixed set, never free text, and what else it
// states (a HIPAA agreement, hosting, subprocessors, retention). The
// security page and /.well-known/security.txt are made from it, and every
// other text of the site must agree with it: a text that names a
// framework the record does not list, or calls one certified or in
// progress when its status says otherwise, is refused where it is
// written (CheckFrameworks, which generator/decode runs on every text).
package security

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/vozia/site/generator/content/field"
)

// File is the security record, relative to content/: what the security
// page (the security section) and /.well-known/security.txt state, and
// what every other text may say of a framework.
const File = "security.yaml"

// Security is content/security.yaml. Every statement of it is typed: a
// framework's status is one of a fixed set, never free text, and a page
// that names a framework must agree with it (decode.Citations).
type Security struct {
	// Frameworks are the standards and laws the company states a position
	// on; a text of the site may name no other (Frameworks lists those
	// the build recognises).
	Frameworks []Framework `json:"frameworks"`
	// BAA is whether a HIPAA business associate agreement is offered:
	// available (to every customer), on-request, or unavailable.
	BAA string `json:"baa"`
	// Hosting is where the data is hosted and processed.
	Hosting string `json:"hosting"`
	// Subprocessors are the companies that process personal data on the
	// company's behalf.
	Subprocessors []Subprocessor `json:"subprocessors"`
	// Retention is how long each kind of data is kept: cite the periods of
	// collections/claims.yaml ({claim:enquiry-retention.value}), which
	// deploy/environments.json must agree with (deploy's tests), so that
	// this page, the privacy policy and the stack say the same.
	Retention []RetentionPeriod `json:"retention"`
	// ExpiresAfterDays is how long security.txt stays valid after the
	// build's day (RFC 9116 asks for less than a year).
	ExpiresAfterDays int `json:"expiresAfterDays"`
}

// Framework is one standard and the company's status against it.
type Framework struct {
	Pos field.Pos `json:"-" at:"name"`
	// Name is one of the frameworks the build recognises ("SOC 2",
	// "HIPAA", "GDPR", "ISO 27001", ...).
	Name string `json:"name"`
	// Status is certified (an auditor's report or certificate, with
	// auditor and date), in-progress (an audit under way, with target),
	// or aligned (controls designed to the standard, not audited).
	Status string `json:"status"`
	// Auditor is who certified it, and Date when (YYYY-MM-DD): certified only.
	Auditor string `json:"auditor,omitempty"`
	Date    string `json:"date,omitempty"`
	// Target is when the audit should complete (YYYY-MM): in-progress only.
	Target string `json:"target,omitempty"`
}

// Subprocessor is a company that processes personal data for us.
type Subprocessor struct {
	Name     string `json:"name"`
	Purpose  string `json:"purpose"`
	Location string `json:"location"`
}

// RetentionPeriod is how long one kind of data is kept.
type RetentionPeriod struct {
	Data   string `json:"data"`
	Period string `json:"period"`
}

// FrameworkStatuses are the statuses a framework may have.
var FrameworkStatuses = []string{"certified", "in-progress", "aligned"}

// BAAOptions are the values of Security.BAA.
var BAAOptions = []string{"available", "on-request", "unavailable"}

// KnownFramework is a framework the build recognises in text: its name,
// the pattern that finds it, and a word (lower case) that every match of
// the pattern holds.
type KnownFramework struct {
	Name    string
	Pattern *regexp.Regexp
	// Keyword spares most texts the pattern: an ASCII text whose lower
	// case lacks it cannot match. (Outside ASCII, (?i) folds more letters
	// to these: ſ to s, the Kelvin sign to k.) Case-insensitive
	// expressions with word boundaries, run over every text of the
	// content, were 5% of the shipped site's build.
	Keyword string
}

// Frameworks are the frameworks the build recognises in text.
var Frameworks = []KnownFramework{
	{"SOC 2", regexp.MustCompile(`(?i)\bSOC[ -]?(2|II)\b`), "soc"},
	{"HIPAA", regexp.MustCompile(`(?i)\bHIPAA\b`), "hipaa"},
	{"GDPR", regexp.MustCompile(`(?i)\bGDPR\b`), "gdpr"},
	{"ISO 27001", regexp.MustCompile(`(?i)\bISO(/IEC)?[ -]?27001\b`), "27001"},
	{"ISO 27701", regexp.MustCompile(`(?i)\bISO(/IEC)?[ -]?27701\b`), "27701"},
	{"HITRUST", regexp.MustCompile(`(?i)\bHITRUST\b`), "hitrust"},
	{"PCI DSS", regexp.MustCompile(`(?i)\bPCI[ -]?DSS\b`), "dss"},
	{"FedRAMP", regexp.MustCompile(`(?i)\bFedRAMP\b`), "fedramp"},
}

// FrameworkNames are the names of Frameworks, in their order: the web
// editor offers them as the choices of a framework's name.
func FrameworkNames() []string {
	names := make([]string, len(Frameworks))
	for i, k := range Frameworks {
		names[i] = k.Name
	}
	return names
}

func (f Framework) Validate() error {
	known := slices.IndexFunc(Frameworks, func(k KnownFramework) bool { return k.Name == f.Name }) >= 0
	if !known {
		names := FrameworkNames()
		return field.AtField("name", "unknown framework %q%s: one of %s", f.Name, field.DidYouMean(f.Name, names), field.JoinQuoted(names))
	}
	if !slices.Contains(FrameworkStatuses, f.Status) {
		return field.AtField("status", "status %q must be one of %s", f.Status, field.JoinQuoted(FrameworkStatuses))
	}
	certified, progress := f.Status == "certified", f.Status == "in-progress"
	switch {
	case certified && (f.Auditor == "" || f.Date == ""):
		return field.AtField("status", "a certified framework names its auditor and the date of the report (auditor, date)")
	case !certified && (f.Auditor != "" || f.Date != ""):
		return field.AtField("status", "only a certified framework has an auditor and a date")
	case progress && f.Target == "":
		return field.AtField("status", "an audit in progress gives its target (YYYY-MM)")
	case !progress && f.Target != "":
		return field.AtField("target", "only an audit in progress has a target")
	}
	if f.Date != "" {
		if _, err := time.Parse(time.DateOnly, f.Date); err != nil {
			return field.AtField("date", "date %q must be a date like 2026-03-31", f.Date)
		}
	}
	if f.Target != "" {
		if _, err := time.Parse("2006-01", f.Target); err != nil {
			return field.AtField("target", "target %q must be a month like 2027-06", f.Target)
		}
	}
	return nil
}

func (s Security) Validate() error {
	if !slices.Contains(BAAOptions, s.BAA) {
		return field.AtField("baa", "baa %q must be one of %s", s.BAA, field.JoinQuoted(BAAOptions))
	}
	if s.ExpiresAfterDays < 1 || s.ExpiresAfterDays > 365 {
		return field.AtField("expiresAfterDays", "security.txt must expire within a year (RFC 9116): 1 to 365 days")
	}
	seen := map[string]bool{}
	for i, f := range s.Frameworks {
		if seen[f.Name] {
			return field.AtItem("frameworks", i, "framework %q is listed twice", f.Name)
		}
		seen[f.Name] = true
	}
	return nil
}

// Status is the status of the framework named name, or "" if the record
// does not list it.
func (s *Security) Status(name string) string {
	for _, f := range s.Frameworks {
		if f.Name == name {
			return f.Status
		}
	}
	return ""
}

// ExpiresAt is when security.txt expires: the end of the build's day
// plus ExpiresAfterDays, so that builds of one day are byte-identical.
func (s *Security) ExpiresAt(now time.Time) time.Time {
	day := time.Date(now.UTC().Year(), now.UTC().Month(), now.UTC().Day(), 0, 0, 0, 0, time.UTC)
	return day.AddDate(0, 0, s.ExpiresAfterDays)
}

// claimWords are the words that state a framework's status, by the status
// they claim: a text may say them only if the record agrees.
var claimWords = []struct {
	pattern *regexp.Regexp
	needs   []string
	what    string
}{
	{regexp.MustCompile(`(?i)\b(certified|certification|certificate|accredited|audited|attested|attestation|type (1|2|i|ii) report)\b`), []string{"certified"}, "certified"},
	{regexp.MustCompile(`(?i)\b(in progress|under way|underway|pursuing|working towards)\b`), []string{"certified", "in-progress"}, "in progress"},
}

// FrameworkMention is a framework named in a text at Offset, and what is
// wrong with it ("" when the record agrees).
type FrameworkMention struct {
	Offset int
	Msg    string
}

// CheckFrameworks finds each framework text names, and says where the
// text disagrees with the record: a framework it does not list, or a
// status word (certified, in progress) in the framework's clause that its
// status does not allow. A clause runs from the framework's name to the
// nearest comma, semicolon, "and", "with", "while" or other framework
// name on either side, within its sentence, so that "ISO 27001 certified,
// with SOC 2 aligned" says nothing of SOC 2's certification.
func (s *Security) CheckFrameworks(text string) []FrameworkMention {
	type mention struct {
		start, end int
		name       string
	}
	var ms []mention
	ascii, lower := isASCII(text), ""
	if ascii {
		lower = strings.ToLower(text)
	}
	for _, k := range Frameworks {
		if ascii && !strings.Contains(lower, k.Keyword) {
			continue
		}
		for _, m := range k.Pattern.FindAllStringIndex(text, -1) {
			ms = append(ms, mention{m[0], m[1], k.Name})
		}
	}
	slices.SortFunc(ms, func(a, b mention) int { return a.start - b.start })
	var out []FrameworkMention
	for i, m := range ms {
		status := s.Status(m.name)
		if status == "" {
			out = append(out, FrameworkMention{m.start, fmt.Sprintf("%q names %s, which %s does not list: add it there with its status, or leave it out", text[m.start:m.end], m.name, File)})
			continue
		}
		lo, hi := 0, len(text)
		if i > 0 {
			lo = ms[i-1].end
		}
		if i+1 < len(ms) {
			hi = ms[i+1].start
		}
		left, right := text[lo:m.start], text[m.end:hi]
		if j := lastBoundary(left); j >= 0 {
			left = left[j:]
		}
		if j := firstBoundary(right); j >= 0 {
			right = right[:j]
		}
		clause := left + " " + right
		for _, w := range claimWords {
			if found := w.pattern.FindString(clause); found != "" && !slices.Contains(w.needs, status) {
				out = append(out, FrameworkMention{m.start, fmt.Sprintf("the sentence says %s is %s (%q), but %s gives its status as %s", m.name, w.what, found, File, status)})
				break
			}
		}
	}
	return out
}

// clauseBoundary ends a framework's clause.
var clauseBoundary = regexp.MustCompile(`(?i)[,;:.!?()\n]|\b(and|with|while|but|or)\b`)

func firstBoundary(s string) int {
	if m := clauseBoundary.FindStringIndex(s); m != nil {
		return m[0]
	}
	return -1
}

func lastBoundary(s string) int {
	ms := clauseBoundary.FindAllStringIndex(s, -1)
	if len(ms) == 0 {
		return -1
	}
	return ms[len(ms)-1][1]
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
