package outbox

import (
	"io"
	"log/slog"
	"os"

	"github.com/vozia/site/functions/contact"
)

// Handler returns the contact function as the local servers mount it
// (cmd/serve, cmd/dev and the browser tests): its CONTACT_* environment
// applies, but enquiries always go to the outbox, nothing to configure and
// nothing leaving the machine. path, when not empty, overrides
// CONTACT_OUTBOX; origins are granted CORS besides those of
// CONTACT_ALLOWED_ORIGINS (or its defaults); log receives the JSON log
// lines (nil discards them). The products an enquiry may name are those of
// CONTACT_ENQUIRIES until the server hands it the site's own
// (contact.Handler.SetEnquiries, LoadEnquiries).
func Handler(path string, origins []string, log io.Writer) (*contact.Handler, error) {
	cfg, err := contact.ConfigFromEnv(os.Getenv)
	if err != nil {
		return nil, err
	}
	cfg.Mailer = contact.MailerOutbox
	if path != "" {
		cfg.OutboxPath = path
	}
	cfg.AllowedOrigins = append(cfg.AllowedOrigins, origins...)
	box, err := Open(cfg.OutboxPath)
	if err != nil {
		return nil, err
	}
	if log == nil {
		log = io.Discard
	}
	return contact.New(cfg, box, slog.New(slog.NewJSONHandler(log, nil))), nil
}
