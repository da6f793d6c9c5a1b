package main

import (
	"testing"

	"github.com/vozia/site/internal/testkit/cmdtest"
)

// TestHelpExitsZero: `check -h` prints the flags and exits 0; an unknown
// flag exits non-zero.
func TestHelpExitsZero(t *testing.T) {
	cmdtest.HelpExitsZero(t, "TestHelpExitsZero", "check", main, "-content dir")
}
