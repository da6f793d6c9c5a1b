package contact

import (
	"errors"
	"fmt"
	"net/mail"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/vozia/site/functions/contact/characters"
	"github.com/vozia/site/internal/contactform"
)

// Mailer kinds for Config.Mailer.
const (
	MailerOutbox = "outbox"
	MailerSES    = "ses"
)

// Defaults, chosen so that a developer needs to configure nothing and a
// production deployment cannot be abused cheaply.
const (
	DefaultOutboxPath    = "dist/outbox/enquiries.jsonl"
	DefaultRatePerMinute = 5
	DefaultRateBurst     = 3
	DefaultSendTimeout   = 10 * time.Second
	DefaultRetentionDays = 30
	// DefaultDeliveryAttempts is DefaultPolicy's, and the stack's
	// maxReceiveCount.
	DefaultDeliveryAttempts = 10
)

// DefaultAllowedOrigins are the local server's origins (cmd/serve listens on
// 127.0.0.1:8080 unless told otherwise).
var DefaultAllowedOrigins = []string{"http://127.0.0.1:8080", "http://localhost:8080"}

// Config is what the function needs to know about its deployment. The zero
// value is not ready for use; start from ConfigFromEnv (with os.Getenv, or a
// func returning "" for pure defaults) and override fields.
type Config struct {
	// Mailer is MailerOutbox or MailerSES.
	Mailer string
	// OutboxPath is the JSON Lines file the outbox mailer appends to.
	OutboxPath string

	// SESFrom is the verified SES identity mails are sent from, optionally
	// with a display name: "Vozia website <web@vozia.example>".
	SESFrom string
	// SESTo are the inboxes that receive enquiries, but for those about a
	// product that Enquiries routes elsewhere.
	SESTo []string

	// Enquiries are the site's products (CONTACT_ENQUIRIES, the JSON of
	// the build's dist/cdn/enquiries.json): the ids an enquiry may name,
	// and each product's own mailboxes, if any.
	Enquiries contactform.Enquiries
	// SESRegion overrides the AWS SDK's region (AWS_REGION, set by Lambda).
	SESRegion string
	// SESConfigurationSet is sent with every mail; its event destination
	// publishes SES's send events, which SendLogGroup collects.
	SESConfigurationSet string
	// SendLogGroup is the CloudWatch Logs group holding SES's send events,
	// read to confirm a send whose answer was lost (see Deliverer).
	SendLogGroup string

	// QueueURL is the SQS queue the deployed function stores enquiries on
	// (CONTACT_QUEUE_URL).
	QueueURL string
	// LedgerTable is the DynamoDB table of the delivery's idempotency
	// records (CONTACT_LEDGER_TABLE).
	LedgerTable string
	// RetentionDays is how long a ledger record is kept
	// (CONTACT_RETENTION_DAYS).
	RetentionDays int
	// DeliveryAttempts is how many times the queue offers an enquiry before
	// it goes to the dead-letter queue: the redrive policy's maxReceiveCount
	// (CONTACT_DELIVERY_ATTEMPTS).
	DeliveryAttempts int

	// AllowedOrigins are the browser origins granted CORS, as a browser
	// sends them in Origin: scheme://host[:port]. A trailing slash and
	// capitals are forgiven.
	AllowedOrigins []string

	// RatePerMinute is how many requests per minute one source may make in
	// the long run; 0 turns the limiter off. RateBurst is how many it may
	// make at once.
	RatePerMinute float64
	RateBurst     int

	// SendTimeout bounds one delivery.
	SendTimeout time.Duration

	// LogKey keys the hash of source IPs in the log. Empty means a random
	// key per process: hashes then correlate within one instance only.
	LogKey string

	// RequireIAM makes the Lambda adapter refuse, with 403, every event
	// that Lambda did not authenticate with IAM (CONTACT_REQUIRE_IAM=true).
	// The deployed Function URL has AuthType AWS_IAM and only the site's
	// CloudFront distribution may invoke it, so an event without an IAM
	// caller means that the URL's auth was changed or bypassed: refusing
	// it keeps the function reachable only through the CDN even then.
	RequireIAM bool
}

// ConfigFromEnv reads the CONTACT_* variables through getenv (os.Getenv in
// programs, a map in tests). Unset variables take the defaults above; every
// malformed one is reported, joined into one error.
func ConfigFromEnv(getenv func(string) string) (Config, error) {
	var errs []error
	get := func(name string) string { return strings.TrimSpace(getenv(name)) }

	c := Config{
		Mailer:              MailerOutbox,
		OutboxPath:          DefaultOutboxPath,
		SESFrom:             get("CONTACT_SES_FROM"),
		SESTo:               splitList(get("CONTACT_SES_TO")),
		SESRegion:           get("CONTACT_SES_REGION"),
		AllowedOrigins:      append([]string(nil), DefaultAllowedOrigins...),
		QueueURL:            get("CONTACT_QUEUE_URL"),
		LedgerTable:         get("CONTACT_LEDGER_TABLE"),
		RetentionDays:       DefaultRetentionDays,
		DeliveryAttempts:    DefaultDeliveryAttempts,
		SESConfigurationSet: get("CONTACT_SES_CONFIGURATION_SET"),
		SendLogGroup:        get("CONTACT_SEND_LOG_GROUP"),
		RatePerMinute:       DefaultRatePerMinute,
		RateBurst:           DefaultRateBurst,
		SendTimeout:         DefaultSendTimeout,
		LogKey:              getenv("CONTACT_LOG_KEY"),
	}
	if v := get("CONTACT_MAILER"); v != "" {
		c.Mailer = strings.ToLower(v)
	}
	if v := get("CONTACT_OUTBOX"); v != "" {
		c.OutboxPath = v
	}
	if v := get("CONTACT_ENQUIRIES"); v != "" {
		e, err := contactform.ParseEnquiries([]byte(v))
		if err != nil {
			errs = append(errs, fmt.Errorf("CONTACT_ENQUIRIES: %w", err))
		} else {
			c.Enquiries = e
		}
	}
	if v := get("CONTACT_ALLOWED_ORIGINS"); v != "" {
		c.AllowedOrigins = nil
		for _, o := range splitList(v) {
			c.AllowedOrigins = append(c.AllowedOrigins, normalizeOrigin(o))
		}
	}
	if v := get("CONTACT_RATE_PER_MINUTE"); v != "" {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || f < 0 || f != f || f > 1e9 {
			errs = append(errs, fmt.Errorf("CONTACT_RATE_PER_MINUTE=%q: want a number of requests per minute, 0 or more", v))
		} else {
			c.RatePerMinute = f
		}
	}
	if v := get("CONTACT_RATE_BURST"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 1e6 {
			errs = append(errs, fmt.Errorf("CONTACT_RATE_BURST=%q: want a whole number, 1 or more", v))
		} else {
			c.RateBurst = n
		}
	}
	for _, n := range []struct {
		name string
		dst  *int
		max  int
	}{{"CONTACT_RETENTION_DAYS", &c.RetentionDays, 3650}, {"CONTACT_DELIVERY_ATTEMPTS", &c.DeliveryAttempts, 1000}} {
		if v := get(n.name); v != "" {
			i, err := strconv.Atoi(v)
			if err != nil || i < 1 || i > n.max {
				errs = append(errs, fmt.Errorf("%s=%q: want a whole number from 1 to %d", n.name, v, n.max))
			} else {
				*n.dst = i
			}
		}
	}
	if v := get("CONTACT_REQUIRE_IAM"); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			errs = append(errs, fmt.Errorf("CONTACT_REQUIRE_IAM=%q: want true or false", v))
		} else {
			c.RequireIAM = b
		}
	}
	if v := get("CONTACT_SEND_TIMEOUT"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			errs = append(errs, fmt.Errorf("CONTACT_SEND_TIMEOUT=%q: want a positive duration such as 10s", v))
		} else {
			c.SendTimeout = d
		}
	}
	if err := c.Validate(); err != nil {
		errs = append(errs, err)
	}
	return c, errors.Join(errs...)
}

// Validate reports every setting that would stop the function from working
// as configured.
func (c *Config) Validate() error {
	var errs []error
	switch c.Mailer {
	case MailerOutbox:
		if c.OutboxPath == "" {
			errs = append(errs, errors.New("outbox mailer needs a path (CONTACT_OUTBOX)"))
		}
	case MailerSES:
		if c.SESFrom == "" {
			errs = append(errs, errors.New("ses mailer needs a verified sender (CONTACT_SES_FROM)"))
		} else if err := checkSender(c.SESFrom); err != nil {
			errs = append(errs, err)
		}
		if len(c.SESTo) == 0 {
			errs = append(errs, errors.New("ses mailer needs at least one recipient (CONTACT_SES_TO)"))
		}
	default:
		errs = append(errs, fmt.Errorf("unknown mailer %q (CONTACT_MAILER): want %q or %q", c.Mailer, MailerOutbox, MailerSES))
	}
	for _, o := range c.AllowedOrigins {
		if err := checkOrigin(normalizeOrigin(o)); err != nil {
			errs = append(errs, err)
		}
	}
	if c.RatePerMinute > 0 && c.RateBurst < 1 {
		errs = append(errs, errors.New("rate limit needs a burst of at least 1 (CONTACT_RATE_BURST)"))
	}
	return errors.Join(errs...)
}

// checkSender accepts one address, whose display name, decoded as a mail
// client decodes the From header, holds no control or bidirectional
// character: the rule the visitor's name follows in the Subject.
func checkSender(from string) error {
	a, err := mail.ParseAddress(from)
	if err != nil {
		return fmt.Errorf("sender %q (CONTACT_SES_FROM): want an address, optionally with a display name: Vozia website <web@vozia.example>", from)
	}
	if characters.HasControl(a.Name, false) || characters.HasControl(headerText(a.Name), false) || hasEncodedWord(a.Name) {
		return fmt.Errorf("sender %q (CONTACT_SES_FROM): its display name holds a control or bidirectional character, or an encoded word", from)
	}
	return nil
}

// checkOrigin accepts what a browser puts in an Origin header. A wildcard is
// refused: the function is meant for the site's own form only.
func checkOrigin(o string) error {
	u, err := url.Parse(o)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" ||
		u.Path != "" || u.RawQuery != "" || u.Fragment != "" || u.User != nil {
		return fmt.Errorf("allowed origin %q (CONTACT_ALLOWED_ORIGINS): want scheme://host[:port], such as https://www.vozia.example", o)
	}
	return nil
}

// normalizeOrigin forgives the trailing slash and capitals of a pasted base
// URL; browsers send origins in lower case without a path.
func normalizeOrigin(o string) string {
	return strings.ToLower(strings.TrimSuffix(strings.TrimSpace(o), "/"))
}

// splitList splits a comma-separated variable, dropping empty items.
func splitList(s string) []string {
	var out []string
	for _, item := range strings.Split(s, ",") {
		if item = strings.TrimSpace(item); item != "" {
			out = append(out, item)
		}
	}
	return out
}
