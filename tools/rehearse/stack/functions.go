package main

import (
	"archive/zip"
	"bytes"
	"context"
	"debug/buildinfo"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/vozia/site/internal/testkit/emulator"
)

// Function is one AWS::Lambda::Function of the template, run by the
// Lambda runtime interface emulator.
type Function struct {
	// ID is its logical id; Name the name it runs under here.
	ID, Name string
	// Package is the Go main package its bootstrap was built from (the
	// package's build info).
	Package string
	// Env is its environment exactly as the template sets it, resolved.
	Env map[string]string
	// Timeout and Memory are the template's.
	Timeout time.Duration
	Memory  int
	// Zip is its package in the cloud assembly; Bootstrap the same source
	// built for this machine.
	Zip, Bootstrap string

	rie *emulator.Proc
	// lambdaEnv is what Lambda adds, and the endpoints of the emulators.
	lambdaEnv []string
	rieBin    string
}

// assetBootstrap reads the bootstrap out of a function's package.
func assetBootstrap(zipPath string) ([]byte, error) {
	zr, err := zip.OpenReader(zipPath)
	if err != nil {
		return nil, err
	}
	defer zr.Close()
	for _, f := range zr.File {
		if f.Name == "bootstrap" {
			r, err := f.Open()
			if err != nil {
				return nil, err
			}
			defer r.Close()
			return io.ReadAll(r)
		}
	}
	return nil, fmt.Errorf("%s has no bootstrap", zipPath)
}

// buildForHost builds the Go main package the packaged bootstrap was built
// from, with the build settings its build info records (tags, trimpath,
// ldflags, cgo), for this machine's architecture: the packages are for
// arm64, the runtime here is GOARCH=runtime.GOARCH.
func buildForHost(ctx context.Context, root, packaged, out string) (pkg string, err error) {
	data, err := os.ReadFile(packaged)
	if err != nil {
		return "", err
	}
	bi, err := buildinfo.Read(bytes.NewReader(data))
	if err != nil {
		return "", fmt.Errorf("%s: no Go build info: %w", packaged, err)
	}
	args := []string{"build", "-o", out}
	env := append(os.Environ(), "GOOS=linux", "GOARCH="+runtime.GOARCH)
	for _, s := range bi.Settings {
		switch s.Key {
		case "-tags":
			args = append(args, "-tags", s.Value)
		case "-trimpath":
			if s.Value == "true" {
				args = append(args, "-trimpath")
			}
		case "-ldflags":
			args = append(args, "-ldflags", s.Value)
		case "CGO_ENABLED":
			env = append(env, "CGO_ENABLED="+s.Value)
		}
	}
	args = append(args, bi.Path)
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir, cmd.Env = root, env
	if msg, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go %s: %w\n%s", strings.Join(args, " "), err, msg)
	}
	return bi.Path, nil
}

// envNamesUnread are the names of env that the packaged bootstrap does not
// contain: a variable the template sets and the code never reads (the
// name renamed on one side of the seam only). The names are found in the
// binary as bytes, so a name that is a prefix of another one the code reads
// passes unseen; the start-up invocation catches what this misses when
// the variable is required.
func envNamesUnread(bootstrap []byte, env map[string]string) []string {
	var out []string
	for name := range env {
		if !bytes.Contains(bootstrap, []byte(name)) {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

// Start runs the function under the runtime interface emulator, on its
// own loopback ports, with only its environment (the template's and
// Lambda's), none of this machine's.
func (f *Function) Start(ctx context.Context) error {
	env := append([]string(nil), f.lambdaEnv...)
	for k, v := range f.Env {
		env = append(env, k+"="+v)
	}
	// Two ports: the emulator's own, which the probe reaches, and the
	// runtime API's, which only the function calls.
	p, err := emulator.StartPorts(ctx, "function "+f.ID, env, 2, func(ports []int) []string {
		return []string{f.rieBin, "--log-level", "error",
			"--runtime-interface-emulator-address", "127.0.0.1:" + strconv.Itoa(ports[0]),
			"--runtime-api-address", "127.0.0.1:" + strconv.Itoa(ports[1]), f.Bootstrap}
	}, emulator.Answers("/"))
	if err != nil {
		return err
	}
	f.rie = p
	return nil
}

// Stop ends the function's runtime.
func (f *Function) Stop() { f.rie.Stop() }

// Log is what the function and its runtime printed.
func (f *Function) Log() string {
	if f.rie == nil {
		return ""
	}
	return f.rie.Log()
}

// InvokeError is a function's error: its own, or its runtime's (a failed
// init, a timeout).
type InvokeError struct {
	Function string
	Status   int
	Message  string
	Log      string
}

func (e *InvokeError) Error() string {
	return fmt.Sprintf("function %s failed (%d): %s", e.Function, e.Status, e.Message)
}

// Invoke calls the function with event, as Lambda's Invoke API does,
// through the emulator's invoke endpoint, and decodes its result into out.
func (f *Function) Invoke(ctx context.Context, event, out any) error {
	body, err := json.Marshal(event)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, f.Timeout+30*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, f.rie.Base+"/2015-03-31/functions/function/invocations", bytes.NewReader(body))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return &InvokeError{Function: f.ID, Message: err.Error(), Log: f.Log()}
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	var fnErr struct {
		ErrorMessage string `json:"errorMessage"`
		ErrorType    string `json:"errorType"`
	}
	_ = json.Unmarshal(data, &fnErr)
	if res.StatusCode != http.StatusOK || fnErr.ErrorType != "" || res.Header.Get("X-Amz-Function-Error") != "" {
		msg := fnErr.ErrorMessage
		if msg == "" {
			msg = strings.TrimSpace(string(data))
		}
		return &InvokeError{Function: f.ID, Status: res.StatusCode, Message: msg, Log: f.Log()}
	}
	if out != nil {
		return json.Unmarshal(data, out)
	}
	return nil
}

// functionFrom reads an AWS::Lambda::Function of the template.
func functionFrom(t *Template, id string) (*Function, error) {
	r := t.Resources[id]
	f := &Function{ID: id, Name: localName(t.StackName, id, 64), Env: map[string]string{}, Timeout: 3 * time.Second, Memory: 128}
	if v, ok := r.Properties["Timeout"].(float64); ok {
		f.Timeout = time.Duration(v) * time.Second
	}
	if v, ok := r.Properties["MemorySize"].(float64); ok {
		f.Memory = int(v)
	}
	if env, ok := r.Properties["Environment"].(map[string]any); ok {
		vars, _ := env["Variables"].(map[string]any)
		for k, v := range vars {
			s, err := t.String(v)
			if err != nil {
				return nil, fmt.Errorf("%s: environment variable %s: %w", id, k, err)
			}
			f.Env[k] = s
		}
	}
	asset, _ := r.Metadata["aws:asset:path"].(string)
	if asset == "" {
		return nil, fmt.Errorf("%s: no aws:asset:path in its metadata: not a package the rehearsal can run", id)
	}
	f.Zip = filepath.Join(t.Dir, asset)
	return f, nil
}

// localName is the physical name a resource gets here, like
// CloudFormation's: the stack's name and the logical id.
func localName(stack, id string, max int) string {
	n := stack + "-" + id
	if len(n) > max {
		n = n[:max]
	}
	return n
}
