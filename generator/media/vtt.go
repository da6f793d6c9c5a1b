package media

import (
	"fmt"
	"html"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Cue is one line of a transcript: who speaks, from when to when, and what
// they say (the cue's text, its tags removed).
type Cue struct {
	Start, End time.Duration
	Speaker    string
	Text       string
	// Line is the line of its timings in the file.
	Line int
}

// Problem is a mistake at a line of a transcript.
type Problem struct {
	Line int
	Msg  string
}

var (
	timing = regexp.MustCompile(`^((?:\d{2,}:)?[0-5]\d:[0-5]\d\.\d{3})[ \t]+-->[ \t]+((?:\d{2,}:)?[0-5]\d:[0-5]\d\.\d{3})(?:[ \t].*)?$`)
	voice  = regexp.MustCompile(`^<v(?:\.[^ \t>]+)*[ \t]+([^>]+)>`)
	anyTag = regexp.MustCompile(`<[^>]*>`)
	// cueTag is a tag WebVTT's cue text has: a class, italics, bold,
	// underline, ruby, a voice, a language, or a timestamp.
	cueTag    = regexp.MustCompile(`^</?(c|i|b|u|ruby|rt|v|lang)([.\t ][^<>]*)?>$|^<(\d{2,}:)?\d{2}:\d{2}\.\d{3}>$`)
	timestamp = regexp.MustCompile(`^(?:(\d{2,}):)?(\d{2}):(\d{2})\.(\d{3})$`)
)

// ParseVTT reads a WebVTT transcript: the WEBVTT header, then cues, each
// with its timings, a voice (<v Speaker>) and text, in order of their
// start. NOTE, STYLE and REGION blocks are skipped. Every problem is
// returned with its line.
func ParseVTT(data []byte) ([]Cue, []Problem) {
	if !utf8.Valid(data) {
		return nil, []Problem{{1, "the transcript is not UTF-8: save it as UTF-8"}}
	}
	text := strings.TrimPrefix(string(data), "\uFEFF")
	text = strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n")
	lines := strings.Split(text, "\n")
	if h := lines[0]; h != "WEBVTT" && !strings.HasPrefix(h, "WEBVTT ") && !strings.HasPrefix(h, "WEBVTT\t") {
		return nil, []Problem{{1, "not a WebVTT transcript: its first line must be WEBVTT"}}
	}
	var cues []Cue
	var problems []Problem
	i := 1
	for i < len(lines) {
		for i < len(lines) && strings.TrimSpace(lines[i]) == "" {
			i++
		}
		start := i
		for i < len(lines) && strings.TrimSpace(lines[i]) != "" {
			i++
		}
		block := lines[start:i]
		if len(block) == 0 {
			break
		}
		if first := block[0]; first == "NOTE" || strings.HasPrefix(first, "NOTE ") || strings.HasPrefix(first, "NOTE\t") || first == "STYLE" || first == "REGION" {
			continue
		}
		at := 0
		if !strings.Contains(block[0], "-->") {
			at = 1 // the cue's identifier
		}
		line := start + at + 1
		if at >= len(block) {
			problems = append(problems, Problem{start + 1, "a cue with no timings: write START --> END (00:01.000 --> 00:04.500) on the line under its name"})
			continue
		}
		m := timing.FindStringSubmatch(block[at])
		if m == nil {
			problems = append(problems, Problem{line, fmt.Sprintf("%q is not a cue's timings: write START --> END as mm:ss.ttt or hh:mm:ss.ttt", block[at])})
			continue
		}
		c := Cue{Start: parseTimestamp(m[1]), End: parseTimestamp(m[2]), Line: line}
		payload := strings.Join(block[at+1:], "\n")
		switch v := voice.FindStringSubmatch(payload); {
		case strings.TrimSpace(payload) == "":
			problems = append(problems, Problem{line, "a cue with no text"})
			continue
		case v == nil:
			problems = append(problems, Problem{line + 1, "a cue with no speaker: start its text with <v Name> (<v Agent>, <v Patient>)"})
			continue
		default:
			if bad := badTag(payload); bad != "" {
				problems = append(problems, Problem{line + 1, fmt.Sprintf("%q is not a WebVTT cue tag (c, i, b, u, ruby, rt, v, lang): write the words alone", bad)})
				continue
			}
			c.Speaker = strings.TrimSpace(html.UnescapeString(v[1]))
			c.Text = strings.Join(strings.Fields(html.UnescapeString(anyTag.ReplaceAllString(payload[len(v[0]):], ""))), " ")
		}
		if c.Text == "" {
			problems = append(problems, Problem{line + 1, "a cue with a speaker but no words"})
			continue
		}
		switch {
		case c.End <= c.Start:
			problems = append(problems, Problem{line, fmt.Sprintf("the cue ends (%s) before it starts (%s)", m[2], m[1])})
			continue
		case len(cues) > 0 && c.Start < cues[len(cues)-1].Start:
			problems = append(problems, Problem{line, fmt.Sprintf("the cue starts at %s, before the one above it (line %d, %s): cues go in the order they are spoken", m[1], cues[len(cues)-1].Line, format(cues[len(cues)-1].Start))})
			continue
		}
		cues = append(cues, c)
	}
	if len(cues) == 0 && len(problems) == 0 {
		problems = append(problems, Problem{1, "a transcript with no cues"})
	}
	return cues, problems
}

func parseTimestamp(s string) time.Duration {
	m := timestamp.FindStringSubmatch(s)
	if m == nil {
		return 0
	}
	n := func(s string) time.Duration { v, _ := strconv.Atoi(s); return time.Duration(v) }
	d := n(m[2])*time.Minute + n(m[3])*time.Second + n(m[4])*time.Millisecond
	if m[1] != "" {
		h, err := strconv.Atoi(m[1])
		if err != nil || h > 99 {
			return 100 * time.Hour
		}
		d += time.Duration(h) * time.Hour
	}
	return d
}

// format writes d as a transcript does: mm:ss.ttt, or hh:mm:ss.ttt.
func format(d time.Duration) string {
	ms := d.Milliseconds()
	s := fmt.Sprintf("%02d:%02d.%03d", ms/60000%60, ms/1000%60, ms%1000)
	if h := ms / 3600000; h > 0 {
		s = fmt.Sprintf("%02d:", h) + s
	}
	return s
}

// Format is d as a transcript writes it.
func Format(d time.Duration) string { return format(d) }

// badTag is the first tag of payload that cue text may not hold, or "".
func badTag(payload string) string {
	for _, t := range anyTag.FindAllString(payload, -1) {
		if !cueTag.MatchString(t) {
			return t
		}
	}
	return ""
}
