package content

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/vozia/site/generator/content/field"
)

// Claim is one marketing figure. Kind is "result" (measured, with its
// evidence: the only kind a results list may cite), "reported" (a figure
// stated without a published baseline, sample or period: prose only),
// "goal" (aimed for: never shown as a result) or "fact" (about the market,
// not us).
type Claim struct {
	Key   string `json:"key"`
	Kind  string `json:"kind"`
	Value string `json:"value"`
	Label string `json:"label"`
	Text  string `json:"text"`
	// Metric is what a result measured ("response rate to the weekly
	// symptom check-in"); a result only.
	Metric string `json:"metric,omitempty"`
	// Before and After are the metric's values before and after (or
	// Change alone, "+23 points", when only the change was published).
	Before string `json:"before,omitempty"`
	After  string `json:"after,omitempty"`
	Change string `json:"change,omitempty"`
	// Sample is who or what was measured ("212 participants at 4 sites").
	Sample string `json:"sample,omitempty"`
	// Period is when ("March to August 2025").
	Period string `json:"period,omitempty"`
}

var claimKinds = []string{"result", "reported", "goal", "fact"}

var claimKey = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

func (c Claim) Validate() error {
	// The key, the kind and a citation are each said; what a kind asks
	// for, once the kind is one.
	var errs []error
	if !claimKey.MatchString(c.Key) {
		errs = append(errs, fmt.Errorf("key %q: use lower-case words joined by hyphens", c.Key))
	}
	if !slices.Contains(claimKinds, c.Kind) {
		errs = append(errs, fmt.Errorf("kind %q must be one of %s", c.Kind, field.JoinQuoted(claimKinds)))
	}
	if ClaimRef.MatchString(c.Text + c.Value + c.Label + c.Metric + c.Before + c.After + c.Change + c.Sample + c.Period) {
		errs = append(errs, fmt.Errorf("claim %q cites another claim", c.Key))
	}
	if len(errs) > 0 {
		return errors.Join(errs...)
	}
	evidence := c.Metric + c.Before + c.After + c.Change + c.Sample + c.Period
	if c.Kind != "result" {
		if evidence != "" {
			return fmt.Errorf("claim %q is a %s: only a result has a metric, before, after, change, sample or period", c.Key, c.Kind)
		}
		return nil
	}
	// A result is a measurement: without what was measured, on whom,
	// when and from what baseline, it is a figure that was reported.
	var missing []string
	if c.Metric == "" {
		missing = append(missing, "metric")
	}
	if c.Change == "" && (c.Before == "" || c.After == "") {
		missing = append(missing, "before and after (or change)")
	}
	if c.Sample == "" {
		missing = append(missing, "sample")
	}
	if c.Period == "" {
		missing = append(missing, "period")
	}
	if len(missing) > 0 {
		return fmt.Errorf("claim %q is a result without its %s: give them, or make it kind reported", c.Key, strings.Join(missing, ", "))
	}
	return nil
}

// Evidence is how a result was measured, as it reads beside the figure:
// "response rate: 31% to 54%; 212 participants; March to August 2025".
// Empty for any other kind.
func (c Claim) Evidence() string {
	if c.Kind != "result" {
		return ""
	}
	change := c.Change
	if c.Before != "" && c.After != "" {
		change = c.Before + " to " + c.After
		if c.Change != "" {
			change += ", " + c.Change
		}
	}
	return c.Metric + ": " + change + "; " + c.Sample + "; " + c.Period
}

// ClaimRef is a citation: {claim:key}, {claim:key.value} or {claim:key.label}.
var ClaimRef = regexp.MustCompile(`\{claim:([a-z0-9-]+)(?:\.(value|label))?\}`)
