package outbox

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/vozia/site/functions/contact/contacttest"

	"github.com/vozia/site/functions/contact"
)

// If the outbox file is deleted or moved away while the server runs, an
// enquiry answered 200 must still be readable at the outbox's path.
func TestOutboxPathChangesUnderTheServer(t *testing.T) {
	tests := []struct {
		name   string
		change func(t *testing.T, path string)
	}{
		{"file deleted", func(t *testing.T, path string) {
			if err := os.Remove(path); err != nil {
				t.Fatal(err)
			}
		}},
		{"file moved away, as a log rotation does", func(t *testing.T, path string) {
			if err := os.Rename(path, path+".1"); err != nil {
				t.Fatal(err)
			}
		}},
		{"file replaced by another", func(t *testing.T, path string) {
			if err := os.WriteFile(path+".new", nil, 0o600); err != nil {
				t.Fatal(err)
			}
			if err := os.Rename(path+".new", path); err != nil {
				t.Fatal(err)
			}
		}},
		{"directory deleted", func(t *testing.T, path string) {
			if err := os.RemoveAll(filepath.Dir(path)); err != nil {
				t.Fatal(err)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "outbox", "enquiries.jsonl")
			o, err := Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer o.Close()
			h := contact.New(contacttest.Config(t, contact.ConfigFromEnv), o, nil)
			if w := (contacttest.Call{Body: contacttest.Encode(t, contacttest.Fields())}).Do(t, h); w.Code != http.StatusOK {
				t.Fatalf("first enquiry: status %d", w.Code)
			}
			tt.change(t, path)
			for i := range 3 {
				w := contacttest.Call{Body: contacttest.Encode(t, contacttest.With("name", fmt.Sprintf("Visitor %d", i)))}.Do(t, h)
				switch w.Code {
				case http.StatusOK:
					id := contacttest.DecodeAnswer(t, w.Body.Bytes()).ID
					if _, err := os.Stat(path); err != nil {
						t.Fatalf("enquiry %d answered 200, but the outbox is gone: %v", i, err)
					}
					found := false
					for _, e := range readOutbox(t, path) {
						found = found || e.ID == id
					}
					if !found {
						t.Fatalf("enquiry %d answered 200, but its line is not in %s", i, path)
					}
				case http.StatusBadGateway:
				default:
					t.Fatalf("enquiry %d: status %d; want 200 with the line at the path, or 502", i, w.Code)
				}
			}
		})
	}
}
