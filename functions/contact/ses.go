package contact

import (
	"context"
	"errors"
	"fmt"
	"html/template"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	"github.com/aws/aws-sdk-go-v2/service/sesv2/types"
	smithyhttp "github.com/aws/smithy-go/transport/http"
)

// sesMailer sends each enquiry as one mail through Amazon SES v2.
//
// Credentials, region and endpoint come from the AWS SDK's usual sources: the
// Lambda execution role and AWS_REGION in production, and
// AWS_ENDPOINT_URL_SESV2 to point it at a local SES API in tests.
//
// It makes one HTTP request per Send: the SDK's retries are off, because a
// retry after a timeout could send a mail SES had already accepted; the
// delivery queue retries instead, through the ledger (deliver.go). Each mail
// is tagged enquiry=<id> and sent with the configuration set, whose send
// events SES publishes to EventBridge, which writes them to the send log
// (CONTACT_SEND_LOG_GROUP): Accepted reads it there, so that an attempt
// after a send whose answer was lost learns whether that mail went out.
type sesMailer struct {
	client *sesv2.Client
	from   string
	to     []string
	// byProduct are the mailboxes of the products that have their own
	// (Config.Enquiries); the others go to to.
	byProduct map[string][]string
	confSet   string
	sends     *sendLog
}

func newSESMailer(ctx context.Context, cfg Config) (*sesMailer, error) {
	if cfg.SESFrom == "" || len(cfg.SESTo) == 0 {
		return nil, errors.New("ses: need a sender (CONTACT_SES_FROM) and a recipient (CONTACT_SES_TO)")
	}
	var opts []func(*config.LoadOptions) error
	if cfg.SESRegion != "" {
		opts = append(opts, config.WithRegion(cfg.SESRegion))
	}
	awsCfg, err := config.LoadDefaultConfig(ctx, opts...)
	if err != nil {
		return nil, fmt.Errorf("ses: loading AWS configuration: %w", err)
	}
	if awsCfg.Region == "" {
		return nil, errors.New("ses: no AWS region: set AWS_REGION or CONTACT_SES_REGION")
	}
	m := &sesMailer{
		client:    sesv2.NewFromConfig(awsCfg, func(o *sesv2.Options) { o.RetryMaxAttempts = 1 }),
		from:      cfg.SESFrom,
		to:        append([]string(nil), cfg.SESTo...),
		byProduct: cfg.Enquiries.Mailboxes,
		confSet:   cfg.SESConfigurationSet,
	}
	if cfg.SendLogGroup != "" {
		// The send log is the stack's, in the function's own region
		// (AWS_REGION), even when SES is elsewhere (CONTACT_SES_REGION).
		logsCfg, err := config.LoadDefaultConfig(ctx)
		if err != nil {
			return nil, fmt.Errorf("ses: loading AWS configuration: %w", err)
		}
		if logsCfg.Region == "" {
			logsCfg.Region = awsCfg.Region
		}
		m.sends = newSendLog(logsCfg, cfg.SendLogGroup)
	}
	return m, nil
}

// Send returns nil once SES has accepted the mail (it answered with a
// message id). An error answer from SES (throttling, a rejected message, a
// paused account) is an *ErrNotSent; no answer at all (a timeout, a broken
// connection) leaves the outcome unknown.
func (m *sesMailer) Send(ctx context.Context, e Enquiry) error {
	text, html, err := renderMail(e)
	if err != nil {
		return fmt.Errorf("ses: %w", err)
	}
	utf8 := aws.String("UTF-8")
	in := &sesv2.SendEmailInput{
		FromEmailAddress: aws.String(m.from),
		Destination:      &types.Destination{ToAddresses: m.recipients(e)},
		// Replying to the mail answers the visitor directly.
		ReplyToAddresses: []string{e.Email},
		Content: &types.EmailContent{Simple: &types.Message{
			Subject: &types.Content{Data: aws.String(mailSubject(e)), Charset: utf8},
			Body: &types.Body{
				Text: &types.Content{Data: aws.String(text), Charset: utf8},
				Html: &types.Content{Data: aws.String(html), Charset: utf8},
			},
		}},
		EmailTags: []types.MessageTag{{Name: aws.String(enquiryTag), Value: aws.String(e.ID)}},
	}
	if m.confSet != "" {
		in.ConfigurationSetName = aws.String(m.confSet)
	}
	_, err = m.client.SendEmail(ctx, in)
	var answered *smithyhttp.ResponseError
	if errors.As(err, &answered) && answered.Response != nil && answered.Response.Response != nil &&
		answered.HTTPStatusCode() >= 300 {
		// SES answered, and not with a message id: nothing was accepted.
		return &ErrNotSent{fmt.Errorf("ses: %w", err)}
	}
	if err != nil {
		return fmt.Errorf("ses: %w", err)
	}
	return nil
}

// recipients are the mailboxes of the enquiry's product, where site.yaml
// gives it its own, and the function's inboxes otherwise.
func (m *sesMailer) recipients(e Enquiry) []string {
	if to := m.byProduct[e.Product]; e.Product != "" && len(to) > 0 {
		return to
	}
	return m.to
}

// enquiryTag is the SES message tag that carries the enquiry id into SES's
// events.
const enquiryTag = "enquiry"

// Accepted reports whether SES accepted a mail for e, from the send log.
// Without one it cannot know, and says no: the enquiry is sent again.
func (m *sesMailer) Accepted(ctx context.Context, e Enquiry) (bool, error) {
	if m.sends == nil {
		return false, nil
	}
	return m.sends.has(ctx, e)
}

// mailSubject names the visitor so the inbox can be scanned at a glance. The
// name was refused if it held a line break, so it cannot add headers.
func mailSubject(e Enquiry) string {
	return "Website enquiry from " + e.Name
}

// mailHTML is escaped by html/template: the visitor's words are data, and a
// <script> or a crafted link in a message must reach the inbox as text.
var mailHTML = template.Must(template.New("mail").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{.Subject}}</title></head>
<body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#111;line-height:1.5">
<h1 style="font-size:18px;margin:0 0 16px">{{.Subject}}</h1>
<table cellpadding="4" cellspacing="0" style="border-collapse:collapse">
<tr><th align="left">Name</th><td>{{.E.Name}}</td></tr>
<tr><th align="left">Email</th><td><a href="mailto:{{.E.Email}}">{{.E.Email}}</a></td></tr>
<tr><th align="left">Phone</th><td>{{.E.Phone}}</td></tr>
<tr><th align="left">Company size</th><td>{{.E.CompanySize}}</td></tr>
{{- if .E.Product}}
<tr><th align="left">Product</th><td>{{.E.Product}}</td></tr>
{{- end}}
{{- if .E.Page}}
<tr><th align="left">Sent from</th><td>{{.E.Page}}</td></tr>
{{- end}}
{{- range .Campaign}}
<tr><th align="left">{{index . 0}}</th><td>{{index . 1}}</td></tr>
{{- end}}
</table>
<h2 style="font-size:16px;margin:24px 0 8px">Message</h2>
<p style="white-space:pre-wrap;margin:0">{{.E.Message}}</p>
<p style="color:#666;font-size:12px;margin-top:24px">Enquiry {{.E.ID}}, received {{.Received}}. Reply to this mail to answer the sender.</p>
</body></html>
`))

// renderMail returns the plain-text and HTML bodies.
func renderMail(e Enquiry) (text, html string, err error) {
	received := e.Received.UTC().Format(time.RFC1123)
	var t strings.Builder
	fmt.Fprintf(&t, "New enquiry from the website contact form.\n\n")
	fmt.Fprintf(&t, "Name:         %s\n", e.Name)
	fmt.Fprintf(&t, "Email:        %s\n", e.Email)
	fmt.Fprintf(&t, "Phone:        %s\n", e.Phone)
	fmt.Fprintf(&t, "Company size: %s\n", e.CompanySize)
	if e.Product != "" {
		fmt.Fprintf(&t, "Product:      %s\n", e.Product)
	}
	if e.Page != "" {
		fmt.Fprintf(&t, "Sent from:    %s\n", e.Page)
	}
	for _, kv := range e.Campaign() {
		fmt.Fprintf(&t, "%-13s %s\n", kv[0]+":", kv[1])
	}
	t.WriteString("\n")
	fmt.Fprintf(&t, "Message:\n%s\n\n", e.Message)
	fmt.Fprintf(&t, "-- \nEnquiry %s, received %s. Reply to this mail to answer the sender.\n", e.ID, received)

	var h strings.Builder
	err = mailHTML.Execute(&h, struct {
		Subject  string
		Received string
		E        Enquiry
		Campaign [][2]string
	}{mailSubject(e), received, e, e.Campaign()})
	return t.String(), h.String(), err
}
