package outbox

import (
	"testing"

	"github.com/vozia/site/functions/contact"
	"github.com/vozia/site/functions/contact/contacttest"
)

// testConfig is the local default with the rate limit off
// (contacttest.Settings).
func testConfig(t testing.TB) contact.Config {
	t.Helper()
	cfg, err := contact.ConfigFromEnv(contacttest.Getenv(contacttest.Settings))
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}
