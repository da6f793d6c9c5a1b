package outbox

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/vozia/site/functions/contact/contacttest"

	"github.com/vozia/site/functions/contact"
)

// readOutbox returns the outbox's lines, each decoded strictly.
func readOutbox(t testing.TB, path string) []contact.Enquiry {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) > 0 && data[len(data)-1] != '\n' {
		t.Fatalf("outbox does not end with a newline: %q", data[max(0, len(data)-80):])
	}
	var out []contact.Enquiry
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var e contact.Enquiry
		dec := json.NewDecoder(bytes.NewReader(sc.Bytes()))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&e); err != nil {
			t.Fatalf("outbox line %q: %v", sc.Text(), err)
		}
		out = append(out, e)
	}
	return out
}

func TestOutboxAppendsDurableLines(t *testing.T) {
	path := filepath.Join(t.TempDir(), "new", "dir", "enquiries.jsonl")
	o, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	e := contact.Enquiry{ID: "A1", Received: time.Date(2026, 1, 12, 9, 30, 0, 123e6, time.UTC), Name: "Ada Lovelace",
		Email: "ada@example.com", Phone: "+1 555 010 0199", CompanySize: "1-50", Message: "Line one\nLine \"two\" <b>"}
	if err := o.Send(context.Background(), e); err != nil {
		t.Fatal(err)
	}
	if err := o.Close(); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != 0o600 {
		t.Errorf("outbox mode %v; want 0600, it holds personal data", st.Mode().Perm())
	}

	// Reopening appends rather than truncating.
	o, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	e2 := e
	e2.ID = "B2"
	if err := o.Send(context.Background(), e2); err != nil {
		t.Fatal(err)
	}
	o.Close()

	got := readOutbox(t, path)
	if len(got) != 2 || got[0] != e || got[1] != e2 {
		t.Fatalf("outbox holds %+v; want the two enquiries in order", got)
	}
	raw, _ := os.ReadFile(path)
	if first := strings.SplitN(string(raw), "\n", 2)[0]; !strings.HasPrefix(first, `{"id":"A1","received":"2026-01-12T09:30:00.123Z","name":"Ada Lovelace",`) {
		t.Errorf("line %s; want id, received time and the fields", first)
	}
	if err := o.Send(context.Background(), e); err == nil {
		t.Error("Send after Close succeeded; want an error")
	}
}

func TestOutboxThatCannotWriteAnswers502(t *testing.T) {
	path := filepath.Join(t.TempDir(), "enquiries.jsonl")
	if err := os.WriteFile(path, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	// A descriptor opened read-only fails every write, as a full or
	// read-only disk would; file permissions would not stop root.
	ro, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	o := &Outbox{path: path, f: ro}

	w := contacttest.Call{Body: contacttest.Encode(t, contacttest.Fields())}.Do(t, contact.New(contacttest.Config(t, contact.ConfigFromEnv), o, nil))
	if w.Code != http.StatusBadGateway {
		t.Fatalf("status %d; want 502", w.Code)
	}
	if a := contacttest.DecodeAnswer(t, w.Body.Bytes()); a.Error != "unavailable" || a.ID != "" {
		t.Errorf("answer %+v; want error unavailable and no id", a)
	}
	if got := readOutbox(t, path); len(got) != 0 {
		t.Errorf("outbox holds %d lines after a failed write; want none", len(got))
	}
}

func TestOpenOutboxFailsEarly(t *testing.T) {
	dir := t.TempDir()
	blocker := filepath.Join(dir, "file")
	if err := os.WriteFile(blocker, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ name, path string }{
		{"no path", ""},
		{"directory is a file", filepath.Join(blocker, "enquiries.jsonl")},
		{"path is a directory", dir},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := Open(tt.path); err == nil {
				t.Error("opened; want an error at start-up")
			}
		})
	}
}

// Many visitors at once over real HTTP: every 200 names exactly one line,
// every line belongs to a 200, and refused requests leave nothing behind.
func TestConcurrentPostsEachGetOneOutboxLine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "enquiries.jsonl")
	o, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer o.Close()
	srv := httptest.NewServer(contact.New(contacttest.Config(t, contact.ConfigFromEnv), o, nil))
	defer srv.Close()

	const requests, workers = 240, 24
	type result struct {
		index  int
		status int
		id     string
	}
	results := make(chan result, requests)
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := range jobs {
				fields := contacttest.With("name", fmt.Sprintf("Visitor %03d", i), "message", fmt.Sprintf("Enquiry number %03d, long enough.", i))
				if i%4 == 3 { // every fourth one is refused
					fields = contacttest.With("name", fmt.Sprintf("Visitor %03d", i), "phone", "123")
				}
				res, err := srv.Client().Post(srv.URL, "application/json", strings.NewReader(contacttest.Encode(t, fields)))
				if err != nil {
					t.Error(err)
					continue
				}
				body, _ := io.ReadAll(res.Body)
				res.Body.Close()
				var a contacttest.Answer
				json.Unmarshal(body, &a)
				results <- result{i, res.StatusCode, a.ID}
			}
		})
	}
	for i := range requests {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	close(results)

	okByID := map[string]int{}
	for r := range results {
		switch {
		case r.status == http.StatusOK:
			if _, dup := okByID[r.id]; dup || r.id == "" {
				t.Errorf("request %d: id %q empty or given twice", r.index, r.id)
			}
			okByID[r.id] = r.index
		case r.status == http.StatusBadRequest && r.index%4 == 3:
		default:
			t.Errorf("request %d: status %d", r.index, r.status)
		}
	}
	if want := requests * 3 / 4; len(okByID) != want {
		t.Errorf("%d answered 200; want %d", len(okByID), want)
	}

	lines := readOutbox(t, path)
	if len(lines) != len(okByID) {
		t.Errorf("outbox has %d lines for %d 200s; want one each", len(lines), len(okByID))
	}
	seen := map[string]bool{}
	for _, e := range lines {
		i, ok := okByID[e.ID]
		if !ok || seen[e.ID] {
			t.Errorf("outbox line %+v: not answered 200, or twice", e)
			continue
		}
		seen[e.ID] = true
		if want := fmt.Sprintf("Visitor %03d", i); e.Name != want {
			t.Errorf("line for id %s holds %q; want %q, the request it answered", e.ID, e.Name, want)
		}
	}
}
