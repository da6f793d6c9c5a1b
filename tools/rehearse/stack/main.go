// Command stack stands the site's synthesized CloudFormation template up on
// this machine, on emulators of the AWS APIs that others maintain, and
// serves it until interrupted (or, with -check, reports and exits):
//
//	go run ./tools/rehearse/stack -cdk-out dist/rehearse/cdk.out -stack VoziaSite-staging [-check]
//
// What is stood up, from the template alone:
//
//   - every AWS::SQS::Queue on goaws, with its VisibilityTimeout,
//     MessageRetentionPeriod and RedrivePolicy (maxReceiveCount, the
//     dead-letter queue);
//   - every AWS::DynamoDB::Table on dynalite, with its KeySchema and its
//     TimeToLiveSpecification;
//   - every AWS::S3::Bucket on gofakes3, and the site's files put in it as
//     the template's Custom::CDKBucketDeployment resources say: the same
//     assets, the same exclude and include filters in the same order, the
//     same Cache-Control and Content-Type metadata;
//   - every provided.al2023 AWS::Lambda::Function under the Lambda runtime
//     interface emulator: the Go main package its packaged bootstrap was
//     built from (its build info), built with the same tags, trimpath and
//     ldflags for this machine's architecture (the packages are arm64),
//     with its environment exactly as the template sets it, Ref, GetAtt,
//     Sub, Join, If, Select and Split resolved to the local names, ARNs
//     and URLs; plus what Lambda itself sets (AWS_REGION, the function's
//     name, memory and timeout, dummy credentials) and the emulators'
//     endpoints as the AWS SDK's own settings (AWS_ENDPOINT_URL_SQS,
//     _DYNAMODB, _SESV2, _S3; CloudWatch Logs and Secrets Manager, which
//     nothing emulates, at a closed port). Each function is invoked once
//     with an event that changes nothing, so that one refusing its
//     configuration fails the stand-up in its own words;
//   - every AWS::Lambda::EventSourceMapping from a queue as a poller that
//     receives from goaws (BatchSize), invokes the function through the
//     emulator's invoke API, and deletes only what the function did not
//     report failed (ReportBatchItemFailures): visibility timeouts, receive
//     counts and the move to the dead-letter queue stay goaws's;
//   - SES v2 on aws-ses-v2-local, whose GET /store holds the mails sent;
//   - the AWS::CloudFront::Distribution as a local HTTPS edge (edge.go).
//
// Before any of it, Check reads the template for the seams it guards
// statically (a queue feeding a function without a redrive policy; a
// variable the template sets that the function's code never mentions).
// Everything else in the template (IAM, alarms, logs, WAF, SES's
// configuration set) is named, not emulated: see docs/deploying.md,
// "The rehearsal".
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "stack:", err)
		os.Exit(1)
	}
}

// params is how a flag takes Name=value pairs, more than once.
type params map[string]string

func (p params) String() string { return "" }
func (p params) Set(v string) error {
	k, val, ok := strings.Cut(v, "=")
	if !ok {
		return fmt.Errorf("%q: want Name=value", v)
	}
	p[k] = val
	return nil
}

// RehearsalParams are the stack parameters a rehearsal deploys with, as
// make deploy takes them from CONTACT_SES_* (deploy/deploy.mk).
var RehearsalParams = map[string]string{
	"ContactSesFrom":     "Vozia website <web@vozia.example>",
	"ContactSesTo":       "sales@vozia.example",
	"ContactSesIdentity": "vozia.example",
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("stack", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cdkOut := fs.String("cdk-out", "dist/rehearse/cdk.out", "the cloud assembly (cdk synth's output directory)")
	stack := fs.String("stack", "VoziaSite-staging", "the stack to stand up")
	root := fs.String("root", ".", "the repository (the functions are built from it)")
	check := fs.Bool("check", false, "stand up, report, and exit")
	p := params{}
	for k, v := range RehearsalParams {
		p[k] = v
	}
	fs.Var(p, "parameter", "a stack parameter, Name=value (repeatable)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	t, err := LoadTemplate(*cdkOut, *stack)
	if err != nil {
		return err
	}
	t.Params = p
	work, err := os.MkdirTemp("", "rehearse-stack-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	abs, err := filepath.Abs(*root)
	if err != nil {
		return err
	}
	s, err := Up(ctx, t, Options{Root: abs, Tools: DefaultTools(abs), Work: work, Log: slog.New(slog.NewTextHandler(stderr, nil))})
	if err != nil {
		return err
	}
	defer s.Close()
	edge, err := s.StartEdge()
	if err != nil {
		return err
	}
	defer edge.Close()
	s.Report(stdout)
	fmt.Fprintf(stdout, "edge (the distribution): %s\n", edge.Server.URL)
	for _, f := range s.Functions {
		if o := f.Env["CONTACT_ALLOWED_ORIGINS"]; o != "" {
			// The contact function answers the site's own origin only.
			u, _ := url.Parse(edge.Server.URL)
			host := strings.TrimPrefix(o, "https://")
			fmt.Fprintf(stdout, "browse it as the site: chromium --host-resolver-rules='MAP %s:443 %s' --ignore-certificate-errors %s/\n", host, u.Host, o)
		}
	}
	if *check {
		return nil
	}
	fmt.Fprintln(stdout, "serving until interrupted")
	<-ctx.Done()
	if errors.Is(ctx.Err(), context.Canceled) {
		return nil
	}
	return ctx.Err()
}

// Report says what was stood up, and where.
func (s *Stack) Report(w io.Writer) {
	fmt.Fprintf(w, "SQS (goaws) %s, DynamoDB (dynalite) %s, SES (aws-ses-v2-local) %s, S3 (gofakes3) %s\n", s.SQS.Base, s.Dynamo.Base, s.SES.Base, s.S3.Base)
	for _, id := range s.T.Of("AWS::SQS::Queue") {
		fmt.Fprintf(w, "queue %s: %s\n", id, s.Queues[id].URL)
	}
	for _, id := range s.T.Of("AWS::DynamoDB::Table") {
		fmt.Fprintf(w, "table %s: %s\n", id, s.Tables[id])
	}
	for _, id := range s.T.Of("AWS::S3::Bucket") {
		fmt.Fprintf(w, "bucket %s: %s (%d files uploaded)\n", id, s.Buckets[id], len(s.Uploaded[s.Buckets[id]]))
	}
	for _, id := range s.T.Of("AWS::Lambda::Function") {
		if f, ok := s.Functions[id]; ok {
			fmt.Fprintf(w, "function %s: %s at %s\n", id, f.Package, f.rie.Base)
		}
	}
	for _, m := range s.Mappings {
		fmt.Fprintf(w, "event source mapping %s: %s -> %s (batch %d, partial failures %v)\n", m.ID, m.Queue.ID, m.Function.ID, m.BatchSize, m.ReportBatchItemFailures)
	}
	fmt.Fprintf(w, "not emulated (named only): %d resources\n", len(s.NotEmulated))
}
