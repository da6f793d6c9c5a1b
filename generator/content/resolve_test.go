package content

import (
	"strings"
	"testing"
)

func TestEncodeURIComponent(t *testing.T) {
	for in, want := range map[string]string{
		"Webinar: Pulse & you": "Webinar%3A%20Pulse%20%26%20you",
		"a-b_c.d!e~f*g'h(i)j":  "a-b_c.d!e~f*g'h(i)j",
		"Año 2/3?":             "A%C3%B1o%202%2F3%3F",
	} {
		if got := encodeURIComponent(in); got != want {
			t.Errorf("encodeURIComponent(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestDateText(t *testing.T) {
	months := strings.Fields("January February March April May June July August September October November December")
	if got := DateText("2024-05-01", months); got != "May 1, 2024" {
		t.Errorf("got %q", got)
	}
}
