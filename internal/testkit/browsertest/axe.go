package browsertest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// Violation is one axe-core rule failing on a page.
type Violation struct {
	ID, Impact, Help string
	Nodes            []string // CSS selectors of the failing elements
}

func (v Violation) String() string {
	return fmt.Sprintf("%s (%s): %s at %s", v.ID, v.Impact, v.Help, strings.Join(v.Nodes, ", "))
}

type axeResult struct {
	ID     string `json:"id"`
	Impact string `json:"impact"`
	Help   string `json:"help"`
	Nodes  []struct {
		Target []string `json:"target"`
	} `json:"nodes"`
}

// Axe runs axe-core (frontend/node_modules/axe-core) on the page in ctx and
// returns its violations of WCAG 2.2 A/AA (the wcag22aa tag and the 2.0 and
// 2.1 tags it builds on), whatever their impact.
func Axe(t testing.TB, ctx context.Context) []Violation {
	t.Helper()
	repo, err := repoRoot()
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(filepath.Join(repo, "frontend", "node_modules", "axe-core", "axe.min.js"))
	if err != nil {
		t.Fatalf("axe-core: %v (run `make test`, which runs npm ci)", err)
	}
	const run = `axe.run(document, {runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]}, resultTypes: ["violations"]})
		.then(r => r.violations
		.map(v => ({id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map(n => ({target: n.target.map(String)}))})))`
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](string(src)+";0")); err != nil {
		t.Fatalf("load axe-core: %v", err)
	}
	raw, err := chromedp.Run(ctx, chromedp.Evaluate[[]axeResult](run, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("run axe-core: %v", err)
	}
	out := make([]Violation, len(raw))
	for i, r := range raw {
		out[i] = Violation{ID: r.ID, Impact: r.Impact, Help: r.Help}
		for _, n := range r.Nodes {
			out[i].Nodes = append(out[i].Nodes, strings.Join(n.Target, " "))
		}
	}
	return out
}
