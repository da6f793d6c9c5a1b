package content

import (
	"strings"
	"testing"
)

// TestClaimsCited: a citation becomes the claim's words (capitalised when
// it opens a text), and the mistakes claims exist to prevent are errors.
func TestClaimsCited(t *testing.T) {
	base := fixtureSite(t)
	const stat = `      - {value: "24/7", label: answered}`
	cite := func(value, label string) func(string) string {
		return replace(stat, `      - {value: "`+value+`", label: "`+label+`"}`)
	}

	s, err := Load(edit(base, "pages/index.yaml", cite("{claim:more-responses.value}", "{claim:more-responses} today")))
	if err != nil {
		t.Fatal(err)
	}
	var goal Claim
	for _, c := range s.Collections.Claims {
		if c.Key == "more-responses" {
			goal = c
		}
	}
	var got BlockStat
	for _, sec := range s.Pages["/"].Sections {
		if st, ok := sec.Value.(*StatsSection); ok {
			got = st.Stats[0]
		}
	}
	if want := strings.ToUpper(goal.Text[:1]) + goal.Text[1:] + " today"; got.Value != goal.Value || got.Label != want {
		t.Errorf("cited stat = %+v, want value %q and label %q", got, goal.Value, want)
	}

	errCases := []struct {
		name, file string
		edit       func(string) string
		want       string
	}{
		{"figure written out", "pages/index.yaml", cite("65%", "cheaper"), `the figure "65%" is written out: cite its claim`},
		{"unknown claim", "pages/index.yaml", cite("{claim:more-respones.value}", "more"), `unknown claim "more-respones" (did you mean "more-responses"?)`},
		{"goal among results", "collections/case-studies.yaml", func(s string) string {
			return strings.Replace(s, "  results:\n", "  results:\n    - \"{claim:more-responses}\"\n", 1)
		}, `claim "more-responses" is a goal, not a result`},
	}
	for _, c := range errCases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Load(edit(base, c.file, c.edit))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err = %v, want %q", err, c.want)
			}
			if err != nil && !strings.Contains(err.Error(), c.file+":") {
				t.Errorf("error not located in %s: %v", c.file, err)
			}
		})
	}
}
