package prpreview

import "testing"

// TestCrossSite: a preview's address is refused on the live site's
// registrable domain as browsers reckon it for cookies (the public suffix
// list), and accepted on a domain of its own.
func TestCrossSite(t *testing.T) {
	for _, tc := range []struct {
		live, preview string
		ok            bool
	}{
		{"https://www.vozia.example", "https://pr-1.vozia-preview.example", true},
		{"https://www.vozia.example", "https://pr-1.preview.vozia.example", false},
		{"https://www.vozia.example", "https://vozia.example", false},
		{"https://www.vozia.example", "https://WWW.Vozia.Example.", false},
		{"https://vozia.example", "https://pr-1.vozia.example:8443", false},
		{"https://www.vozia.co.uk", "https://pr-1.vozia-preview.co.uk", true},  // co.uk is a public suffix
		{"https://www.vozia.co.uk", "https://pr-1.preview.vozia.co.uk", false}, // vozia.co.uk is the site
		{"https://vozia.github.io", "https://previews.github.io", true},        // github.io: a private suffix, sites apart
		{"https://www.vozia.example", "", false},
		{"https://www.vozia.example", "pr-1.vozia-preview.example", false},
	} {
		if err := CrossSite(tc.live, tc.preview); (err == nil) != tc.ok {
			t.Errorf("live %q, preview %q: %v", tc.live, tc.preview, err)
		}
	}
}
