package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	dtypes "github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/vozia/site/internal/testkit/browsertest"
)

// attempts is how many times the rehearsal's queue offers an enquiry: the
// template's ten attempts span three hours of backoff (functions/contact
// DefaultPolicy), so the test sets both sides of that seam, the redrive
// policy's maxReceiveCount and the delivery function's
// CONTACT_DELIVERY_ATTEMPTS, to two, after checking that the template
// has them equal. The first backoff, 30 s, is waited for real.
const attempts = 2

// TestEnquiryTheWholeWay: a visitor sends the contact form in Chromium,
// through the edge, to the contact function; the enquiry lands on the
// queue, the delivery function takes it, the ledger records it, and SES
// holds exactly one mail. Then, with SES failing, another enquiry is
// retried, lands in the dead-letter queue, is sent back by make redrive
// once SES answers again, and is mailed exactly once.
func TestEnquiryTheWholeWay(t *testing.T) {
	tpl := template(t, func(res map[string]any) {
		rp := resourceOf(t, res, "AWS::SQS::Queue", "EnquiriesQueue")["RedrivePolicy"].(map[string]any)
		env := envOf(t, res, "EnquiriesDeliver")
		if fmt.Sprint(rp["maxReceiveCount"]) != fmt.Sprint(env["CONTACT_DELIVERY_ATTEMPTS"]) {
			t.Fatalf("seam queue -> delivery: the queue offers an enquiry %v times, the delivery function counts on %v",
				rp["maxReceiveCount"], env["CONTACT_DELIVERY_ATTEMPTS"])
		}
		rp["maxReceiveCount"] = attempts
		env["CONTACT_DELIVERY_ATTEMPTS"] = strconv.Itoa(attempts)
	})
	ctx := context.Background()
	root := repoRoot(t)
	s, err := Up(ctx, tpl, Options{Root: root, Tools: DefaultTools(root), Work: t.TempDir(), SESOutageSwitch: true, Log: testLog(t)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	edge, err := s.StartEdge()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(edge.Close)

	queue, dead := s.Queues[idOf(t, tpl, "AWS::SQS::Queue", "EnquiriesQueue")], s.Queues[idOf(t, tpl, "AWS::SQS::Queue", "EnquiriesDeadLetters")]
	contact := s.Functions[idOf(t, tpl, "AWS::Lambda::Function", "Contact")]
	origin, err := url.Parse(contact.Env["CONTACT_ALLOWED_ORIGINS"])
	if err != nil || origin.Host == "" {
		t.Fatalf("the contact function's CONTACT_ALLOWED_ORIGINS %q is not the site's origin", contact.Env["CONTACT_ALLOWED_ORIGINS"])
	}
	path := contactPage(t, s)

	// A browser that reaches the edge under the site's own name.
	edgeURL, _ := url.Parse(edge.Server.URL)
	opts := append(browsertest.ChromiumOptions(t.TempDir()),
		chromedp.Flag("host-resolver-rules", fmt.Sprintf("MAP %s:443 %s", origin.Hostname(), edgeURL.Host)),
		chromedp.Flag("ignore-certificate-errors", true),
	)
	actx, cancel := chromedp.NewExecAllocator(ctx, opts...)
	t.Cleanup(cancel)
	bctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(cancel)
	bctx, cancel = context.WithTimeout(bctx, 5*time.Minute)
	t.Cleanup(cancel)
	if _, err := chromedp.Call(bctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: movableClock}); err != nil {
		t.Fatal(err)
	}

	send := func(t *testing.T, name string) {
		t.Helper()
		err := chromedp.Do(bctx,
			chromedp.Navigate(origin.String()+path),
			chromedp.WaitVisible(chromedp.CSS("#contact-form button[type=submit]")),
			chromedp.SendKeys(chromedp.CSS("#cf-firstName"), name),
			chromedp.SendKeys(chromedp.CSS("#cf-lastName"), "Lovelace"),
			chromedp.SendKeys(chromedp.CSS("#cf-email"), "ada@example.com"),
			chromedp.SendKeys(chromedp.CSS("#cf-phone"), "+34 600 000 000"),
			chromedp.Evaluate[chromedp.Void](`(() => { const s = document.getElementById("cf-companySize"); s.value = [...s.options].map(o => o.value).find(v => v); s.dispatchEvent(new Event("change", {bubbles: true})); })()`),
			chromedp.SendKeys(chromedp.CSS("#cf-message"), "We want to interview our customers."),
			// The form refuses a submit in its first seconds, by Date.now.
			chromedp.Evaluate[chromedp.Void](`window.__clockAhead(60000)`),
			chromedp.Click(chromedp.CSS("#contact-form button[type=submit]")),
			// Received: the form gives way to the panel that says so.
			chromedp.Poll[chromedp.Void](`!document.getElementById("contact-form").matches("form")`, chromedp.WithPollingTimeout(60*time.Second)),
		)
		if err != nil {
			html, _ := chromedp.Run(bctx, chromedp.OuterHTML(chromedp.CSS("#contact-form")))
			t.Fatalf("sending the form: %v\nthe form now: %.2000s\ncontact function:\n%s", err, html, lastLines(contact.Log(), 20))
		}
	}

	t.Run("served as the distribution serves it", func(t *testing.T) {
		// The response headers policy's headers on a page (the browser
		// above enforced its Content-Security-Policy on the form's post),
		// and a missing page answered with the not-found page and 404, as
		// the distribution's error responses say.
		client := edge.Server.Client()
		get := func(p string) *http.Response {
			res, err := client.Get(edge.Server.URL + p)
			if err != nil {
				t.Fatal(err)
			}
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
			return res
		}
		res := get(path)
		if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") || res.Header.Get("Content-Security-Policy") == "" {
			t.Errorf("%s: %s %q, CSP %q", path, res.Status, res.Header.Get("Content-Type"), res.Header.Get("Content-Security-Policy"))
		}
		if res := get("/no-such-page-" + strconv.FormatInt(time.Now().UnixNano(), 36)); res.StatusCode != http.StatusNotFound || res.Header.Get("Content-Security-Policy") == "" {
			t.Errorf("a missing page: %s, CSP %q", res.Status, res.Header.Get("Content-Security-Policy"))
		}
	})

	t.Run("delivered", func(t *testing.T) {
		send(t, "Ada")
		mails := waitMails(t, s, 1)
		if !strings.Contains(mails[0].Subject, "Ada Lovelace") || !strings.Contains(strings.Join(mails[0].Destination.To, ","), "sales@vozia.example") {
			t.Errorf("the mail: %+v", mails[0])
		}
		// The ledger says sent once SES has answered.
		items := ledger(t, s)
		for deadline := time.Now().Add(30 * time.Second); len(items) == 1 && items[0]["state"] != "sent" && time.Now().Before(deadline); {
			time.Sleep(100 * time.Millisecond)
			items = ledger(t, s)
		}
		ttl := s.TTL[idOf(t, tpl, "AWS::DynamoDB::Table", "EnquiriesLedger")]
		if len(items) != 1 || items[0]["state"] != "sent" {
			t.Fatalf("the ledger: %v, want one enquiry sent", items)
		}
		// Its expiry, in the table's TTL attribute, is the template's
		// retention from now.
		days, _ := strconv.Atoi(s.Functions[idOf(t, tpl, "AWS::Lambda::Function", "EnquiriesDeliver")].Env["CONTACT_RETENTION_DAYS"])
		exp, _ := strconv.ParseInt(items[0][ttl], 10, 64)
		if want := time.Now().Add(time.Duration(days) * 24 * time.Hour).Unix(); ttl == "" || exp < want-3600 || exp > want+60 {
			t.Errorf("the ledger's item %v: its TTL attribute %q is %d, want about %d (%d days from now)", items[0], ttl, exp, want, days)
		}
		waitQueueEmpty(t, s, queue)
		if n := visible(t, s, dead); n != 0 {
			t.Errorf("%d dead letters", n)
		}
	})

	t.Run("SES failing, then redriven", func(t *testing.T) {
		s.SESOutage(true)
		send(t, "Grace")
		// Two attempts (the second after the first backoff), then the
		// queue moves it to the dead-letter queue.
		deadline := time.Now().Add(3 * time.Minute)
		for visible(t, s, dead) == 0 {
			if time.Now().After(deadline) {
				t.Fatalf("no dead letter after %d attempts; delivery function:\n%s", attempts, lastLines(s.Functions[idOf(t, tpl, "AWS::Lambda::Function", "EnquiriesDeliver")].Log(), 30))
			}
			time.Sleep(200 * time.Millisecond)
		}
		m := s.Mappings[0]
		if inv, failed := m.Counts(); failed < attempts {
			t.Errorf("%d failed invocations of %d, want the %d attempts", failed, inv, attempts)
		}
		if n := len(sesStore(t, s)); n != 1 {
			t.Errorf("%d mails in SES's store during the outage, want the first one alone", n)
		}

		t.Logf("the delivery's attempts:\n%s", grepLines(s.Mappings[0].Function.Log(), `"outcome"`))
		s.SESOutage(false)
		cmd := exec.Command("make", "--no-print-directory", "-C", repoRoot(t), "redrive", "ENV=staging",
			"REDRIVE_FROM="+dead.URL, "REDRIVE_TO="+queue.URL)
		cmd.Env = append(os.Environ(), "AWS_ENDPOINT_URL_SQS="+s.SQS.Base, "AWS_REGION="+tpl.Region,
			"AWS_ACCESS_KEY_ID=AKIDREHEARSAL", "AWS_SECRET_ACCESS_KEY=rehearsal", "AWS_CONFIG_FILE=/nonexistent", "AWS_SHARED_CREDENTIALS_FILE=/nonexistent")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("make redrive: %v\n%s", err, out)
		}
		t.Logf("make redrive:\n%s", out)
		mails := waitMails(t, s, 2)
		if !strings.Contains(mails[1].Subject, "Grace Lovelace") {
			t.Errorf("the redriven mail: %+v", mails[1])
		}
		waitQueueEmpty(t, s, queue)
		if n := visible(t, s, dead); n != 0 {
			t.Errorf("%d dead letters after the redrive", n)
		}
		// Exactly one mail for it, however long we look.
		time.Sleep(2 * time.Second)
		if n := len(sesStore(t, s)); n != 2 {
			t.Errorf("%d mails, want 2: one per enquiry", n)
		}
	})
}

// movableClock: Date.now keeps the real time until the test moves it
// forward (as e2e/home_test.go does).
const movableClock = `(() => {
  const now = Date.now;
  let ahead = 0;
  Date.now = () => now() + ahead;
  window.__clockAhead = (ms) => { ahead += ms; };
})()`

func idOf(t *testing.T, tpl *Template, typ, prefix string) string {
	t.Helper()
	for _, id := range tpl.Of(typ) {
		if strings.HasPrefix(id, prefix) && !strings.Contains(strings.TrimPrefix(id, prefix), "Role") && !strings.Contains(strings.TrimPrefix(id, prefix), "Logs") {
			return id
		}
	}
	t.Fatalf("no %s %s*", typ, prefix)
	return ""
}

// contactPage is the first page of the uploaded site with the contact form.
func contactPage(t *testing.T, s *Stack) string {
	t.Helper()
	for bucket, objs := range s.Uploaded {
		for key := range objs {
			if !strings.HasSuffix(key, "index.html") {
				continue
			}
			res, err := s.s3Do(context.Background(), http.MethodGet, bucket+"/"+escapeKey(key), nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if strings.Contains(string(body), `id="contact-form"`) {
				return "/" + strings.TrimSuffix(strings.TrimSuffix(key, "index.html"), "/")
			}
		}
	}
	t.Fatal("no uploaded page has the contact form")
	return ""
}

// storedMail is a mail as aws-ses-v2-local keeps it (GET /store).
type storedMail struct {
	Subject     string `json:"subject"`
	Destination struct {
		To []string `json:"to"`
	} `json:"destination"`
}

func sesStore(t *testing.T, s *Stack) []storedMail {
	t.Helper()
	res, err := http.Get(s.SES.Base + "/store")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var store struct{ Emails []storedMail }
	if err := json.NewDecoder(res.Body).Decode(&store); err != nil {
		t.Fatal(err)
	}
	return store.Emails
}

func waitMails(t *testing.T, s *Stack, n int) []storedMail {
	t.Helper()
	deadline := time.Now().Add(90 * time.Second)
	for {
		m := sesStore(t, s)
		if len(m) >= n {
			if len(m) > n {
				t.Errorf("%d mails in SES's store, want %d", len(m), n)
			}
			return m
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d mails in SES's store, want %d; delivery:\n%s", len(m), n, lastLines(s.Mappings[0].Function.Log(), 20))
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func ledger(t *testing.T, s *Stack) []map[string]string {
	t.Helper()
	var out []map[string]string
	for _, table := range s.Tables {
		res, err := s.DynamoClient().Scan(context.Background(), &dynamodb.ScanInput{TableName: aws.String(table)})
		if err != nil {
			t.Fatal(err)
		}
		for _, item := range res.Items {
			m := map[string]string{}
			for k, v := range item {
				switch v := v.(type) {
				case *dtypes.AttributeValueMemberS:
					m[k] = v.Value
				case *dtypes.AttributeValueMemberN:
					m[k] = v.Value
				}
			}
			out = append(out, m)
		}
	}
	return out
}

func visible(t *testing.T, s *Stack, q *Queue) int {
	t.Helper()
	out, err := s.SQSClient().GetQueueAttributes(context.Background(), &sqs.GetQueueAttributesInput{QueueUrl: aws.String(q.URL),
		AttributeNames: []types.QueueAttributeName{types.QueueAttributeNameApproximateNumberOfMessages, types.QueueAttributeNameApproximateNumberOfMessagesNotVisible}})
	if err != nil {
		t.Fatal(err)
	}
	a, _ := strconv.Atoi(out.Attributes["ApproximateNumberOfMessages"])
	b, _ := strconv.Atoi(out.Attributes["ApproximateNumberOfMessagesNotVisible"])
	return a + b
}

func waitQueueEmpty(t *testing.T, s *Stack, q *Queue) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for visible(t, s, q) != 0 {
		if time.Now().After(deadline) {
			t.Fatalf("queue %s still holds %d messages", q.ID, visible(t, s, q))
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func grepLines(s, sub string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}
