// Package emulator runs the programs that stand in for AWS's APIs on this
// machine, for the tests and the stack's rehearsal (tools/rehearse/stack):
// aws-ses-v2-local, goaws, dynalite, gofakes3, the Lambda runtime interface
// emulator. Each runs on a loopback port of its own, found free and handed
// to the program, is ready once its probe answers (polled, within
// StartTimeout) and the port's listener is the program's own, and is
// stopped by killing it.
//
// A port found free can be taken before the program binds it. Then the
// program exits, but the probe may first get an answer from whoever took
// the port: a stand-up once sent DynamoDB's calls to goaws, started beside
// dynalite on the same port, and read "Bad Request". So FreePort does not
// hand out again a port it handed out lately, readiness asks the kernel
// whose listener answered (Linux's /proc), and a try that lost its port
// is retried on another, three tries in all.
//
// It is test support: no program ships with it.
package emulator

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// StartTimeout bounds a program's start-up, not an assertion on speed:
// node and the Go emulators start in well under a second here, and a
// loaded machine gets much longer.
const StartTimeout = 60 * time.Second

// Proc is a program running until stopped.
type Proc struct {
	Name string
	// Base is its HTTP address, http://127.0.0.1:port.
	Base string
	Port int

	cmd  *exec.Cmd
	out  *syncBuffer
	done chan struct{}
}

// Stop ends the process and waits for it.
func (p *Proc) Stop() {
	if p == nil || p.cmd.Process == nil {
		return
	}
	select {
	case <-p.done:
	default:
		p.cmd.Process.Kill()
		<-p.done
	}
}

// Log is what it printed.
func (p *Proc) Log() string { return p.out.String() }

// Exited reports whether it has ended.
func (p *Proc) Exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// Start runs the program command(port) names, with env (nil: this
// process's), until ready answers true for its base URL and the program
// holds the port's listener, trying three free ports. On failure it
// returns what the last try printed.
func Start(ctx context.Context, name string, env []string, command func(port int) []string, ready func(base string) bool) (*Proc, error) {
	return StartPorts(ctx, name, env, 1, func(ports []int) []string { return command(ports[0]) }, ready)
}

// StartPorts is Start for a program that listens on n ports: command is
// handed n free ones, ready probes the first (the Proc's Port and Base),
// and the program is ready only once it holds every one of them, since no
// probe reaches the others.
func StartPorts(ctx context.Context, name string, env []string, n int, command func(ports []int) []string, ready func(base string) bool) (*Proc, error) {
	var last string
	for range 3 {
		ports := make([]int, n)
		for i := range ports {
			port, err := FreePort()
			if err != nil {
				return nil, err
			}
			ports[i] = port
		}
		args := command(ports)
		p := &Proc{Name: name, out: &syncBuffer{}, done: make(chan struct{}), Port: ports[0], Base: "http://127.0.0.1:" + strconv.Itoa(ports[0])}
		p.cmd = exec.Command(args[0], args[1:]...)
		p.cmd.Env = env
		p.cmd.Stdout, p.cmd.Stderr = p.out, p.out
		if err := p.cmd.Start(); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		go func() { p.cmd.Wait(); close(p.done) }()
		deadline := time.Now().Add(StartTimeout)
		lost := -1
		for time.Now().Before(deadline) && !p.Exited() && ctx.Err() == nil {
			if ready(p.Base) {
				lost = slices.IndexFunc(ports, func(port int) bool { return !listens(p.cmd.Process.Pid, port) })
				if lost < 0 {
					return p, nil
				}
				// Another process holds a port this one was told to
				// use: this try has lost it.
				break
			}
			time.Sleep(50 * time.Millisecond)
		}
		// Whether it was still running is known only before Stop ends it.
		silent := !p.Exited()
		p.Stop()
		last = p.Log()
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		switch {
		case lost >= 0:
			last += fmt.Sprintf("\n(port %d was another process's)", ports[lost])
		case silent:
			last += fmt.Sprintf("\n(no answer within %v)", StartTimeout)
		}
	}
	return nil, fmt.Errorf("%s did not start:\n%s", name, last)
}

// Answers is a readiness probe: any HTTP answer at all to a GET of path.
func Answers(path string) func(string) bool {
	c := &http.Client{Timeout: 2 * time.Second}
	return func(base string) bool {
		res, err := c.Get(base + path)
		if err != nil {
			return false
		}
		res.Body.Close()
		return true
	}
}

// SESLocalCLI is aws-ses-v2-local's command, below the repository root, as
// make contact-deps installs it (npm, from that folder's lock file).
const SESLocalCLI = "functions/contact/testdata/ses-local/node_modules/aws-ses-v2-local/dist/cli.js"

// SESLocal runs aws-ses-v2-local, the local SES v2 API, with Node: point
// the AWS SDK at its Base with AWS_ENDPOINT_URL_SESV2. GET /store lists
// the mails it took, GET /get-emlContent?messageId=ID one as raw RFC 5322.
func SESLocal(ctx context.Context, cli string) (*Proc, error) {
	return Start(ctx, "aws-ses-v2-local (SES)", nil, func(port int) []string {
		return []string{"node", cli, "--host", "127.0.0.1", "--port", strconv.Itoa(port)}
	}, Answers("/health-check"))
}

// S3 runs gofakes3 (bin: make rehearse-deps builds it) in memory: an S3
// API at Base, which takes requests unsigned and path-style.
func S3(ctx context.Context, bin string) (*Proc, error) {
	return Start(ctx, "gofakes3 (S3)", nil, func(port int) []string {
		return []string{bin, "-host", "127.0.0.1:" + strconv.Itoa(port), "-backend", "memory", "-quiet"}
	}, Answers("/"))
}

// FreePort finds a loopback port free now, for a program that binds it
// itself (so another process may take it in between), and not one of the
// last RecentPorts it returned in this process: the kernel may hand the
// same free port to two callers in a row, and emulators start side by
// side. (Not "never": a long test run would use up the range.)
func FreePort() (int, error) {
	recent.Lock()
	defer recent.Unlock()
	for range 100 {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return 0, err
		}
		port := l.Addr().(*net.TCPAddr).Port
		l.Close()
		if !slices.Contains(recent.ports, port) {
			if len(recent.ports) == RecentPorts {
				recent.ports = recent.ports[1:]
			}
			recent.ports = append(recent.ports, port)
			return port, nil
		}
	}
	return 0, errors.New("the kernel offers only loopback ports this process handed out just now")
}

// RecentPorts is how many of its last ports FreePort does not repeat:
// far more than start at once, far fewer than the kernel's range.
const RecentPorts = 1024

var recent struct {
	sync.Mutex
	ports []int
}

// listens reports whether process pid holds a listening TCP socket on
// port: the kernel's socket tables name the socket, and the process's
// file descriptors name the sockets it holds. Where there is no /proc
// (not Linux) it cannot tell, and says yes: the probe alone decides.
func listens(pid, port int) bool {
	inodes := map[string]bool{}
	readable := false
	for _, table := range []string{"/proc/net/tcp", "/proc/net/tcp6"} {
		b, err := os.ReadFile(table)
		if err != nil {
			continue
		}
		readable = true
		for _, line := range strings.Split(string(b), "\n")[1:] {
			f := strings.Fields(line)
			// sl local_address rem_address st ... uid timeout inode
			if len(f) < 10 || f[3] != "0A" { // 0A: LISTEN
				continue
			}
			_, hexPort, ok := strings.Cut(f[1], ":")
			if p, err := strconv.ParseUint(hexPort, 16, 16); ok && err == nil && int(p) == port {
				inodes["socket:["+f[9]+"]"] = true
			}
		}
	}
	if !readable {
		return true
	}
	fds, err := os.ReadDir(fmt.Sprintf("/proc/%d/fd", pid))
	if err != nil {
		return false
	}
	for _, fd := range fds {
		if target, err := os.Readlink(fmt.Sprintf("/proc/%d/fd/%s", pid, fd.Name())); err == nil && inodes[target] {
			return true
		}
	}
	return false
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
