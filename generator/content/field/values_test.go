package field

import (
	"strings"
	"testing"
)

// TestDateMistake: a date written another way is refused with the date
// it most likely means, written as the site wants it.
func TestDateMistake(t *testing.T) {
	for in, want := range map[string]string{
		"2026-12-4":  `"2026-12-4" is not a date: write it YYYY-MM-DD, here 2026-12-04`,
		"2026/1/31":  `write it YYYY-MM-DD, here 2026-01-31`,
		"28/11/2026": `write it YYYY-MM-DD, here 2026-11-28`,
		"11/28/2026": `write it YYYY-MM-DD, here 2026-11-28`,
		"04.12.2026": `write it YYYY-MM-DD, here 2026-12-04 (day first) or 2026-04-12 (month first)`,
		"1 March":    `write it YYYY-MM-DD, like 2026-03-14`,
		"2026-2-30":  `write it YYYY-MM-DD, like 2026-03-14`,
		"2026-02-30": `there is no day 30 in February 2026, which has 28 days`,
	} {
		var d Date
		err := d.UnmarshalText([]byte(in))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %s", in, err, want)
		}
	}
	var d Date
	if err := d.UnmarshalText([]byte("2026-12-04")); err != nil || d != "2026-12-04" {
		t.Errorf("2026-12-04: %v", err)
	}
}
