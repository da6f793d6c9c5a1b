package contact

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/mail"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/vozia/site/functions/contact/characters"
	"github.com/vozia/site/internal/contactform"
)

// Enquiry is one accepted contact request, as a Mailer receives it. The
// fields are trimmed and valid.
type Enquiry struct {
	ID          string    `json:"id"`
	Received    time.Time `json:"received"`
	Name        string    `json:"name"`
	Email       string    `json:"email"`
	Phone       string    `json:"phone"`
	CompanySize string    `json:"companySize"`
	Message     string    `json:"message"`
	// Product is the id of the product the enquiry is about (one of the
	// site's, Config.Enquiries), or empty: not said.
	Product string `json:"product,omitempty"`
	// Page is the site path the enquiry was sent from.
	Page string `json:"page,omitempty"`
	// The campaign parameters of the address the visitor landed on, kept
	// by the form only with their consent to analytics.
	UTMSource   string `json:"utm_source,omitempty"`
	UTMMedium   string `json:"utm_medium,omitempty"`
	UTMCampaign string `json:"utm_campaign,omitempty"`
	UTMTerm     string `json:"utm_term,omitempty"`
	UTMContent  string `json:"utm_content,omitempty"`
}

// Campaign returns the campaign parameters that are set, as key-value
// pairs in the order of contactform.CampaignKeys.
func (e *Enquiry) Campaign() [][2]string {
	var out [][2]string
	for i, v := range e.campaign() {
		if *v != "" {
			out = append(out, [2]string{contactform.CampaignKeys[i], *v})
		}
	}
	return out
}

// campaign points at the campaign fields, in the order of
// contactform.CampaignKeys.
func (e *Enquiry) campaign() [5]*string {
	return [5]*string{&e.UTMSource, &e.UTMMedium, &e.UTMCampaign, &e.UTMTerm, &e.UTMContent}
}

// Limits of the request. The lower bounds are the form's (functions/contact/README.md,
// written once in internal/contactform, which the form reads too); the
// upper bounds keep a mail readable and a subject line sane. Lengths are in
// runes, as a visitor counts characters; the lower bounds count only the
// characters that show (see characters.VisibleLen).
const (
	minName, maxName       = contactform.MinName, 200
	maxEmail               = 254 // RFC 5321's limit on a forward path
	maxLocalPart           = 64  // RFC 5321's limit on the part before the @
	minPhone, maxPhone     = contactform.MinPhone, 40
	minMessage, maxMessage = contactform.MinMessage, 5000
	maxCompanySize         = 7 // "251-500"
	maxProduct             = contactform.MaxProduct
	maxPage                = contactform.MaxPage
	maxCampaign            = contactform.MaxCampaign
	// The combining marks on one character (characters.StackedMarks).
	maxNameMarks, maxMessageMarks = 3, 8

	// maxBodyBytes is sized from the field limits, so that a submission
	// they allow is never refused for its size, whatever its characters:
	// a character takes at most 4 bytes of UTF-8, and at most 12 in JSON,
	// as a surrogate pair of \u escapes ("\ud83d\ude00", which encoders
	// that escape everything outside ASCII send). 1 KiB more holds the
	// member names, punctuation, the honeypot, elapsedMs and the white
	// space trimming forgives. A 5,000-emoji message is about 20 KiB as
	// the form sends it; the limit comes to 76 KiB.
	maxBodyBytes = (maxJSONCharBytes*(maxName+maxEmail+maxPhone+maxCompanySize+maxMessage+maxProduct+maxPage+5*maxCampaign) +
		1<<10 + 1<<10 - 1) &^ (1<<10 - 1)
	maxJSONCharBytes = 12

	// minElapsed is how long a person needs at least to fill the form in.
	minElapsed = contactform.MinFillMs // milliseconds
)

// companySizes are the options of the form's select, in order; the site's
// form shows the same list (internal/contactform).
var companySizes = contactform.CompanySizes

// The form's messages, so the client can show the server's verdict as its own.
const (
	msgNameShort     = "Name must be at least 2 characters"
	msgNameLetters   = "Name must contain a letter or digit"
	msgNameLong      = "Name must be at most 200 characters"
	msgNameControl   = "Name must not contain line breaks or control characters"
	msgNameEncoded   = "Name must not contain encoded text such as =?utf-8?…?="
	msgNameHidden    = "Name must not contain invisible characters"
	msgNameAddress   = "Name must not contain an email or web address"
	msgNameMixed     = "Name must not mix alphabets within a word"
	msgNameMarks     = "Name must not stack accents on its letters: at most three on one, two a letter on average"
	msgEmail         = "Please enter a valid email address"
	msgEmailLong     = "Email must be at most 254 characters"
	msgPhoneShort    = "Phone number must be at least 10 characters"
	msgPhoneDigits   = "Phone number must contain digits"
	msgPhoneLong     = "Phone number must be at most 40 characters"
	msgPhoneControl  = "Phone number must not contain line breaks or control characters"
	msgPhoneHidden   = "Phone number must not contain invisible characters"
	msgPhoneChars    = "Phone number may contain only digits, spaces and + - ( ) . / # (ext. for an extension)"
	msgCompanySize   = "Please select your company size"
	msgMessageShort  = "Message must be at least 10 characters"
	msgMessageWords  = "Message must contain letters or digits"
	msgMessageLong   = "Message must be at most 5000 characters"
	msgMessageCtrl   = "Message must not contain control characters"
	msgMessageHidden = "Message must not contain invisible characters"
	msgMessageMarks  = "Message must not stack accents on its letters: at most eight on one, two a letter on average"
	msgSuspicious    = "Suspicious activity detected. Please try again."
	msgProduct       = "Please choose a product from the list"
	msgPage          = "Page must be a path on this site"
	msgCampaign      = "Campaign value must be at most 100 letters, digits, spaces or . _ ~ + : | / - characters"
)

// submission is the request body as posted, before validation.
type submission struct {
	Name, Email, Phone, CompanySize, Message string
	Product, Page                            string
	Campaign                                 [5]string // in the order of contactform.CampaignKeys
	Honeypot                                 string
	ElapsedMs                                int64
	HasElapsed                               bool
}

// suspicious reports whether the submission fails the anti-bot checks the
// form itself makes: a hidden field only bots fill in, and a form sent faster
// than a person can type. elapsedMs is optional so that a client without it
// is judged by the other rules alone.
func (s *submission) suspicious() bool {
	return s.Honeypot != "" || (s.HasElapsed && s.ElapsedMs < minElapsed)
}

// decodeSubmission parses body as exactly one JSON object with only the known
// members, each at most once and of its own type. encoding/json's Unmarshal
// would accept duplicate keys (last wins), null, case-insensitive names and
// replace invalid UTF-8; walking the tokens refuses all of those.
func decodeSubmission(body []byte) (submission, error) {
	var s submission
	if !utf8.Valid(body) {
		return s, errors.New("body is not valid UTF-8")
	}
	// The decoder would replace a lone surrogate escape with U+FFFD
	// without a word: it is the escaped form of invalid UTF-8, refused
	// like it.
	if esc, ok := loneSurrogate(body); ok {
		return s, fmt.Errorf("body holds a lone surrogate %s, which is not text", esc)
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil {
		if err == io.EOF {
			return s, errors.New("body is empty; want a JSON object")
		}
		return s, jsonError(err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return s, errors.New("body must be a JSON object")
	}
	var seen uint16
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return s, jsonError(err)
		}
		key := tok.(string) // inside an object the decoder yields only string keys
		bit, dst := s.member(key)
		if bit == 0 {
			return s, fmt.Errorf("unknown field %q", clip(key))
		}
		if seen&bit != 0 {
			return s, fmt.Errorf("duplicate field %q", key)
		}
		seen |= bit
		tok, err = dec.Token()
		if err != nil {
			return s, jsonError(err)
		}
		if dst != nil {
			v, ok := tok.(string)
			if !ok {
				return s, fmt.Errorf("field %q must be a string", key)
			}
			*dst = v
			continue
		}
		n, ok := tok.(json.Number)
		if !ok {
			return s, fmt.Errorf("field %q must be a number", key)
		}
		s.ElapsedMs, err = strconv.ParseInt(string(n), 10, 64)
		if err != nil {
			return s, fmt.Errorf("field %q must be a whole number of milliseconds", key)
		}
		s.HasElapsed = true
	}
	if _, err := dec.Token(); err != nil { // the closing brace
		return s, jsonError(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return s, errors.New("unexpected data after the JSON object")
	}
	return s, nil
}

// member maps a JSON member name to its bit in the seen-set and, for string
// members, where to store it. elapsedMs has a bit and no string destination.
func (s *submission) member(key string) (uint16, *string) {
	switch key {
	case "name":
		return 1 << 0, &s.Name
	case "email":
		return 1 << 1, &s.Email
	case "phone":
		return 1 << 2, &s.Phone
	case "companySize":
		return 1 << 3, &s.CompanySize
	case "message":
		return 1 << 4, &s.Message
	case "honeypot":
		return 1 << 5, &s.Honeypot
	case "elapsedMs":
		return 1 << 6, nil
	case "product":
		return 1 << 7, &s.Product
	case "page":
		return 1 << 8, &s.Page
	}
	for i, k := range contactform.CampaignKeys {
		if key == k {
			return 1 << (9 + i), &s.Campaign[i]
		}
	}
	return 0, nil
}

// loneSurrogate finds a \u escape of a UTF-16 surrogate that is not half of
// a high-low pair. A backslash can only stand inside a JSON string, where
// it always starts an escape, so the scan needs no JSON state: it reads
// each escape whole, so that an escaped backslash followed by "ud800" is
// text, not an escape.
func loneSurrogate(body []byte) (string, bool) {
	for i := 0; i < len(body); i++ {
		if body[i] != '\\' {
			continue
		}
		if i+1 >= len(body) || body[i+1] != 'u' {
			i++ // a two-character escape such as \\ or \"
			continue
		}
		r, ok := hex4(body[i+2:])
		if !ok {
			return "", false // the decoder reports the bad escape
		}
		switch {
		case 0xd800 <= r && r < 0xdc00:
			if len(body) >= i+12 && body[i+6] == '\\' && body[i+7] == 'u' {
				if lo, ok := hex4(body[i+8:]); ok && 0xdc00 <= lo && lo < 0xe000 {
					i += 11
					continue
				}
			}
			return string(body[i : i+6]), true
		case 0xdc00 <= r && r < 0xe000:
			return string(body[i : i+6]), true
		}
		i += 5
	}
	return "", false
}

// hex4 reads the four hex digits of a \u escape.
func hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	var r rune
	for _, c := range b[:4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		case 'A' <= c && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}

// jsonError turns the decoder's complaint into one fit for a client: the
// decoder reports a body cut short as a bare io.ErrUnexpectedEOF.
func jsonError(err error) error {
	if errors.Is(err, io.ErrUnexpectedEOF) || err == io.EOF {
		return errors.New("body ends before the JSON object does")
	}
	return fmt.Errorf("invalid JSON: %v", err)
}

// clip shortens a client-supplied name before it is echoed in an error.
func clip(s string) string {
	const max = 40
	if utf8.RuneCountInString(s) <= max {
		return s
	}
	return string([]rune(s)[:max]) + "…"
}

// validate checks every field and returns the trimmed enquiry, or the
// message for each failing field (all of them, so the form can mark them at
// once). products are the ids an enquiry may name.
func (s *submission) validate(products map[string]bool) (Enquiry, map[string]string) {
	e := Enquiry{
		Name:        strings.TrimSpace(s.Name),
		Email:       strings.TrimSpace(s.Email),
		Phone:       strings.TrimSpace(s.Phone),
		CompanySize: strings.TrimSpace(s.CompanySize),
		Message:     strings.TrimSpace(s.Message),
		Product:     strings.TrimSpace(s.Product),
		Page:        strings.TrimSpace(s.Page),
	}
	for i, v := range e.campaign() {
		*v = strings.TrimSpace(s.Campaign[i])
	}
	var bad map[string]string
	fail := func(field, msg string) {
		if bad == nil {
			bad = make(map[string]string, 5)
		}
		bad[field] = msg
	}

	// The name goes into the mail's Subject header: a CR or LF there could
	// inject headers, so any control character is refused rather than
	// cleaned up silently.
	// Minimum lengths count what shows, so that a name of two zero-width
	// spaces is not a name; and a field must hold a letter or digit (the
	// phone a digit), so that "!!" is not one either.
	switch {
	case characters.HasControl(e.Name, false):
		fail("name", msgNameControl)
	case characters.HasControl(headerText(e.Name), false):
		// The same characters, as an encoded word the mail client
		// decodes in the Subject: refused as if typed.
		fail("name", msgNameControl)
	case headerText(e.Name) != e.Name || hasEncodedWord(e.Name):
		fail("name", msgNameEncoded)
	case characters.VisibleLen(e.Name) < minName:
		fail("name", msgNameShort)
	case utf8.RuneCountInString(e.Name) > maxName:
		fail("name", msgNameLong)
	case characters.HiddenInName(e.Name):
		fail("name", msgNameHidden)
	case characters.NameHasAddress(e.Name):
		fail("name", msgNameAddress)
	case characters.StackedMarks(e.Name, maxNameMarks):
		fail("name", msgNameMarks)
	case characters.MixedScriptWord(e.Name):
		fail("name", msgNameMixed)
	case !strings.ContainsFunc(e.Name, characters.IsLetterOrDigit):
		fail("name", msgNameLetters)
	}

	switch {
	case utf8.RuneCountInString(e.Email) > maxEmail:
		fail("email", msgEmailLong)
	case !validEmail(e.Email):
		fail("email", msgEmail)
	}

	switch {
	case characters.HasControl(e.Phone, false):
		fail("phone", msgPhoneControl)
	case characters.VisibleLen(e.Phone) < minPhone:
		fail("phone", msgPhoneShort)
	case utf8.RuneCountInString(e.Phone) > maxPhone:
		fail("phone", msgPhoneLong)
	case strings.ContainsFunc(e.Phone, characters.Hidden):
		fail("phone", msgPhoneHidden)
	case !strings.ContainsFunc(e.Phone, unicode.IsDigit):
		fail("phone", msgPhoneDigits)
	case !characters.PhoneChars(e.Phone):
		fail("phone", msgPhoneChars)
	}

	if !validCompanySize(e.CompanySize) {
		fail("companySize", msgCompanySize)
	}

	switch {
	case characters.HasControl(e.Message, true):
		fail("message", msgMessageCtrl)
	case characters.VisibleLen(e.Message) < minMessage:
		fail("message", msgMessageShort)
	case utf8.RuneCountInString(e.Message) > maxMessage:
		fail("message", msgMessageLong)
	case characters.HiddenText(e.Message):
		fail("message", msgMessageHidden)
	case characters.StackedMarks(e.Message, maxMessageMarks):
		fail("message", msgMessageMarks)
	case !strings.ContainsFunc(e.Message, characters.IsLetterOrDigit):
		fail("message", msgMessageWords)
	}

	// What the form adds of its own: the visitor chose the product from
	// a list, and never typed the rest. The product is the site's id for
	// it, so that an enquiry can be routed by it (Config.Enquiries); the
	// page and the campaign values reach the mail, so only what their
	// rules allow passes (internal/contactform).
	if e.Product != "" && !products[e.Product] {
		fail("product", msgProduct)
	}
	if e.Page != "" && !contactform.ValidPage(e.Page) {
		fail("page", msgPage)
	}
	for i, v := range e.campaign() {
		if *v != "" && !contactform.ValidCampaign(*v) {
			fail(contactform.CampaignKeys[i], msgCampaign)
		}
	}
	return e, bad
}

// validEmail accepts one bare address that net/mail parses to exactly itself:
// no display name, comments, angle brackets or quoting that could make the
// Reply-To header say something other than what the visitor typed. ASCII only
// and a dotted domain, as the form's own check has it and as SES accepts in a
// Reply-To without further encoding.
func validEmail(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < 0x21 || s[i] > 0x7e {
			return false
		}
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Name != "" || a.Address != s {
		return false
	}
	at := strings.LastIndexByte(s, '@')
	local, domain := s[:at], s[at+1:]
	// "=?utf-8?q?...?=" is an RFC 2047 encoded word: a mail client may
	// decode it into anything, line breaks included, when it shows the
	// Reply-To. No real address holds one.
	return len(local) <= maxLocalPart && !strings.Contains(s, "=?") && hostName(domain)
}

// hostName reports a domain that mail can be sent to: two labels or more,
// each 1 to 63 letters, digits and hyphens, not starting or ending with a
// hyphen (so no bare "xn--"), and a top-level label that is not all
// digits (RFC 1123, 5890). net/mail takes
// "x@-a.com" and "x@a_b.com"; SES refuses them, and an enquiry whose
// Reply-To it refuses would fail every attempt, then wait in the
// dead-letter queue.
func hostName(domain string) bool {
	labels := strings.Split(domain, ".")
	if len(domain) > 253 || len(labels) < 2 {
		return false
	}
	for _, l := range labels {
		if l == "" || len(l) > 63 || l[0] == '-' || l[len(l)-1] == '-' {
			return false
		}
		for i := 0; i < len(l); i++ {
			c := l[i] | 0x20
			if !(c >= 'a' && c <= 'z' || l[i] >= '0' && l[i] <= '9' || l[i] == '-') {
				return false
			}
		}
	}
	return strings.Trim(labels[len(labels)-1], "0123456789") != ""
}

// headerText is s as a mail client shows it in a header: every RFC 2047
// encoded word ("=?utf-8?b?4oCu?=", "=?iso-8859-1?q?=0D=0A?=") decoded.
// The name is the Subject's, and SES passes an ASCII subject through as
// it is, so a client would decode a right-to-left override or a line
// break the form refuses when typed. Any charset is decoded as its bytes:
// what matters is whether decoding changes the text, and into what.
func headerText(s string) string {
	if !strings.Contains(s, "=?") {
		return s
	}
	dec := mime.WordDecoder{CharsetReader: func(_ string, r io.Reader) (io.Reader, error) { return r, nil }}
	out, err := dec.DecodeHeader(s)
	if err != nil {
		return ""
	}
	return out
}

// hasEncodedWord reports the shape of an encoded word ("=?" and later
// "?="), which lenient mail clients decode even where RFC 2047 says not to
// (inside a word, with an unknown encoding), and no one's name holds.
func hasEncodedWord(s string) bool {
	i := strings.Index(s, "=?")
	return i >= 0 && strings.Contains(s[i+2:], "?=")
}

func validCompanySize(s string) bool {
	for _, o := range companySizes {
		if s == o {
			return true
		}
	}
	return false
}
