// Package sesmail sends the enquiries through Amazon SES v2: the delivery
// function's contact.Mailer, and the way it learns afterwards whether a
// send whose answer was lost went out.
//
// A Mailer sends each enquiry as one mail (contact.MailSubject and
// contact.RenderMail): From the verified identity (CONTACT_SES_FROM), To
// the inboxes (CONTACT_SES_TO) or the mailboxes of the enquiry's product
// (CONTACT_ENQUIRIES), Reply-To the visitor. It makes one HTTP request per
// Send: the SDK's retries are off, because a retry after a timeout could
// send a mail SES had already accepted; the delivery queue retries
// instead, through the ledger (contact.Deliverer). An error answer from
// SES (throttling, a rejected message, a paused account) is a
// *contact.ErrNotSent; no answer at all leaves the outcome unknown.
//
// Each mail is tagged enquiry=<id> and sent with the configuration set,
// whose send events SES publishes to EventBridge, which writes them to the
// send log, a CloudWatch Logs group (CONTACT_SEND_LOG_GROUP). Accepted
// reads it there, in the function's own region even when SES is in
// another (CONTACT_SES_REGION).
//
// Credentials, region and endpoint come from the AWS SDK's usual sources:
// the Lambda execution role and AWS_REGION in production, and
// AWS_ENDPOINT_URL_SESV2 to point it at a local SES API in tests.
package sesmail

import (
	"context"
	"errors"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	"github.com/aws/aws-sdk-go-v2/service/sesv2/types"
	smithyhttp "github.com/aws/smithy-go/transport/http"

	"github.com/vozia/site/functions/contact"
)

// Mailer sends each enquiry as one mail through Amazon SES v2; it is a
// contact.Confirmer too.
type Mailer struct {
	client *sesv2.Client
	from   string
	to     []string
	// byProduct are the mailboxes of the products that have their own
	// (contact.Config.Enquiries); the others go to to.
	byProduct map[string][]string
	confSet   string
	sends     *sendLog
}

// New returns the mailer cfg describes (CONTACT_SES_*), its AWS
// configuration loaded: errors surface here, at start-up, rather than on
// the first enquiry.
func New(ctx context.Context, cfg contact.Config) (*Mailer, error) {
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
	m := &Mailer{
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
// paused account) is a *contact.ErrNotSent; no answer at all (a timeout, a broken
// connection) leaves the outcome unknown.
func (m *Mailer) Send(ctx context.Context, e contact.Enquiry) error {
	text, html, err := contact.RenderMail(e)
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
			Subject: &types.Content{Data: aws.String(contact.MailSubject(e)), Charset: utf8},
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
		return &contact.ErrNotSent{Err: fmt.Errorf("ses: %w", err)}
	}
	if err != nil {
		return fmt.Errorf("ses: %w", err)
	}
	return nil
}

// recipients are the mailboxes of the enquiry's product, where site.yaml
// gives it its own, and the function's inboxes otherwise.
func (m *Mailer) recipients(e contact.Enquiry) []string {
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
func (m *Mailer) Accepted(ctx context.Context, e contact.Enquiry) (bool, error) {
	if m.sends == nil {
		return false, nil
	}
	return m.sends.has(ctx, e)
}
