package guard

import (
	"fmt"
	"slices"

	"github.com/vozia/site/generator/codegen"
	"github.com/vozia/site/internal/problem"
)

// Kinds compares the section kinds of the content (the Go kinds,
// generator/content/sections) with those the server bundle renders
// (its generated registry), before any page is rendered: a kind without
// a renderer would otherwise fail the render as React's "element type is
// invalid", naming no kind, and only on a page that uses it.
func Kinds(declared, rendered []string) error {
	var ps problem.List
	for _, k := range declared {
		if !slices.Contains(rendered, k) {
			ps = append(ps, problem.Problem{Message: fmt.Sprintf("section kind %q has no renderer (add %s and run make types)", k, codegen.ComponentFile(k))})
		}
	}
	for _, k := range rendered {
		if !slices.Contains(declared, k) {
			ps = append(ps, problem.Problem{Message: fmt.Sprintf("the app renders section kind %q, which the content does not declare (run make types)", k)})
		}
	}
	if len(ps) > 0 {
		return ps
	}
	return nil
}
