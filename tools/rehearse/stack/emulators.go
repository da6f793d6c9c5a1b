package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"time"
)

// Tools are the emulators' programs, as make rehearse-deps installs them.
type Tools struct {
	// Goaws, RIE and S3 are the Go emulators' binaries.
	Goaws, RIE, S3 string
	// Dynalite and SESLocal are the npm packages' command scripts, run
	// with Node.
	Dynalite, SESLocal string
}

// DefaultTools are the paths make rehearse-deps installs to, below the
// repository root.
func DefaultTools(root string) Tools {
	return Tools{
		Goaws:    filepath.Join(root, "dist/rehearse/bin/goaws"),
		RIE:      filepath.Join(root, "dist/rehearse/bin/aws-lambda-rie"),
		S3:       filepath.Join(root, "dist/rehearse/bin/gofakes3"),
		Dynalite: filepath.Join(root, "tools/rehearse/emulators/node_modules/dynalite/cli.js"),
		SESLocal: filepath.Join(root, "functions/contact/testdata/ses-local/node_modules/aws-ses-v2-local/dist/cli.js"),
	}
}

// Check says which tool is missing, and how to install it.
func (t Tools) Check() error {
	var errs []error
	for _, p := range []string{t.Goaws, t.RIE, t.S3, t.Dynalite, t.SESLocal} {
		if _, err := os.Stat(p); err != nil {
			errs = append(errs, fmt.Errorf("%s is missing: run make rehearse-deps", p))
		}
	}
	if _, err := exec.LookPath("node"); err != nil {
		errs = append(errs, errors.New("node is not installed"))
	}
	return errors.Join(errs...)
}

// proc is an emulator or a function's runtime, running on this machine
// until stopped.
type proc struct {
	name string
	cmd  *exec.Cmd
	out  *syncBuffer
	done chan struct{}
	// Base is its HTTP address, http://127.0.0.1:port.
	Base string
	Port int
}

// Stop ends the process and waits for it.
func (p *proc) Stop() {
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
func (p *proc) Log() string { return p.out.String() }

// exited reports whether it has ended.
func (p *proc) exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// freePort finds a loopback port free now. It is handed to a program that
// binds it itself, so another process may take it in between: start
// retries.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// startTimeout bounds an emulator's start-up: node and the Go emulators
// start in well under a second here; a loaded machine gets much longer.
const startTimeout = 60 * time.Second

// start runs args (with port substituted by command(port)) until ready
// answers true for its base URL, trying three ports.
func start(ctx context.Context, name string, env []string, command func(port int) []string, ready func(base string) bool) (*proc, error) {
	var last string
	for range 3 {
		port, err := freePort()
		if err != nil {
			return nil, err
		}
		args := command(port)
		p := &proc{name: name, out: &syncBuffer{}, done: make(chan struct{}), Port: port, Base: "http://127.0.0.1:" + strconv.Itoa(port)}
		p.cmd = exec.Command(args[0], args[1:]...)
		p.cmd.Env = env
		p.cmd.Stdout, p.cmd.Stderr = p.out, p.out
		if err := p.cmd.Start(); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		go func() { p.cmd.Wait(); close(p.done) }()
		deadline := time.Now().Add(startTimeout)
		for time.Now().Before(deadline) && !p.exited() && ctx.Err() == nil {
			if ready(p.Base) {
				return p, nil
			}
			time.Sleep(50 * time.Millisecond)
		}
		p.Stop()
		last = p.Log()
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
	}
	return nil, fmt.Errorf("%s did not start:\n%s", name, last)
}

// answers is a readiness probe: any HTTP answer at all to a GET of path.
func answers(path string) func(string) bool {
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

// hostEnv is the environment an emulator runs with: the machine's, less
// nothing (they are not the system under test).
func hostEnv() []string { return os.Environ() }

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

// startGoaws runs the SQS emulator with a configuration of its own: no
// queue of its own (the stand-up creates the template's), queue URLs on
// its loopback address.
func startGoaws(ctx context.Context, bin, dir, account string) (*proc, error) {
	return start(ctx, "goaws (SQS)", hostEnv(), func(port int) []string {
		conf := filepath.Join(dir, "goaws.yaml")
		os.WriteFile(conf, fmt.Appendf(nil, `Local:
  Host: 127.0.0.1
  Port: %d
  AccountId: %q
  LogToFile: false
  EnableDuplicates: false
  QueueAttributeDefaults:
    VisibilityTimeout: 30
    ReceiveMessageWaitTimeSeconds: 0
  Queues: []
  Topics: []
`, port, account), 0o644)
		return []string{bin, "-config", conf, "-loglevel", "warn", "Local"}
	}, answers("/health"))
}

// startDynalite runs the DynamoDB emulator, in memory.
func startDynalite(ctx context.Context, cli string) (*proc, error) {
	return start(ctx, "dynalite (DynamoDB)", hostEnv(), func(port int) []string {
		return []string{"node", cli, "--host", "127.0.0.1", "--port", strconv.Itoa(port), "--createTableMs", "0"}
	}, answers("/"))
}

// startSESLocal runs the SES v2 emulator; GET /store lists its mails.
func startSESLocal(ctx context.Context, cli string, port int) (*proc, error) {
	return start(ctx, "aws-ses-v2-local (SES)", hostEnv(), func(p int) []string {
		if port != 0 {
			p = port
		}
		return []string{"node", cli, "--host", "127.0.0.1", "--port", strconv.Itoa(p)}
	}, answers("/health-check"))
}

// startS3 runs the S3 emulator, in memory.
func startS3(ctx context.Context, bin string) (*proc, error) {
	return start(ctx, "gofakes3 (S3)", hostEnv(), func(port int) []string {
		return []string{bin, "-host", "127.0.0.1:" + strconv.Itoa(port), "-backend", "memory", "-quiet"}
	}, answers("/"))
}
