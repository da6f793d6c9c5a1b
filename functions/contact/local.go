package contact

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
)

// Local returns the contact function as the local servers mount it
// (cmd/serve, cmd/dev and the browser tests): its CONTACT_* environment
// applies, but enquiries always go to the outbox, nothing to configure and
// nothing leaving the machine. outbox, when not empty, overrides
// CONTACT_OUTBOX; origins are granted CORS besides those of
// CONTACT_ALLOWED_ORIGINS (or its defaults); log receives the JSON log
// lines (nil discards them). The products an enquiry may name are those of
// CONTACT_ENQUIRIES until the server hands it the site's own
// (Handler.SetEnquiries).
func Local(outbox string, origins []string, log io.Writer) (*Handler, error) {
	cfg, err := ConfigFromEnv(os.Getenv)
	if err != nil {
		return nil, err
	}
	cfg.Mailer = MailerOutbox
	if outbox != "" {
		cfg.OutboxPath = outbox
	}
	cfg.AllowedOrigins = append(cfg.AllowedOrigins, origins...)
	// OpenOutbox rather than NewMailer, so that a local server links no AWS
	// client it would never use.
	mailer, err := OpenOutbox(cfg.OutboxPath)
	if err != nil {
		return nil, err
	}
	if log == nil {
		log = io.Discard
	}
	return New(cfg, mailer, slog.New(slog.NewJSONHandler(log, nil))), nil
}

// LoadEnquiries hands h the products of the site file describes (the
// build's dist/cdn/enquiries.json). A site built without the file names
// no product: h then keeps the ones it has.
func LoadEnquiries(h *Handler, file string) error {
	data, err := os.ReadFile(file)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if err := h.SetEnquiries(data); err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	return nil
}
