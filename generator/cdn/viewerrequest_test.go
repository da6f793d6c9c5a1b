package cdn

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/parser"

	"github.com/vozia/site/internal/routing"
)

// routingTable is testdata/routing/cases.json, the request cases every
// implementation of the routing manifest must answer alike.
type routingTable struct {
	Site     tableSite     `json:"site"`
	Cases    []routingCase `json:"cases"`
	Previews struct {
		Host     string               `json:"host"`
		Domain   string               `json:"domain"`
		NotFound string               `json:"notFound"`
		Bucket   map[string]string    `json:"bucket"`
		Sites    map[string]tableSite `json:"sites"`
	} `json:"previews"`
	HostCases []routingCase `json:"hostCases"`
}

type tableSite struct {
	Files    map[string]string `json:"files"`
	Manifest routing.Manifest  `json:"manifest"`
}

type routingCase struct {
	Name     string  `json:"name"`
	Host     string  `json:"host"`
	Path     string  `json:"path"`
	Status   int     `json:"status"`
	Location *string `json:"location"`
	Body     *string `json:"body"`
	// Headers are response headers the answer must carry (by lower-case
	// name), null for one it must not.
	Headers map[string]*string `json:"headers"`
}

type answer struct {
	Status   int               `json:"status"`
	Location *string           `json:"location"`
	Body     string            `json:"body"`
	Headers  map[string]string `json:"headers"`
	Error    string            `json:"error"`
}

// edge is a distribution as testdata/cloudfront.mjs runs it: its viewer
// request function (and viewer response function, if any), its key value
// store, its bucket and the error page of a missing key.
type edge struct {
	request, response []byte
	kvs               map[string]string
	files             map[string]string
	notFound          string
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

// runAtEdge runs the generated functions in Node as CloudFront would (see
// testdata/cloudfront.mjs) and returns the answer to each request.
func runAtEdge(t *testing.T, e edge, mode string, cases []routingCase) []answer {
	t.Helper()
	dir := t.TempDir()
	type request struct {
		Host string `json:"host,omitempty"`
		Path string `json:"path"`
	}
	var requests []request
	for _, c := range cases {
		requests = append(requests, request{c.Host, c.Path})
	}
	in := filepath.Join(dir, "input.json")
	input, _ := json.Marshal(map[string]any{"mode": mode, "files": e.files, "notFound": e.notFound, "requests": requests, "kvs": e.kvs})
	args := []string{"testdata/cloudfront.mjs", filepath.Join(dir, "request.js"), in}
	files := map[string][]byte{"request.js": e.request, "input.json": input}
	if e.response != nil {
		args = append(args, filepath.Join(dir, "response.js"))
		files["response.js"] = e.response
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out, err := exec.Command("node", args...).Output()
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

func checkCases(t *testing.T, e edge, cases []routingCase) {
	t.Helper()
	// CloudFront passes the URI and query as the viewer spelled them; the
	// function must be right, and never open, if it ever got them decoded.
	for _, mode := range []string{"encoded", "decoded"} {
		answers := runAtEdge(t, e, mode, cases)
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
				for name, want := range c.Headers {
					v, ok := got.Headers[name]
					switch {
					case want == nil && ok:
						t.Errorf("%s: %s: %q, want none", c.Path, name, v)
					case want != nil && v != *want:
						t.Errorf("%s: %s: %q, want %q", c.Path, name, v, *want)
					}
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
	checkCases(t, edge{request: code, files: tab.Site.Files, notFound: tab.Site.Manifest.NotFound.File}, tab.Cases)
}

// TestViewerRequestEdgeCases: what only the CDN has to get right, since
// cmd/serve gets it from net/http: escapes in paths and queries, repeated
// parameters, and a file that a rewrite would otherwise shadow.
func TestViewerRequestEdgeCases(t *testing.T) {
	tab := loadRoutingTable(t)
	files := map[string]string{"help/guide/index.html": "guide", "caf\u00e9/index.html": "cafe"}
	for k, v := range tab.Site.Files {
		files[k] = v
	}
	code, err := ViewerRequest(&tab.Site.Manifest, fileList(files))
	if err != nil {
		t.Fatal(err)
	}
	s := func(v string) *string { return &v }
	checkCases(t, edge{request: code, files: files, notFound: tab.Site.Manifest.NotFound.File}, []routingCase{
		{Name: "escaped path", Path: "/caf%C3%A9", Status: 200, Body: s("cafe")},
		{Name: "escaped path, trailing slash", Path: "/caf%C3%A9/", Status: 301, Location: s("/caf%C3%A9")},
		{Name: "escaped query value kept", Path: "/platform/?q=%E5%AE%B6", Status: 301, Location: s("/platform?q=%E5%AE%B6")},
		{Name: "escaped ampersand stays in its value", Path: "/blog?q=a%26b&c=d", Status: 301, Location: s("/resources?q=a%26b&c=d")},
		{Name: "space in a value", Path: "/blog?q=a%20b", Status: 301, Location: s("/resources?q=a%20b")},
		{Name: "repeated parameter", Path: "/platform/?a=1&a=2&b", Status: 301, Location: s("/platform?a=1&a=2&b")},
		{Name: "invalid escape", Path: "/%E0%A4%A/", Status: 404, Body: s("not found")},
		{Name: "encoded NUL", Path: "/platform%00/", Status: 404, Body: s("not found")},
		{Name: "file below a rewrite", Path: "/help/guide", Status: 200, Body: s("guide")},
		{Name: "rewrite still applies beside it", Path: "/help/other", Status: 200, Body: s("help")},
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
	if problems := checkCloudFrontJS(string(code), false); len(problems) > 0 {
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
		if len(checkCloudFrontJS(bad, false)) == 0 {
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
// A function that reads the key value store (kvs) must import the
// 'cloudfront' module on its first line, and may await its reads in an
// async handler; nothing else may be async.
func checkCloudFrontJS(code string, kvs bool) []string {
	if kvs {
		var ok bool
		if code, ok = strings.CutPrefix(code, "import cf from 'cloudfront';\n"); !ok {
			return []string{"no import of the 'cloudfront' module on the first line"}
		}
	}
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
				if !allowedNodes[name] && !(kvs && name == "AwaitExpression") {
					problems = append(problems, "unsupported syntax: "+name)
				}
				switch n := v.Interface().(type) {
				case *ast.Identifier:
					if forbiddenNames[n.Name.String()] {
						problems = append(problems, "forbidden global: "+n.Name.String())
					}
				case *ast.FunctionLiteral:
					if (n.Async && !kvs) || n.Generator {
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

// TestPreviewHostCases: the shared table's cases with hosts, answered as
// the two distributions would: the production host by the production
// function, every other host by the previews' functions, reading each
// preview's table (written by PreviewKeys from its manifest) from the key
// value store. All files sit in one bucket, production's at its root, so
// that a case proves a preview never reaches another's files or
// production's, nor production a preview's.
func TestPreviewHostCases(t *testing.T) {
	tab := loadRoutingTable(t)
	pv := tab.Previews
	if len(tab.HostCases) == 0 || len(pv.Sites) < 2 {
		t.Fatal("cases.json: no host cases, or fewer than two previews")
	}
	bucket := map[string]string{}
	for k, v := range tab.Site.Files {
		bucket[k] = v
	}
	for k, v := range pv.Bucket {
		bucket[k] = v
	}
	kvs := map[string]string{}
	for n, site := range pv.Sites {
		pr, err := strconv.Atoi(n)
		if err != nil {
			t.Fatal(err)
		}
		for k, v := range site.Files {
			bucket["pr-"+n+"/"+k] = v
		}
		data, err := PreviewKeys(pr, &site.Manifest, fileList(site.Files))
		if err != nil {
			t.Fatal(err)
		}
		var keys struct{ Data []struct{ Key, Value string } }
		if err := json.Unmarshal(data, &keys); err != nil {
			t.Fatal(err)
		}
		for _, e := range keys.Data {
			kvs[e.Key] = e.Value
		}
	}
	production, err := ViewerRequest(&tab.Site.Manifest, fileList(tab.Site.Files))
	if err != nil {
		t.Fatal(err)
	}
	request, response := previewFunctions(t, pv.Domain)
	var own, previews []routingCase
	for _, c := range tab.HostCases {
		if c.Host == pv.Host {
			own = append(own, c)
		} else {
			previews = append(previews, c)
		}
	}
	t.Run("production", func(t *testing.T) {
		checkCases(t, edge{request: production, files: bucket, notFound: tab.Site.Manifest.NotFound.File}, own)
	})
	t.Run("previews", func(t *testing.T) {
		checkCases(t, edge{request: request, response: response, kvs: kvs, files: bucket, notFound: pv.NotFound}, previews)
	})
}

// TestPreviewHostileTableStaysInItsPrefix: a pull request that changes
// the build writes whatever table it likes under its own keys (the deploy
// job checks the keys' names, not what they hold). Whatever its rewrites
// and not-found file say, a request for its preview reads no key outside
// its own prefix: not the other preview's files, nor those at the root.
func TestPreviewHostileTableStaysInItsPrefix(t *testing.T) {
	request, response := previewFunctions(t, "preview.vozia.example")
	var hostile previewTable
	hostile.Slash = true
	hostile.Redirects = map[string][2]any{}
	hostile.Files = map[string]int{}
	hostile.Headers = map[string]string{}
	for i, to := range []string{
		"/../pr-2/secret.html", "/%2e%2e/pr-2/secret.html", "/%2E%2E%2Fpr-2%2Fsecret.html", "/../../index.html",
		"/./../pr-2/secret.html", "/..\\pr-2\\secret.html", "/%2e%2e%5cpr-2%5csecret.html", "/..%00/pr-2/secret.html",
	} {
		hostile.Rewrites = append(hostile.Rewrites, [2]string{fmt.Sprintf("/r%d/", i), to})
	}
	hostile.Missing = "/../pr-2/secret.html"
	table, err := json.Marshal(hostile)
	if err != nil {
		t.Fatal(err)
	}
	e := edge{
		request: request, response: response, notFound: "/_preview/404.html",
		kvs: map[string]string{"pr-1": "v 1", "pr-1.v.0": string(table)},
		files: map[string]string{
			"pr-1/index.html": "home #1", "pr-2/secret.html": "secret of #2", "index.html": "production",
			"_preview/404.html": "no such page in a preview",
		},
	}
	var cases []routingCase
	for i := range hostile.Rewrites {
		cases = append(cases, routingCase{Host: "pr-1.preview.vozia.example", Path: fmt.Sprintf("/r%d/page", i)})
	}
	// The not-found file, reached by a path the function refuses.
	cases = append(cases, routingCase{Host: "pr-1.preview.vozia.example", Path: "/%2e%2e/x"}, routingCase{Host: "pr-1.preview.vozia.example", Path: "/"})
	for _, mode := range []string{"encoded", "decoded"} {
		answers := runAtEdge(t, e, mode, cases)
		for i, a := range answers[:len(answers)-1] {
			if a.Error != "" || a.Status != 404 || a.Body != "no such page in a preview" {
				t.Errorf("%s: %s%s = %d %q %s, want the previews' 404", mode, cases[i].Host, cases[i].Path, a.Status, a.Body, a.Error)
			}
		}
		// The preview itself still answers.
		if a := answers[len(answers)-1]; a.Status != 200 || a.Body != "home #1" {
			t.Errorf("%s: the preview's home = %d %q, want its page", mode, a.Status, a.Body)
		}
	}
}

// TestPreviewTableSetsOnlyABuildsHeaders: a pull request's table may
// carry any header its build writes. Every preview shares one parent
// domain, so a cookie set for it, a CORS grant or a Location of its own
// would reach beyond the pull request's own pages: the response function
// drops every name but the security headers a build gives, and still
// says noindex.
func TestPreviewTableSetsOnlyABuildsHeaders(t *testing.T) {
	request, response := previewFunctions(t, "preview.vozia.example")
	table, err := json.Marshal(previewTable{
		rules: rules{Slash: true, Redirects: map[string][2]any{}, Rewrites: [][2]string{}, Files: map[string]int{"/index.html": 1}},
		Headers: map[string]string{
			"Content-Security-Policy":     "default-src 'self'",
			"Set-Cookie":                  "session=stolen; Domain=preview.vozia.example",
			"Access-Control-Allow-Origin": "*",
			"Location":                    "https://evil.example/",
			"X-Robots-Tag":                "all",
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	e := edge{
		request: request, response: response, notFound: "/_preview/404.html",
		kvs:   map[string]string{"pr-1": "v 1", "pr-1.v.0": string(table)},
		files: map[string]string{"pr-1/index.html": "home #1", "_preview/404.html": "no such page in a preview"},
	}
	for _, mode := range []string{"encoded", "decoded"} {
		a := runAtEdge(t, e, mode, []routingCase{{Host: "pr-1.preview.vozia.example", Path: "/"}})[0]
		if a.Status != 200 || a.Body != "home #1" {
			t.Fatalf("%s: the preview's home = %d %q %s", mode, a.Status, a.Body, a.Error)
		}
		if got := a.Headers["content-security-policy"]; got != "default-src 'self'" {
			t.Errorf("%s: the table's own Content-Security-Policy = %q, want it sent", mode, got)
		}
		for _, name := range []string{"set-cookie", "access-control-allow-origin", "location"} {
			if v, ok := a.Headers[name]; ok {
				t.Errorf("%s: the table set %s: %q", mode, name, v)
			}
		}
		if got := a.Headers["x-robots-tag"]; got != "noindex" {
			t.Errorf("%s: X-Robots-Tag = %q, want noindex whatever the table says", mode, got)
		}
	}
}

// previewFunctions are the previews' functions with their domain filled
// in, as the previews' stack does.
func previewFunctions(t *testing.T, domain string) (request, response []byte) {
	t.Helper()
	request, response, err := PreviewFunctions()
	if err != nil {
		t.Fatal(err)
	}
	fill := func(code []byte) []byte {
		if !bytes.Contains(code, []byte(previewDomainPlaceholder)) {
			t.Fatalf("no %s in\n%s", previewDomainPlaceholder, code)
		}
		q, _ := json.Marshal(domain)
		return bytes.Replace(code, []byte(previewDomainPlaceholder), q, 1)
	}
	return fill(request), fill(response)
}

// previewDomainPlaceholder is what deploy/lib/preview-stack.ts replaces
// (DOMAIN_PLACEHOLDER).
const previewDomainPlaceholder = "/*DOMAIN*/''"

// TestPreviewFunctionsWithinCloudFrontLimits: the previews' functions fit
// CloudFront Functions' limits as the production one does, reading the key
// value store as cloudfront-js-2.0 offers it, and nothing else.
func TestPreviewFunctionsWithinCloudFrontLimits(t *testing.T) {
	request, response := previewFunctions(t, "preview.vozia.example")
	for name, code := range map[string][]byte{PreviewRequestFile: request, PreviewResponseFile: response} {
		if len(code) > MaxViewerRequestSize {
			t.Errorf("%s is %d bytes, over %d", name, len(code), MaxViewerRequestSize)
		}
		if problems := checkCloudFrontJS(string(code), true); len(problems) > 0 {
			t.Errorf("%s:\n%s", name, strings.Join(problems, "\n"))
		}
	}
	for _, bad := range []string{
		"async function handler(event) { return event.request; }",
		"import cf from 'cloudfront';\nfunction* handler(event) { yield event.request; }",
		"import cf from 'cloudfront';\nasync function handler(event) { return fetch('https://example.com'); }",
	} {
		if len(checkCloudFrontJS(bad, true)) == 0 {
			t.Errorf("checker accepted %s", bad)
		}
	}
}

// TestPreviewKeys: a preview's table is cut into pieces the key value
// store holds (ASCII, 1 KB at most, under the pull request's own keys),
// written before the head that names them, and reassembles to the rules
// and headers of its manifest, Cache-Control left to the files.
func TestPreviewKeys(t *testing.T) {
	tab := loadRoutingTable(t)
	m := tab.Site.Manifest
	// Enough redirects for several pieces, and a file name that is not ASCII.
	for i := range 60 {
		m.Redirects = append(m.Redirects, routing.Redirect{From: fmt.Sprintf("/old/page-%d", i), To: "/resources", Status: 301})
	}
	files := append(fileList(tab.Site.Files), "help/caf\u00e9/index.html")
	data, err := PreviewKeys(7, &m, files)
	if err != nil {
		t.Fatal(err)
	}
	var keys struct{ Data []struct{ Key, Value string } }
	if err := json.Unmarshal(data, &keys); err != nil {
		t.Fatal(err)
	}
	n := len(keys.Data)
	if n < 3 {
		t.Fatalf("%d keys, want a head and several pieces", n)
	}
	head := keys.Data[n-1]
	version, count, _ := strings.Cut(head.Value, " ")
	if head.Key != "pr-7" || count != strconv.Itoa(n-1) {
		t.Fatalf("last key %q = %q, want the head pr-7 = \"<version> %d\"", head.Key, head.Value, n-1)
	}
	var joined strings.Builder
	for i, e := range keys.Data[:n-1] {
		if want := fmt.Sprintf("pr-7.%s.%d", version, i); e.Key != want {
			t.Errorf("piece %d is %q, want %q", i, e.Key, want)
		}
		if len(e.Value) > PreviewPieceSize {
			t.Errorf("%s: %d bytes, over the store's %d", e.Key, len(e.Value), PreviewPieceSize)
		}
		for _, r := range e.Value {
			if r >= 0x80 {
				t.Errorf("%s: not ASCII (%q)", e.Key, r)
				break
			}
		}
		joined.WriteString(e.Value)
	}
	var got struct {
		Redirects map[string][2]any `json:"redirects"`
		Files     map[string]int    `json:"files"`
		Headers   map[string]string `json:"headers"`
	}
	if err := json.Unmarshal([]byte(joined.String()), &got); err != nil {
		t.Fatalf("the pieces do not make the table: %v", err)
	}
	if len(got.Redirects) != len(m.Redirects) || got.Files["/help/caf\u00e9"] != 1 {
		t.Errorf("table: %d redirects (want %d), files %v", len(got.Redirects), len(m.Redirects), got.Files)
	}
	if got.Headers["X-Content-Type-Options"] != "nosniff" || got.Headers["Cache-Control"] != "" {
		t.Errorf("headers %v: want the manifest's, without Cache-Control", got.Headers)
	}

	t.Run("a changed table is a new version", func(t *testing.T) {
		m2 := m
		m2.Redirects = append(slices.Clone(m.Redirects), routing.Redirect{From: "/newer", To: "/", Status: 301})
		other, err := PreviewKeys(7, &m2, files)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(other, []byte(`"pr-7.`+version+`.0"`)) {
			t.Error("a changed table kept its version: a reader could mix two tables")
		}
	})
	t.Run("a table too big for a function to read is a build error", func(t *testing.T) {
		big := m
		for i := range 400 {
			big.Redirects = append(big.Redirects, routing.Redirect{From: fmt.Sprintf("/older/page-%d", i), To: "/resources", Status: 301})
		}
		if _, err := PreviewKeys(7, &big, files); err == nil || !strings.Contains(err.Error(), "pieces") {
			t.Errorf("a 460-redirect table gave %v, want the pieces error", err)
		}
	})
}
