package guard

import (
	"strings"
	"testing"

	"github.com/vozia/site/internal/problem"
)

func TestCheckKinds(t *testing.T) {
	for _, tc := range []struct {
		name               string
		declared, rendered []string
		want               []string
	}{
		{"same", []string{"cards", "hero"}, []string{"hero", "cards"}, nil},
		{"no renderer", []string{"cards", "hero", "logos"}, []string{"cards", "hero"},
			[]string{`section kind "logos" has no renderer (add frontend/src/sections/logos.tsx and run make types)`}},
		{"not declared", []string{"hero"}, []string{"hero", "gallery"},
			[]string{`the app renders section kind "gallery", which the content does not declare (run make types)`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := Kinds(tc.declared, tc.rendered)
			var got []string
			for _, p := range problem.Of(err) {
				got = append(got, p.Message)
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
