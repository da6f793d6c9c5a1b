package content

import (
	"fmt"
	"regexp"
	"slices"
)

// Claim is one marketing figure. Kind is "result" (achieved), "goal" (aimed
// for: never shown as a result) or "fact" (about the market, not us).
type Claim struct {
	Key   string `json:"key"`
	Kind  string `json:"kind"`
	Value string `json:"value"`
	Label string `json:"label"`
	Text  string `json:"text"`
}

var claimKinds = []string{"result", "goal", "fact"}

var claimKey = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

func (c Claim) Validate() error {
	if !claimKey.MatchString(c.Key) {
		return fmt.Errorf("key %q: use lower-case words joined by hyphens", c.Key)
	}
	if !slices.Contains(claimKinds, c.Kind) {
		return fmt.Errorf("kind %q must be one of %s", c.Kind, joinQuoted(claimKinds))
	}
	if ClaimRef.MatchString(c.Text + c.Value + c.Label) {
		return fmt.Errorf("claim %q cites another claim", c.Key)
	}
	return nil
}

// ClaimRef is a citation: {claim:key}, {claim:key.value} or {claim:key.label}.
var ClaimRef = regexp.MustCompile(`\{claim:([a-z0-9-]+)(?:\.(value|label))?\}`)
