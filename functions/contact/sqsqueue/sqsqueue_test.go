package sqsqueue

import (
	"context"
	"crypto/md5"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/sqs"

	"github.com/vozia/site/functions/contact/contacttest"

	"github.com/vozia/site/functions/contact"
)

// fakeSQS answers SendMessage as SQS's JSON protocol does, MD5 of the body
// included (the SDK checks it), or fails with status when set.
type fakeSQS struct {
	mu     sync.Mutex
	bodies []string
	urls   []string
	status int
}

func (f *fakeSQS) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("X-Amz-Target") != "AmazonSQS.SendMessage" {
		http.Error(w, "unexpected "+r.Header.Get("X-Amz-Target"), http.StatusBadRequest)
		return
	}
	var in struct{ QueueUrl, MessageBody string }
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	w.Header().Set("Content-Type", "application/x-amz-json-1.0")
	if f.status != 0 {
		w.Header().Set("X-Amzn-Query-Error", "AWS.SimpleQueueService.NonExistentQueue;Sender")
		w.WriteHeader(f.status)
		w.Write([]byte(`{"__type":"com.amazonaws.sqs#QueueDoesNotExist","message":"The specified queue does not exist."}`))
		return
	}
	f.mu.Lock()
	f.bodies = append(f.bodies, in.MessageBody)
	f.urls = append(f.urls, in.QueueUrl)
	f.mu.Unlock()
	sum := md5.Sum([]byte(in.MessageBody))
	json.NewEncoder(w).Encode(map[string]string{"MessageId": "m-1", "MD5OfMessageBody": hex.EncodeToString(sum[:])})
}

// Deployed, the handler stores on SQS: the answer is 200 "received" only
// once SQS holds the enquiry as the message body, and 502 when it refuses.
func TestQueueStore(t *testing.T) {
	for _, status := range []int{0, http.StatusBadRequest} {
		f := &fakeSQS{status: status}
		srv := httptest.NewServer(f)
		defer srv.Close()
		contacttest.IsolateAWS(t, map[string]string{"AWS_ENDPOINT_URL_SQS": srv.URL})
		cfg := contacttest.Config(t, contact.ConfigFromEnv)
		cfg.QueueURL = "https://sqs.eu-west-1.amazonaws.com/111111111111/enquiries"
		st, err := NewStore(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		var logs contacttest.LogBuffer
		w := contacttest.Call{Body: contacttest.Encode(t, contacttest.With("name", "Zoë 😀 Ünïcode", "message", "Hello\nthere \uFFFD 😀 <b>"))}.Do(t, contact.New(cfg, st, logs.Logger()))
		a := contacttest.DecodeAnswer(t, w.Body.Bytes())
		if status != 0 {
			if w.Code != http.StatusBadGateway || a.Error != "unavailable" || !strings.Contains(logs.String(), `"error":"aws api error AWS.SimpleQueueService.NonExistentQueue"`) {
				t.Errorf("SQS refusing: %d %+v, log %s; want 502 unavailable and the error code logged", w.Code, a, logs.String())
			}
			continue
		}
		if w.Code != http.StatusOK || a.Status != "received" {
			t.Fatalf("status %d %+v; want 200 received", w.Code, a)
		}
		if len(f.bodies) != 1 || f.urls[0] != cfg.QueueURL {
			t.Fatalf("SQS got %v at %v; want one message on %s", f.bodies, f.urls, cfg.QueueURL)
		}
		e, err := contact.DecodeEnquiry([]byte(f.bodies[0]))
		if err != nil || e.ID != a.ID || e.Name != "Zoë 😀 Ünïcode" || e.Message != "Hello\nthere \uFFFD 😀 <b>" {
			t.Errorf("message %q decodes to %+v, %v; want the enquiry %s as stored", f.bodies[0], e, err, a.ID)
		}
	}
}

// changes records the visibility changes asked of SQS.
type changes []*sqs.ChangeMessageVisibilityInput

func (c *changes) ChangeMessageVisibility(_ context.Context, in *sqs.ChangeMessageVisibilityInput, _ ...func(*sqs.Options)) (*sqs.ChangeMessageVisibilityOutput, error) {
	*c = append(*c, in)
	return &sqs.ChangeMessageVisibilityOutput{}, nil
}

// A backoff becomes the message's visibility timeout in whole seconds, on
// the queue and message it names, at most SQS's twelve hours.
func TestVisibilityHidesForTheBackoff(t *testing.T) {
	var c changes
	v := Visibility{Client: &c, QueueURL: "https://sqs.example/q"}
	for _, d := range []time.Duration{contact.DefaultPolicy.Backoff(3), 90*time.Second + 500*time.Millisecond, 24 * time.Hour} {
		if err := v.Hide(context.Background(), "receipt-1", d); err != nil {
			t.Fatal(err)
		}
	}
	want := []int32{120, 90, 43200}
	for i, in := range c {
		if *in.QueueUrl != v.QueueURL || *in.ReceiptHandle != "receipt-1" || in.VisibilityTimeout != want[i] {
			t.Errorf("change %d: %s %s %d; want %s receipt-1 %d", i, *in.QueueUrl, *in.ReceiptHandle, in.VisibilityTimeout, v.QueueURL, want[i])
		}
	}
}
