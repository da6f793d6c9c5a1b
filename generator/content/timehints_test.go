package content

import (
	"strings"
	"testing"
)

// TestWebinarTimeHints: a webinar's time or zone written another way is
// refused with the value to type.
func TestWebinarTimeHints(t *testing.T) {
	for _, tc := range []struct{ time, zone, want string }{
		{"4pm", "CET", `time "4pm" must be a 24-hour time like 14:00: here 16:00`},
		{"4:30 p.m.", "CET", `here 16:30`},
		{"12am", "CET", `here 00:00`},
		{"16h", "CET", `here 16:00`},
		{"1600", "CET", `here 16:00`},
		{"13pm", "CET", `time "13pm" must be a 24-hour time like 14:00"`},
		{"16:00", "Madrid", `timeZone "Madrid" must be a time zone name like CET or Europe/Madrid: here "Europe/Madrid"`},
		{"16:00", "europe/madrid", `here "Europe/Madrid"`},
		{"16:00", "New York", `here "America/New_York"`},
		{"16:00", "Nowhere", `Europe/Madrid"`},
	} {
		// A closing quote after the message: a want ending in one says
		// that nothing (no hint) follows.
		err := Webinar{Time: tc.time, TimeZone: tc.zone}.Validate()
		if err == nil || !strings.Contains(err.Error()+`"`, tc.want) {
			t.Errorf("%s %s: %v, want %s", tc.time, tc.zone, err, tc.want)
		}
	}
}
