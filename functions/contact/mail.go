package contact

import (
	"fmt"
	"html/template"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/vozia/site/functions/contact/characters"
)

// The mail an enquiry becomes in the company's inbox, whoever sends it.

// MailSubject names the visitor so the inbox can be scanned at a glance.
// The name was refused if it held a line break, so it cannot add headers.
//
// The name's runs of spaces are one space there (oneLine): a name of
// "Ada", thirty ideographic spaces and "(more)" pushed its end out of the
// subject line's view. (A name may hold single ones, as Japanese names
// do.)
func MailSubject(e Enquiry) string {
	return "Website enquiry from " + oneLine(e.Name)
}

// oneLine is a one-line field as the mail shows it, in the subject and
// in both bodies: its runs of white space one space. A name of "Ada",
// 180 no-break spaces and "Lovelace" showed "Ada" in the mail's table,
// the rest out of view to the right. The record keeps the field as sent.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// mailHTML is escaped by html/template: the visitor's words are data, and a
// <script> or a crafted link in a message must reach the inbox as text.
// The address's link is mailto's percent-encoded address (RFC 6068): a
// "?" or "%" the address may hold (both allowed before the @) would
// otherwise start headers of the link's own ("v%40acme.es?bcc=m%40ev.co&x=@x.co"
// wrote to v@acme.es with a hidden Bcc).
//
// Nothing stands out of view to the right: a word wider than the window
// breaks (overflow-wrap); the visitor's words stand in quotes with a rule
// beside them, as the text mail's "> ", and a note of the mail's own
// (shownMessage) outside them, so that a message line written as a note
// reads as the visitor's.
var mailHTML = template.Must(template.New("mail").Funcs(template.FuncMap{"mailto": mailto, "oneLine": oneLine}).Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{.Subject}}</title></head>
<body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#111;line-height:1.5;overflow-wrap:anywhere;word-break:break-word">
<h1 style="font-size:18px;margin:0 0 16px">{{.Subject}}</h1>
<table cellpadding="4" cellspacing="0" style="border-collapse:collapse">
<tr><th align="left">Name</th><td>{{oneLine .E.Name}}</td></tr>
<tr><th align="left">Email</th><td><a href="{{mailto .E.Email}}">{{.E.Email}}</a></td></tr>
<tr><th align="left">Phone</th><td>{{oneLine .E.Phone}}</td></tr>
<tr><th align="left">Company size</th><td>{{.E.CompanySize}}</td></tr>
{{- if .E.Product}}
<tr><th align="left">Product</th><td>{{.E.Product}}</td></tr>
{{- end}}
{{- if .E.Page}}
<tr><th align="left">Sent from</th><td>{{.E.Page}}</td></tr>
{{- end}}
{{- range .Campaign}}
<tr><th align="left">{{index . 0}}</th><td>{{oneLine (index . 1)}}</td></tr>
{{- end}}
</table>
<h2 style="font-size:16px;margin:24px 0 8px">Message</h2>
{{- range .Message}}
{{if .Gap}}<p style="margin:4px 0;color:#666;font-style:italic">[{{.Gap}}]</p>{{else}}<blockquote style="margin:0;padding:0 0 0 12px;border-left:3px solid #d0d0d0;white-space:pre-wrap">{{.Text}}</blockquote>{{end}}
{{- end}}
<p style="color:#666;font-size:12px;margin-top:24px">Enquiry {{.E.ID}}, received {{.Received}}. Reply to this mail to answer the sender.</p>
</body></html>
`))

// mailto is the link that writes to addr: its characters that would
// end the address in a mailto URL ("?", "#", "%") percent-encoded.
func mailto(addr string) template.URL {
	return template.URL("mailto:" + url.PathEscape(addr))
}

// RenderMail returns the mail's plain-text and HTML bodies: every field of
// the enquiry, its id and when it was received. The subject is
// MailSubject's.
func RenderMail(e Enquiry) (text, html string, err error) {
	received := e.Received.UTC().Format(time.RFC1123)
	var t strings.Builder
	fmt.Fprintf(&t, "New enquiry from the website contact form.\n\n")
	fmt.Fprintf(&t, "Name:         %s\n", oneLine(e.Name))
	fmt.Fprintf(&t, "Email:        %s\n", e.Email)
	fmt.Fprintf(&t, "Phone:        %s\n", oneLine(e.Phone))
	fmt.Fprintf(&t, "Company size: %s\n", e.CompanySize)
	if e.Product != "" {
		fmt.Fprintf(&t, "Product:      %s\n", e.Product)
	}
	if e.Page != "" {
		fmt.Fprintf(&t, "Sent from:    %s\n", e.Page)
	}
	for _, kv := range e.Campaign() {
		fmt.Fprintf(&t, "%-13s %s\n", kv[0]+":", oneLine(kv[1]))
	}
	t.WriteString("\n")
	// The visitor's words quoted, a "> " on each line: a line of theirs
	// such as "Email:        ceo@vozia.example" or "-- " and a signature
	// reads as theirs, not as a field or the footer of this mail.
	// A gap left out (shownMessage) stands on a line of its own, not
	// quoted: the visitor's text cannot write one.
	t.WriteString("Message:\n")
	msg := shownMessage(e.Message)
	for _, p := range msg {
		if p.Gap != "" {
			fmt.Fprintf(&t, "  [%s]\n", p.Gap)
			continue
		}
		for line := range strings.Lines(p.Text) {
			fmt.Fprintf(&t, "> %s", line)
		}
		if !strings.HasSuffix(p.Text, "\n") {
			t.WriteString("\n")
		}
	}
	t.WriteString("\n")
	fmt.Fprintf(&t, "-- \nEnquiry %s, received %s. Reply to this mail to answer the sender.\n", e.ID, received)

	var h strings.Builder
	err = mailHTML.Execute(&h, struct {
		Subject  string
		Received string
		E        Enquiry
		Campaign [][2]string
		Message  []messagePart
	}{MailSubject(e), received, e, e.Campaign(), msg})
	return t.String(), h.String(), err
}

// The longest runs of blank the mail shows as written: empty lines in a
// row, and the columns of characters that show nothing in a row within a
// line (wider
// than any indentation or column a person types: a table pasted with its
// columns lined up with 19 spaces, and code indented by 20, were cut by a
// limit of 16).
const (
	maxBlankLines = 3
	maxBlanks     = 40
)

// messagePart is a piece of the message as the mail shows it: the
// visitor's text, or a note of the blank left out (Gap).
type messagePart struct{ Text, Gap string }

// shownMessage is the message as the mail shows it, its line breaks one
// kind (a bare CR too, which a mail client may show as a break): a run of
// blank longer than the limits above is a note of what was left out. A
// reader saw "Please call me back." and, 500 empty lines or 3,000 blank
// braille patterns below or beside it, out of view, words written for
// whatever else reads the inbox. The enquiry's record keeps the message
// as sent.
func shownMessage(m string) []messagePart {
	m = strings.ReplaceAll(strings.ReplaceAll(m, "\r\n", "\n"), "\r", "\n")
	var parts []messagePart
	var text strings.Builder
	// A note stands on a line of its own: the line break before it is
	// the note's.
	gap := func(format string, n int) {
		if text.Len() > 0 {
			parts = append(parts, messagePart{Text: strings.TrimSuffix(text.String(), "\n")})
			text.Reset()
		}
		parts = append(parts, messagePart{Gap: fmt.Sprintf(format, n)})
	}
	// writeLine writes a line, its runs of blank too long as notes.
	writeLine := func(line string) {
		body := strings.TrimSuffix(line, "\n")
		endsInGap := false
		for body != "" {
			i := blankRun(body)
			if endsInGap = i >= 0; !endsInGap {
				text.WriteString(body)
				break
			}
			text.WriteString(body[:i])
			n := strings.IndexFunc(body[i:], func(r rune) bool { return !characters.Empty(r) })
			if n < 0 { // blank to the end of the line
				n = len(body) - i
			}
			gap("%d blank characters left out", utf8.RuneCountInString(body[i:i+n]))
			body = body[i+n:]
		}
		// A note ends its line already.
		if strings.HasSuffix(line, "\n") && !(endsInGap && body == "") {
			text.WriteString("\n")
		}
	}
	var held []string // blank lines in a row, not yet written
	flush := func() {
		if len(held) > maxBlankLines {
			gap("%d blank lines left out", len(held))
		} else {
			for _, l := range held {
				writeLine(l)
			}
		}
		held = held[:0]
	}
	for line := range strings.Lines(m) {
		if strings.TrimFunc(line, characters.Empty) == "" {
			held = append(held, line)
			continue
		}
		flush()
		writeLine(line)
	}
	flush()
	if text.Len() > 0 {
		parts = append(parts, messagePart{Text: text.String()})
	}
	return parts
}

// blankRun is the byte offset in s of the first run of more than
// maxBlanks characters that show nothing, or -1.
func blankRun(s string) int {
	start, n := 0, 0
	for i, r := range s {
		if !characters.Empty(r) {
			n = 0
			continue
		}
		if n == 0 {
			start = i
		}
		if n += columns(r); n > maxBlanks {
			return start
		}
	}
	return -1
}

// columns is how wide a character that shows nothing stands in a text
// mail: a tab to the next of its stops 8 apart at most, an ideographic
// space two, the rest one (40 tabs pushed the words after them 320
// columns to the right, in a client that does not wrap).
func columns(r rune) int {
	switch r {
	case '\t':
		return 8
	case '\u3000':
		return 2
	}
	return 1
}
