package contact

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"unicode/utf8"
)

// Store keeps an accepted enquiry durably. The handler answers 200
// ("received") only once Put has returned nil, and 502 otherwise, so a
// visitor is never told of an enquiry that could still be lost. Put must be
// safe for concurrent use.
//
// Deployed, the store is the delivery queue (package sqsqueue): the message
// is the enquiry, and the delivery function (Deliverer) sends it on with
// retries. Locally it is the outbox file (package outbox), which is also
// the mailbox.
type Store interface {
	Put(ctx context.Context, e Enquiry) error
}

// Mailer hands an enquiry over for delivery: the outbox locally
// (package outbox), SES deployed (package sesmail). Send returns nil only
// once the enquiry is durably accepted (fsynced to disk, accepted by SES).
// Send must be safe for concurrent use.
type Mailer interface {
	Send(ctx context.Context, e Enquiry) error
}

// EncodeEnquiry is an enquiry as the queue carries it: its JSON with every
// character outside printable ASCII written as a \u escape. SQS refuses a
// body holding some characters a visitor may type (U+FFFE, U+FFFF), and an
// ASCII body is accepted whatever the message says; the enquiry limits keep
// it far below SQS's 256 KiB (5,000 emoji are 60 KB escaped).
func EncodeEnquiry(e Enquiry) ([]byte, error) {
	raw, err := marshalJSON(e)
	if err != nil {
		return nil, err
	}
	out := make([]byte, 0, len(raw)+len(raw)/4)
	for i := 0; i < len(raw); {
		r, size := utf8.DecodeRune(raw[i:])
		i += size
		if r < utf8.RuneSelf && r >= 0x20 && r != 0x7f {
			out = append(out, byte(r))
			continue
		}
		if r > 0xffff {
			r -= 0x10000
			out = appendEscape(out, 0xd800+(r>>10))
			out = appendEscape(out, 0xdc00+(r&0x3ff))
			continue
		}
		out = appendEscape(out, r)
	}
	return out, nil
}

func appendEscape(b []byte, r rune) []byte {
	s := strconv.FormatInt(int64(r), 16)
	b = append(b, `\u`...)
	for range 4 - len(s) {
		b = append(b, '0')
	}
	return append(b, s...)
}

// DecodeEnquiry reads a queue message's body back. An enquiry without an id
// is refused: the id is what delivery is idempotent on.
func DecodeEnquiry(body []byte) (Enquiry, error) {
	var e Enquiry
	if err := unmarshalStrict(body, &e); err != nil {
		return Enquiry{}, fmt.Errorf("enquiry message: %w", err)
	}
	if !validID(e.ID) {
		return Enquiry{}, fmt.Errorf("enquiry message: id %q is not an enquiry id", e.ID)
	}
	return e, nil
}

// validID accepts the ids the handler makes (rand.Text: 26 characters of
// base32), and any other short run of letters and digits: the id goes into
// a ledger key, a mail tag and a log filter, all of which it must not
// escape.
func validID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for _, c := range []byte(id) {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9') {
			return false
		}
	}
	return true
}

// SafeError describes a store or delivery error for the log without
// risking personal data: an AWS API error is reduced to its code, since its
// message may quote addresses.
func SafeError(err error) string {
	var api interface{ ErrorCode() string }
	if errors.As(err, &api) {
		return "aws api error " + api.ErrorCode()
	}
	return err.Error()
}

func marshalJSON(v any) ([]byte, error) { return json.Marshal(v) }

func unmarshalStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("data after the object")
	}
	return nil
}
