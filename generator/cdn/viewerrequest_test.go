package cdn

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/parser"

	"github.com/vozia/site/internal/routing"
)

// routingTable is testdata/routing/cases.json, the request cases every
// implementation of the routing manifest must answer alike.
type routingTable struct {
	Site struct {
		Files    map[string]string `json:"files"`
		Manifest routing.Manifest  `json:"manifest"`
	} `json:"site"`
	Cases []routingCase `json:"cases"`
}

type routingCase struct {
	Name     string  `json:"name"`
	Path     string  `json:"path"`
	Status   int     `json:"status"`
	Location *string `json:"location"`
	Body     *string `json:"body"`
}

type answer struct {
	Status   int     `json:"status"`
	Location *string `json:"location"`
	Body     string  `json:"body"`
	Error    string  `json:"error"`
}

func loadRoutingTable(t *testing.T) routingTable {
	t.Helper()
	data, err := os.ReadFile("../../testdata/routing/cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var tab routingTable
	if err := json.Unmarshal(data, &tab); err != nil {
		t.Fatal(err)
	}
	return tab
}

// runAtEdge runs the generated function in Node as CloudFront would (see
// testdata/cloudfront.mjs) and returns the answer to each path.
func runAtEdge(t *testing.T, code []byte, mode string, files map[string]string, notFound string, paths []string) []answer {
	t.Helper()
	dir := t.TempDir()
	fn := filepath.Join(dir, ViewerRequestFile)
	in := filepath.Join(dir, "input.json")
	input, _ := json.Marshal(map[string]any{"mode": mode, "files": files, "notFound": notFound, "paths": paths})
	if err := os.WriteFile(fn, code, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(in, input, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("node", "testdata/cloudfront.mjs", fn, in).Output()
	if err != nil {
		var stderr string
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = string(ee.Stderr)
		}
		t.Fatalf("node: %v\n%s", err, stderr)
	}
	var answers []answer
	if err := json.Unmarshal(out, &answers); err != nil {
		t.Fatalf("harness output: %v\n%s", err, out)
	}
	return answers
}

func fileList(files map[string]string) []string {
	var list []string
	for f := range files {
		list = append(list, f)
	}
	slices.Sort(list)
	return list
}

func checkCases(t *testing.T, code []byte, files map[string]string, notFound string, cases []routingCase) {
	t.Helper()
	var paths []string
	for _, c := range cases {
		paths = append(paths, c.Path)
	}
	// CloudFront passes the URI and query as the viewer spelled them; the
	// function must be right, and never open, if it ever got them decoded.
	for _, mode := range []string{"encoded", "decoded"} {
		answers := runAtEdge(t, code, mode, files, notFound, paths)
		for i, c := range cases {
			t.Run(mode+"/"+c.Name, func(t *testing.T) {
				got := answers[i]
				if got.Error != "" {
					t.Fatalf("%s: %s", c.Path, got.Error)
				}
				if got.Status != c.Status {
					t.Errorf("%s: status %d, want %d", c.Path, got.Status, c.Status)
				}
				if c.Location != nil || c.Status/100 == 3 {
					want := "<none>"
					if c.Location != nil {
						want = *c.Location
					}
					if loc := deref(got.Location); loc != want {
						t.Errorf("%s: Location %s, want %s", c.Path, loc, want)
					}
				} else if got.Location != nil {
					t.Errorf("%s: Location %s, want none", c.Path, *got.Location)
				}
				if c.Body != nil && got.Body != *c.Body {
					t.Errorf("%s: body %q, want %q", c.Path, got.Body, *c.Body)
				}
			})
		}
	}
}

func deref(s *string) string {
	if s == nil {
		return "<none>"
	}
	return *s
}

// TestViewerRequestRoutingTable: the CloudFront Function generated from
// the shared table's manifest answers every case of the table as
// cmd/serve does.
func TestViewerRequestRoutingTable(t *testing.T) {
	tab := loadRoutingTable(t)
	code, err := ViewerRequest(&tab.Site.Manifest, fileList(tab.Site.Files))
	if err != nil {
		t.Fatal(err)
	}
	checkCases(t, code, tab.Site.Files, tab.Site.Manifest.NotFound.File, tab.Cases)
}

// TestViewerRequestEdgeCases: what only the CDN has to get right, since
// cmd/serve gets it from net/http: escapes in paths and queries, repeated
// parameters, and a file that a rewrite would otherwise shadow.
func TestViewerRequestEdgeCases(t *testing.T) {
	tab := loadRoutingTable(t)
	files := map[string]string{"services/guide/index.html": "guide", "caf\u00e9/index.html": "cafe"}
	for k, v := range tab.Site.Files {
		files[k] = v
	}
	code, err := ViewerRequest(&tab.Site.Manifest, fileList(files))
	if err != nil {
		t.Fatal(err)
	}
	s := func(v string) *string { return &v }
	checkCases(t, code, files, tab.Site.Manifest.NotFound.File, []routingCase{
		{Name: "escaped path", Path: "/caf%C3%A9", Status: 200, Body: s("cafe")},
		{Name: "escaped path, trailing slash", Path: "/caf%C3%A9/", Status: 301, Location: s("/caf%C3%A9")},
		{Name: "escaped query value kept", Path: "/platform/?q=%E5%AE%B6", Status: 301, Location: s("/platform?q=%E5%AE%B6")},
		{Name: "escaped ampersand stays in its value", Path: "/blog?q=a%26b&c=d", Status: 301, Location: s("/resources?q=a%26b&c=d")},
		{Name: "space in a value", Path: "/blog?q=a%20b", Status: 301, Location: s("/resources?q=a%20b")},
		{Name: "repeated parameter", Path: "/platform/?a=1&a=2&b", Status: 301, Location: s("/platform?a=1&a=2&b")},
		{Name: "invalid escape", Path: "/%E0%A4%A/", Status: 404, Body: s("not found")},
		{Name: "encoded NUL", Path: "/platform%00/", Status: 404, Body: s("not found")},
		{Name: "file below a rewrite", Path: "/services/guide", Status: 200, Body: s("guide")},
		{Name: "rewrite still applies beside it", Path: "/services/other", Status: 200, Body: s("services")},
	})
}

// TestViewerRequestWithinCloudFrontLimits: the function fits CloudFront
// Functions' limits: at most 10 KB of code, and only syntax and globals
// that cloudfront-js-2.0 supports, with nothing that could reach a network.
func TestViewerRequestWithinCloudFrontLimits(t *testing.T) {
	tab := loadRoutingTable(t)
	code, err := ViewerRequest(&tab.Site.Manifest, fileList(tab.Site.Files))
	if err != nil {
		t.Fatal(err)
	}
	if len(code) > MaxViewerRequestSize {
		t.Errorf("function is %d bytes, over %d", len(code), MaxViewerRequestSize)
	}
	if problems := checkCloudFrontJS(string(code)); len(problems) > 0 {
		t.Errorf("generated function:\n%s", strings.Join(problems, "\n"))
	}

	t.Run("too many redirects is a build error", func(t *testing.T) {
		m := tab.Site.Manifest
		for i := range 400 {
			m.Redirects = append(m.Redirects, routing.Redirect{From: fmt.Sprintf("/old/page-%d", i), To: "/resources", Status: 301})
		}
		if _, err := ViewerRequest(&m, nil); err == nil || !strings.Contains(err.Error(), "limit") {
			t.Errorf("a 400-redirect manifest gave %v, want the size limit error", err)
		}
	})
	t.Run("paths that would need escaping are refused", func(t *testing.T) {
		m := tab.Site.Manifest
		m.Redirects = append(m.Redirects, routing.Redirect{From: "/a b", To: "/x", Status: 301})
		if _, err := ViewerRequest(&m, nil); err == nil {
			t.Error("a redirect from \"/a b\" was accepted")
		}
	})
	// The checker itself must catch what CloudFront would refuse or what
	// would leave the function's sandbox.
	for _, bad := range []string{
		`function handler(event) { return fetch('https://example.com'); }`,
		`function handler(event) { var r = new XMLHttpRequest(); return event.request; }`,
		`function handler(event) { var h = require('http'); return event.request; }`,
		`function handler(event) { setTimeout(function () {}, 1); return event.request; }`,
		`function handler(event) { return eval('event.request'); }`,
		`async function handler(event) { return event.request; }`,
		`function* handler(event) { yield event.request; }`,
		`class A {} function handler(event) { return event.request; }`,
		`function handler(event) { return import('x'); }`,
		`function handle(event) { return event.request; }`,
		`function handler(event) { return event.request`,
	} {
		if len(checkCloudFrontJS(bad)) == 0 {
			t.Errorf("checker accepted %s", bad)
		}
	}
}

// allowedNodes is the syntax the function may use: ECMAScript 5.1
// statements and expressions, all within cloudfront-js-2.0's documented
// support (ES 5.1 plus parts of ES 6-12). No classes, generators, async
// functions, modules, new, with, or template literals.
var allowedNodes = map[string]bool{
	"Program": true, "VariableStatement": true, "VariableDeclaration": true, "Binding": true,
	"Identifier": true, "StringLiteral": true, "NumberLiteral": true, "BooleanLiteral": true,
	"NullLiteral": true, "RegExpLiteral": true, "ObjectLiteral": true, "PropertyKeyed": true,
	"ArrayLiteral": true, "FunctionDeclaration": true, "FunctionLiteral": true, "ParameterList": true,
	"BlockStatement": true, "ExpressionStatement": true, "ReturnStatement": true, "IfStatement": true,
	"ForStatement": true, "ForInStatement": true, "ForLoopInitializerVarDeclList": true,
	"ForIntoVar": true, "TryStatement": true, "CatchStatement": true, "CallExpression": true,
	"DotExpression": true, "BracketExpression": true, "BinaryExpression": true,
	"UnaryExpression": true, "AssignExpression": true, "ConditionalExpression": true,
}

// forbiddenNames are globals that would reach the network, the clock, other
// code, or a host API: CloudFront Functions offer none of them.
var forbiddenNames = map[string]bool{
	"fetch": true, "XMLHttpRequest": true, "WebSocket": true, "require": true, "import": true,
	"eval": true, "Function": true, "setTimeout": true, "setInterval": true, "setImmediate": true,
	"queueMicrotask": true, "process": true, "globalThis": true, "Promise": true,
}

// checkCloudFrontJS parses code and lists everything outside the subset.
func checkCloudFrontJS(code string) []string {
	prog, err := parser.ParseFile(nil, ViewerRequestFile, code, 0)
	if err != nil {
		return []string{err.Error()}
	}
	var problems []string
	handler := false
	for _, st := range prog.Body {
		if fd, ok := st.(*ast.FunctionDeclaration); ok && fd.Function.Name.Name == "handler" && len(fd.Function.ParameterList.List) == 1 {
			handler = true
		}
	}
	if !handler {
		problems = append(problems, "no top-level function handler(event)")
	}
	nodeType := reflect.TypeFor[ast.Node]()
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Interface, reflect.Pointer:
			if v.IsNil() {
				return
			}
			if v.Type().Implements(nodeType) && v.Kind() == reflect.Pointer {
				name := v.Elem().Type().Name()
				if !allowedNodes[name] {
					problems = append(problems, "unsupported syntax: "+name)
				}
				switch n := v.Interface().(type) {
				case *ast.Identifier:
					if forbiddenNames[n.Name.String()] {
						problems = append(problems, "forbidden global: "+n.Name.String())
					}
				case *ast.FunctionLiteral:
					if n.Async || n.Generator {
						problems = append(problems, "async function or generator")
					}
				}
			}
			walk(v.Elem())
		case reflect.Struct:
			if v.Type().PkgPath() != reflect.TypeFor[ast.Program]().PkgPath() {
				return // file positions and the like
			}
			for i := range v.NumField() {
				walk(v.Field(i))
			}
		case reflect.Slice:
			for i := range v.Len() {
				walk(v.Index(i))
			}
		}
	}
	walk(reflect.ValueOf(prog))
	return problems
}
