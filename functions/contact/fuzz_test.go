package contact

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/vozia/site/functions/contact/characters"
	"github.com/vozia/site/functions/contact/contacttest"
)

// FuzzDecodeAndValidate feeds arbitrary bodies to the decoder and validator.
// Whatever arrives, they must not panic, and whatever they accept must keep
// the promises the mailers rely on. Plain `go test` runs only the seeds; run
// `go test -fuzz FuzzDecodeAndValidate ./functions/contact` to explore.
func FuzzDecodeAndValidate(f *testing.F) {
	valid := contacttest.Encode(f, contacttest.Fields())
	seeds := []string{
		valid,
		contacttest.Encode(f, contacttest.With("name", "Ada\r\nBcc: eve@example.com")),
		contacttest.Encode(f, contacttest.With("email", "Ada <ada@example.com>")),
		contacttest.Encode(f, contacttest.With("message", strings.Repeat("é", 5000))),
		contacttest.Encode(f, contacttest.With("honeypot", "x")),
		contacttest.Encode(f, contacttest.With("elapsedMs", 2999)),
		contacttest.Encode(f, map[string]any{}),
		`{"name":"Ada Lovelace","name":"Eve"}`,
		`{"na\u006de":"x"}`,
		`{"elapsedMs":1e99}`,
		`{"elapsedMs":-0}`,
		`{"message":null}`,
		valid + `{}`,
		`[]`,
		`{"name":"Ada`,
		"{\"name\":\"\xff\"}",
		`{"name":"\ud800"}`,
		`{"message":"\\ud800 \ud83d\ude00 \ud83d\u0041"}`,
		contacttest.Encode(f, contacttest.With("name", "\u200b\u200b")),
		contacttest.Encode(f, contacttest.With("name", "Ada \u202eecalevoL")),
		contacttest.Encode(f, contacttest.With("message", strings.Repeat("\u200b", 10))),
		contacttest.Encode(f, contacttest.With("email", "=?utf-8?q?x?=@example.org")),
		contacttest.Encode(f, contacttest.With("email", strings.Repeat("a", 65)+"@example.org")),
		`{"email":"a@b.c"}`,
		`  {  }  `,
		``,
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		sub, err := decodeSubmission(body)
		if err != nil {
			return
		}
		if !utf8.Valid(body) {
			t.Fatalf("accepted invalid UTF-8 %q", body)
		}
		if esc, ok := loneSurrogate(body); ok {
			t.Fatalf("accepted a lone surrogate %s in %q", esc, body)
		}
		e, bad := sub.validate(map[string]bool{"voice-ai": true})
		if bad != nil {
			for field, msg := range bad {
				if msg == "" || !strings.Contains("name email phone companySize message product page utm_source utm_medium utm_campaign utm_term utm_content", field) {
					t.Fatalf("validation error %q: %q", field, msg)
				}
			}
			return
		}
		checkEnquiry(t, e)

		// An accepted enquiry survives the outbox's encoding unchanged.
		line, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		var back Enquiry
		if err := json.Unmarshal(line, &back); err != nil || back != e {
			t.Fatalf("outbox round trip: %+v, %v; want %+v", back, err, e)
		}
		// And renders into both mail bodies.
		if _, _, err := RenderMail(e); err != nil {
			t.Fatal(err)
		}
	})
}

// checkEnquiry asserts what every accepted enquiry must satisfy.
func checkEnquiry(t *testing.T, e Enquiry) {
	t.Helper()
	between := func(field, s string, lo, hi int) {
		if n := utf8.RuneCountInString(s); n < lo || n > hi {
			t.Fatalf("accepted %s of %d characters %q; want %d..%d", field, n, s, lo, hi)
		}
		if strings.TrimSpace(s) != s {
			t.Fatalf("accepted untrimmed %s %q", field, s)
		}
	}
	between("name", e.Name, minName, maxName)
	between("email", e.Email, 3, maxEmail)
	between("phone", e.Phone, minPhone, maxPhone)
	between("message", e.Message, minMessage, maxMessage)
	if strings.ContainsAny(e.Name+e.Email, "\r\n\x00") {
		t.Fatalf("accepted a line break in a header field: %q, %q", e.Name, e.Email)
	}
	if !validCompanySize(e.CompanySize) {
		t.Fatalf("accepted company size %q", e.CompanySize)
	}
	if e.Product != "" && e.Product != "voice-ai" {
		t.Fatalf("accepted product %q", e.Product)
	}
	// What the mail shows of the page and the campaign holds no line
	// break, markup or quote.
	for _, kv := range append(e.Campaign(), [2]string{"page", e.Page}) {
		if strings.ContainsAny(kv[1], "\r\n\x00<>\"'") || strings.ContainsFunc(kv[1], unicode.IsControl) {
			t.Fatalf("accepted %s %q", kv[0], kv[1])
		}
	}
	if strings.Count(e.Email, "@") < 1 {
		t.Fatalf("accepted email %q", e.Email)
	}
	if local := e.Email[:strings.LastIndexByte(e.Email, '@')]; len(local) > maxLocalPart || strings.Contains(e.Email, "=?") {
		t.Fatalf("accepted email %q", e.Email)
	}
	visible := func(field, s string, lo int, need func(rune) bool) {
		if characters.VisibleLen(s) < lo || !strings.ContainsFunc(s, need) {
			t.Fatalf("accepted %s %q: %d visible characters", field, s, characters.VisibleLen(s))
		}
		if strings.ContainsFunc(s, func(r rune) bool { return '\u202a' <= r && r <= '\u202e' || '\u2066' <= r && r <= '\u206f' }) {
			t.Fatalf("accepted a bidirectional control in %s %q", field, s)
		}
	}
	visible("name", e.Name, minName, characters.IsLetterOrDigit)
	visible("phone", e.Phone, minPhone, unicode.IsDigit)
	visible("message", e.Message, minMessage, characters.IsLetterOrDigit)
}
