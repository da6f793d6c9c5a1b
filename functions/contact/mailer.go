package contact

import (
	"context"
	"fmt"
)

// Mailer hands an enquiry over for delivery. Send returns nil only once the
// enquiry is durably accepted (fsynced to disk, accepted by SES): the handler
// answers 200 on nil and 502 on anything else. Send must be safe for
// concurrent use.
type Mailer interface {
	Send(ctx context.Context, e Enquiry) error
}

// NewMailer returns the mailer cfg.Mailer names: an *Outbox (opened, its
// directory created) or an SES mailer (AWS configuration loaded). Errors
// surface here, at start-up, rather than on the first enquiry.
func NewMailer(ctx context.Context, cfg Config) (Mailer, error) {
	switch cfg.Mailer {
	case MailerOutbox, "":
		return OpenOutbox(cfg.OutboxPath)
	case MailerSES:
		return newSESMailer(ctx, cfg)
	}
	return nil, fmt.Errorf("unknown mailer %q: want %q or %q", cfg.Mailer, MailerOutbox, MailerSES)
}
