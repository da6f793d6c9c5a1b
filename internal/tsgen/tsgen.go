// Package tsgen writes TypeScript declarations of Go structs, read through
// their JSON tags, so that a TypeScript reader of the build's JSON (the
// app, the deployment) and the Go writer cannot disagree about a field:
// the TypeScript is generated from the Go, and a test in each user fails
// while the committed file is stale.
//
// It imports no other package of this project.
package tsgen

import (
	"bytes"
	"fmt"
	"reflect"
	"slices"
	"strings"
)

// Gen collects the named structs reachable from the types it is given.
type Gen struct {
	named map[string]reflect.Type
	// Special names the TypeScript of a type the generic rules do not
	// give (a literal union, a type declared elsewhere); ok false falls
	// back to them.
	Special func(t reflect.Type) (ts string, ok bool)
}

// New returns a generator; special may be nil.
func New(special func(reflect.Type) (string, bool)) *Gen {
	if special == nil {
		special = func(reflect.Type) (string, bool) { return "", false }
	}
	return &Gen{named: map[string]reflect.Type{}, Special: special}
}

// Ref returns the TypeScript for t, registering named structs on the way.
func (g *Gen) Ref(t reflect.Type) string {
	if ts, ok := g.Special(t); ok {
		return ts
	}
	switch t.Kind() {
	case reflect.Pointer:
		return g.Ref(t.Elem())
	case reflect.String:
		return "string"
	case reflect.Bool:
		return "boolean"
	case reflect.Int, reflect.Int32, reflect.Int64, reflect.Float32, reflect.Float64:
		return "number"
	case reflect.Slice:
		return g.Ref(t.Elem()) + "[]"
	case reflect.Map:
		return "Record<string, " + g.Ref(t.Elem()) + ">"
	case reflect.Interface:
		return "unknown"
	case reflect.Struct:
		if prev, ok := g.named[t.Name()]; ok && prev != t {
			panic(fmt.Sprintf("tsgen: two types named %s", t.Name()))
		} else if !ok {
			g.named[t.Name()] = t
			for i := 0; i < t.NumField(); i++ {
				if f := t.Field(i); f.IsExported() && f.Tag.Get("json") != "-" {
					g.Ref(f.Type)
				}
			}
		}
		return t.Name()
	}
	panic(fmt.Sprintf("tsgen: no TypeScript for %s", t))
}

// Interfaces writes an interface for every named struct met so far, in
// name order.
func (g *Gen) Interfaces(b *bytes.Buffer) {
	names := make([]string, 0, len(g.named))
	for n := range g.named {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, name := range names {
		fmt.Fprintf(b, "export interface %s {\n", name)
		g.fields(b, g.named[name])
		b.WriteString("}\n\n")
	}
}

func (g *Gen) fields(b *bytes.Buffer, t reflect.Type) {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		if !f.IsExported() || name == "-" {
			continue
		}
		if f.Anonymous && name == "" {
			g.fields(b, f.Type)
			continue
		}
		if name == "" {
			name = f.Name
		}
		opt := ""
		if strings.Contains(opts, "omitempty") || f.Type.Kind() == reflect.Pointer {
			opt = "?"
		}
		fmt.Fprintf(b, "  %s%s: %s;\n", name, opt, g.Ref(f.Type))
	}
}
