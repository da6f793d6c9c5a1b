package emulator

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"
)

// The test binary is the program Start runs: it serves on the address it
// is given, or fails at once, as its environment says.
func TestMain(m *testing.M) {
	if addr := os.Getenv("EMULATOR_TEST_SERVE"); addr != "" {
		http.ListenAndServe(addr, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "up") }))
		os.Exit(1)
	}
	if os.Getenv("EMULATOR_TEST_FAIL") != "" {
		fmt.Println("refusing to start, on purpose")
		os.Exit(3)
	}
	os.Exit(m.Run())
}

func TestStartWaitsUntilReadyAndStopKills(t *testing.T) {
	p, err := Start(context.Background(), "server", nil, func(port int) []string {
		t.Setenv("EMULATOR_TEST_SERVE", "127.0.0.1:"+strconv.Itoa(port))
		return []string{os.Args[0]}
	}, Answers("/"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := http.Get(p.Base + "/")
	if err != nil {
		t.Fatalf("started, yet %s does not answer: %v", p.Base, err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if string(body) != "up" || p.Exited() {
		t.Errorf("answer %q, exited %v; want up and running", body, p.Exited())
	}
	// This process's own listener is not the program's.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	pid, other := p.cmd.Process.Pid, ln.Addr().(*net.TCPAddr).Port
	if !listens(pid, p.Port) || listens(pid, other) {
		t.Errorf("holds its port %v, another's %v; want true, false", listens(pid, p.Port), listens(pid, other))
	}
	p.Stop()
	if !p.Exited() {
		t.Error("still running after Stop")
	}
	p.Stop() // twice is harmless
}

// A program that exits at once is reported with what it printed, after
// three tries, without waiting out the start-up bound.
func TestStartReportsAProgramThatExits(t *testing.T) {
	t.Setenv("EMULATOR_TEST_FAIL", "1")
	tries := 0
	_, err := Start(context.Background(), "broken", nil, func(int) []string {
		tries++
		return []string{os.Args[0]}
	}, Answers("/"))
	if err == nil || !strings.Contains(err.Error(), "broken did not start") || !strings.Contains(err.Error(), "refusing to start, on purpose") {
		t.Errorf("error %v; want one naming the program and quoting its output", err)
	}
	if tries != 3 {
		t.Errorf("%d tries; want 3", tries)
	}
}

// Another process takes the port between FreePort and the program's bind:
// the program fails to bind, but the probe gets the other's answer first.
// Start must not take that answer for the program's: it retries on another
// port, and the Proc it returns is the program's.
func TestStartRejectsAnotherProcessOnItsPort(t *testing.T) {
	tries := 0
	p, err := Start(context.Background(), "server", nil, func(port int) []string {
		tries++
		if tries == 1 {
			ln, err := net.Listen("tcp", "127.0.0.1:"+strconv.Itoa(port))
			if err != nil {
				t.Fatal(err)
			}
			impostor := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				http.Error(w, "Bad Request", http.StatusBadRequest)
			})}
			go impostor.Serve(ln)
			t.Cleanup(func() { impostor.Close() })
		}
		t.Setenv("EMULATOR_TEST_SERVE", "127.0.0.1:"+strconv.Itoa(port))
		return []string{os.Args[0]}
	}, Answers("/"))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Stop()
	res, err := http.Get(p.Base + "/")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if string(body) != "up" {
		t.Errorf("%s answers %q; want the program's own answer, up", p.Base, body)
	}
	if tries != 2 {
		t.Errorf("%d tries; want 2: the lost port, then a free one", tries)
	}
}

// Emulators start side by side, each asking FreePort for a port; the
// kernel may give two callers in a row the same free port (among 1,000
// calls, dozens of times).
func TestFreePortDoesNotRepeatARecentPort(t *testing.T) {
	seen := map[int]bool{}
	for range RecentPorts {
		port, err := FreePort()
		if err != nil {
			t.Fatal(err)
		}
		if seen[port] {
			t.Fatalf("port %d handed out twice", port)
		}
		seen[port] = true
	}
}
