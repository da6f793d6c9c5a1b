package devserver

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// routingTable is testdata/routing/cases.json: the request cases every
// implementation of the routing rules must answer alike (this server and
// the CDN's function).
type routingTable struct {
	Site struct {
		Files    map[string]string `json:"files"`
		Manifest json.RawMessage   `json:"manifest"`
	} `json:"site"`
	Cases []struct {
		Name   string `json:"name"`
		Path   string `json:"path"`
		Status int    `json:"status"`
		Body   *string
		// Location is absent when the case says nothing about it, and the
		// JSON null when the answer must carry no Location at all.
		Location json.RawMessage `json:"location"`
	} `json:"cases"`
}

func loadRoutingTable(t *testing.T) *routingTable {
	t.Helper()
	data, err := os.ReadFile("../../testdata/routing/cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var rt routingTable
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&rt); err != nil {
		t.Fatalf("cases.json: %v", err)
	}
	if len(rt.Cases) == 0 {
		t.Fatal("cases.json has no cases")
	}
	return &rt
}

// writeTableSite writes the table's fixture site and manifest as a build
// would: the site at root/site, the manifest at root/cdn/routes.json.
func writeTableSite(t *testing.T, rt *routingTable) string {
	t.Helper()
	root := t.TempDir()
	files := map[string][]byte{"cdn/routes.json": rt.Site.Manifest}
	for p, s := range rt.Site.Files {
		files["site/"+p] = []byte(s)
	}
	for p, data := range files {
		f := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(root, "site")
}

// rawGet sends method and target exactly as written, on a fresh TCP
// connection, the way an attacker's tool does: no client library gets to
// clean or re-encode the path first.
func rawGet(t *testing.T, addr, method, target string) (*http.Response, []byte) {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(30 * time.Second))
	fmt.Fprintf(c, "%s %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n", method, target, addr)
	res, err := http.ReadResponse(bufio.NewReader(c), &http.Request{Method: method})
	if err != nil {
		t.Fatalf("%s %s: %v", method, target, err)
	}
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatalf("%s %s: reading the body: %v", method, target, err)
	}
	return res, body
}

// sameOriginLocation reports whether a browser can only read loc as a path
// on this site: exactly one '/' and then anything but another slash or a
// backslash (which browsers read as a slash), and no control character
// (which browsers strip, so "/\t/evil" would become "//evil").
func sameOriginLocation(loc string) bool {
	if loc == "/" {
		return true
	}
	if len(loc) < 2 || loc[0] != '/' || loc[1] == '/' || loc[1] == '\\' {
		return false
	}
	return !strings.ContainsFunc(loc, func(r rune) bool { return r < 0x20 || r == 0x7f })
}

// tableServer serves the shared table's fixture site with the whole server
// on a loopback port, for the life of the test, and returns the table and
// the server's address.
func tableServer(t *testing.T) (*routingTable, string) {
	t.Helper()
	rt := loadRoutingTable(t)
	h, err := New(context.Background(), Options{Dir: writeTableSite(t, rt)})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return rt, srv.Listener.Addr().String()
}

// TestRoutingTable runs every case of the shared routing table against the
// whole server over real TCP, so that whatever the HTTP stack does to a
// path before the routing rules see it (cleaning, redirecting, decoding) is
// part of what is tested.
func TestRoutingTable(t *testing.T) {
	rt, addr := tableServer(t)

	for _, tc := range rt.Cases {
		t.Run(tc.Name, func(t *testing.T) {
			res, body := rawGet(t, addr, "GET", tc.Path)
			if res.StatusCode != tc.Status {
				t.Errorf("GET %s: status %d, want %d (Location %q)", tc.Path, res.StatusCode, tc.Status, res.Header.Get("Location"))
			}
			locs := res.Header.Values("Location")
			switch {
			case tc.Location == nil:
			case string(tc.Location) == "null":
				if len(locs) != 0 {
					t.Errorf("GET %s: Location %q, want none", tc.Path, locs)
				}
			default:
				var want string
				if err := json.Unmarshal(tc.Location, &want); err != nil {
					t.Fatalf("case %q: location: %v", tc.Name, err)
				}
				if len(locs) != 1 || locs[0] != want {
					t.Errorf("GET %s: Location %q, want %q", tc.Path, locs, want)
				}
			}
			for _, loc := range locs {
				if !sameOriginLocation(loc) {
					t.Errorf("GET %s: Location %q leaves the site", tc.Path, loc)
				}
			}
			if tc.Body != nil && string(body) != *tc.Body {
				t.Errorf("GET %s: body %q, want %q", tc.Path, body, *tc.Body)
			}
		})
	}
}

// The cases of the shared table hold for HEAD too, minus the body, and no
// other method is ever redirected.
func TestHostilePathsWithOtherMethods(t *testing.T) {
	rt, addr := tableServer(t)
	for _, tc := range rt.Cases {
		t.Run(tc.Name, func(t *testing.T) {
			res, body := rawGet(t, addr, "HEAD", tc.Path)
			if res.StatusCode != tc.Status {
				t.Errorf("HEAD %s: status %d, want %d", tc.Path, res.StatusCode, tc.Status)
			}
			if len(body) != 0 {
				t.Errorf("HEAD %s: a body of %d bytes", tc.Path, len(body))
			}
			for _, loc := range res.Header.Values("Location") {
				if !sameOriginLocation(loc) {
					t.Errorf("HEAD %s: Location %q leaves the site", tc.Path, loc)
				}
			}
			res, _ = rawGet(t, addr, "DELETE", tc.Path)
			if loc := res.Header.Get("Location"); loc != "" || res.StatusCode != http.StatusMethodNotAllowed {
				t.Errorf("DELETE %s: status %d, Location %q; want 405 and none", tc.Path, res.StatusCode, loc)
			}
		})
	}
}

// The server's own endpoints go through the ServeMux, whose clean-up
// redirects must stay on the site too, whatever the path looks like.
func TestEndpointPathVariantsStayOnSite(t *testing.T) {
	_, addr := tableServer(t)
	for _, target := range []string{
		"//api/contact", "/api//contact", "/api/./contact", "/x/../api/contact", "//evil.example/../api/contact",
		"/%2fapi/contact", "/api/contact/", "/api/contact//", "/%5C/api/contact", "/api/contact%2f",
	} {
		for _, method := range []string{"GET", "POST", "OPTIONS"} {
			res, _ := rawGet(t, addr, method, target)
			for _, loc := range res.Header.Values("Location") {
				if !sameOriginLocation(loc) {
					t.Errorf("%s %s: Location %q leaves the site", method, target, loc)
				}
			}
		}
	}
}
