package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"

	"github.com/vozia/site/internal/testkit/emulator"
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
		SESLocal: filepath.Join(root, filepath.FromSlash(emulator.SESLocalCLI)),
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

// startGoaws runs the SQS emulator with a configuration of its own: no
// queue of its own (the stand-up creates the template's), queue URLs on
// its loopback address.
func startGoaws(ctx context.Context, bin, dir, account string) (*emulator.Proc, error) {
	return emulator.Start(ctx, "goaws (SQS)", nil, func(port int) []string {
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
	}, emulator.Answers("/health"))
}

// startDynalite runs the DynamoDB emulator, in memory.
func startDynalite(ctx context.Context, cli string) (*emulator.Proc, error) {
	return emulator.Start(ctx, "dynalite (DynamoDB)", nil, func(port int) []string {
		return []string{"node", cli, "--host", "127.0.0.1", "--port", strconv.Itoa(port), "--createTableMs", "0"}
	}, emulator.Answers("/"))
}

// startSESLocal runs the SES v2 emulator; GET /store lists its mails.
func startSESLocal(ctx context.Context, cli string) (*emulator.Proc, error) {
	return emulator.SESLocal(ctx, cli)
}

// startS3 runs the S3 emulator, in memory.
func startS3(ctx context.Context, bin string) (*emulator.Proc, error) {
	return emulator.S3(ctx, bin)
}
