package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	dtypes "github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"github.com/vozia/site/internal/testkit/emulator"
)

// Queue is an AWS::SQS::Queue stood up on goaws.
type Queue struct {
	ID, Name, URL, ARN, Region string
	// attrs are the template's attributes, as set.
	attrs map[string]string
}

// Options are what the stand-up is given besides the template.
type Options struct {
	// Root is the repository (the functions are built from it).
	Root  string
	Tools Tools
	// Work is a scratch directory (configuration, built functions).
	Work string
	Log  *slog.Logger
	// SESOutageSwitch puts a switch between the functions and the SES
	// emulator: with Stack.SESOutage(true) SES answers every call with
	// 503 ServiceUnavailable, as during an outage.
	SESOutageSwitch bool
}

// Stack is the template stood up on this machine.
type Stack struct {
	T      *Template
	SQS    *emulator.Proc
	Dynamo *emulator.Proc
	SES    *emulator.Proc
	S3     *emulator.Proc
	Queues map[string]*Queue
	Tables map[string]string
	// TTL is each table's time-to-live attribute (TimeToLiveSpecification).
	TTL       map[string]string
	Buckets   map[string]string
	Functions map[string]*Function
	Mappings  []*Mapping
	// Uploaded are the keys put in each bucket, with their content types.
	Uploaded map[string]map[string]Object
	// NotEmulated are the template's resources that no emulator stands
	// up; Ref and Fn::GetAtt of them resolve to their names and ARNs.
	NotEmulated []string

	AWS       aws.Config
	sesFront  *httptest.Server
	sesOutage atomic.Bool
	cancel    context.CancelFunc
	wg        sync.WaitGroup
	log       *slog.Logger
	opts      Options
}

// Object is an uploaded file's metadata.
type Object struct {
	ContentType, CacheControl string
}

// noEmulator is the endpoint of an AWS API no emulator answers here
// (CloudWatch Logs, Secrets Manager): a closed loopback port, so that a
// call fails at once instead of leaving the machine.
const noEmulator = "http://127.0.0.1:9"

// Check reads the template for the seams the rehearsal guards without
// running anything: each queue that feeds a function has a redrive policy
// to a dead-letter queue of the template, and each variable the template
// sets on a function is one its packaged code mentions. Every problem is
// reported, naming the seam.
func Check(t *Template) error {
	var errs []error
	for _, id := range t.Of("AWS::Lambda::EventSourceMapping") {
		p := t.Resources[id].Properties
		src, _ := p["EventSourceArn"].(map[string]any)
		att, _ := src["Fn::GetAtt"].([]any)
		if len(att) != 2 {
			continue
		}
		qid, _ := att[0].(string)
		q, ok := t.Resources[qid]
		if !ok || q.Type != "AWS::SQS::Queue" {
			continue
		}
		fn, _ := p["FunctionName"].(map[string]any)
		rp, _ := q.Properties["RedrivePolicy"].(map[string]any)
		if rp == nil {
			errs = append(errs, fmt.Errorf("seam queue -> function: queue %s feeds %v (event source mapping %s) but has no RedrivePolicy: "+
				"an enquiry that cannot be delivered would be offered until the queue's retention drops it, with no dead letter and no alarm", qid, fn["Ref"], id))
			continue
		}
		dlq, _ := rp["deadLetterTargetArn"].(map[string]any)
		datt, _ := dlq["Fn::GetAtt"].([]any)
		if len(datt) != 2 || t.Resources[fmt.Sprint(datt[0])] == nil || t.Resources[fmt.Sprint(datt[0])].Type != "AWS::SQS::Queue" {
			errs = append(errs, fmt.Errorf("seam queue -> dead letters: queue %s's RedrivePolicy names no dead-letter queue of the template (%v)", qid, rp["deadLetterTargetArn"]))
		}
		if _, ok := rp["maxReceiveCount"].(float64); !ok {
			errs = append(errs, fmt.Errorf("seam queue -> dead letters: queue %s's RedrivePolicy has no maxReceiveCount", qid))
		}
	}
	for _, id := range t.Of("AWS::Lambda::Function") {
		r := t.Resources[id]
		if r.Properties["Runtime"] != "provided.al2023" {
			continue
		}
		asset, _ := r.Metadata["aws:asset:path"].(string)
		bin, err := assetBootstrap(filepath.Join(t.Dir, asset))
		if err != nil {
			errs = append(errs, fmt.Errorf("function %s: %w", id, err))
			continue
		}
		env, _ := r.Properties["Environment"].(map[string]any)
		vars, _ := env["Variables"].(map[string]any)
		names := map[string]string{}
		for k := range vars {
			names[k] = ""
		}
		if unread := envNamesUnread(bin, names); len(unread) > 0 {
			errs = append(errs, fmt.Errorf("seam template -> function: the template sets %s on %s (%s), whose code never reads it: renamed in the stack but not in the code?",
				strings.Join(unread, ", "), id, asset))
		}
	}
	return errors.Join(errs...)
}

// Up stands the template up: the emulators, then the queues, tables and
// buckets, the site's upload, the functions and their event source
// mappings. Close ends it all.
func Up(ctx context.Context, t *Template, o Options) (s *Stack, err error) {
	if err := Check(t); err != nil {
		return nil, err
	}
	if err := o.Tools.Check(); err != nil {
		return nil, err
	}
	if o.Log == nil {
		o.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	s = &Stack{T: t, Queues: map[string]*Queue{}, Tables: map[string]string{}, TTL: map[string]string{}, Buckets: map[string]string{},
		Functions: map[string]*Function{}, Uploaded: map[string]map[string]Object{}, log: o.Log, opts: o}
	defer func() {
		if err != nil {
			s.Close()
			s = nil
		}
	}()

	// The emulators start together; the functions are built meanwhile.
	var wg sync.WaitGroup
	errs := make([]error, 5)
	wg.Add(5)
	go func() { defer wg.Done(); s.SQS, errs[0] = startGoaws(ctx, o.Tools.Goaws, o.Work, t.Account) }()
	go func() { defer wg.Done(); s.Dynamo, errs[1] = startDynalite(ctx, o.Tools.Dynalite) }()
	go func() { defer wg.Done(); s.SES, errs[2] = startSESLocal(ctx, o.Tools.SESLocal) }()
	go func() { defer wg.Done(); s.S3, errs[3] = startS3(ctx, o.Tools.S3) }()
	go func() { defer wg.Done(); errs[4] = s.buildFunctions(ctx) }()
	t0 := time.Now()
	wg.Wait()
	o.Log.Info("stood up", "what", "emulators and the functions' builds", "took", time.Since(t0).Round(time.Millisecond))
	if err := errors.Join(errs...); err != nil {
		return s, err
	}
	if o.SESOutageSwitch {
		target, _ := url.Parse(s.SES.Base)
		proxy := httputil.NewSingleHostReverseProxy(target)
		s.sesFront = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if s.sesOutage.Load() {
				w.Header().Set("Content-Type", "application/json")
				w.Header().Set("X-Amzn-ErrorType", "ServiceUnavailable")
				w.WriteHeader(http.StatusServiceUnavailable)
				io.WriteString(w, `{"message":"Service unavailable (an outage the rehearsal plays)"}`)
				return
			}
			proxy.ServeHTTP(w, r)
		}))
	}
	s.AWS = aws.Config{Region: t.Region, Credentials: credentials.NewStaticCredentialsProvider("AKIDREHEARSAL", "rehearsal", "")}

	steps := []func(context.Context) error{s.makeQueues, s.makeTables, s.makeBuckets, s.nameTheRest, s.upload, s.startFunctions, s.startMappings}
	names := []string{"queues", "tables", "buckets", "names", "upload", "functions", "event source mappings"}
	for i, step := range steps {
		t0 := time.Now()
		if err := step(ctx); err != nil {
			return s, err
		}
		o.Log.Info("stood up", "what", names[i], "took", time.Since(t0).Round(time.Millisecond))
	}
	return s, nil
}

// Close ends the pollers, the functions and the emulators.
func (s *Stack) Close() {
	if s.cancel != nil {
		s.cancel()
	}
	s.wg.Wait()
	for _, f := range s.Functions {
		f.Stop()
	}
	for _, p := range []*emulator.Proc{s.SQS, s.Dynamo, s.SES, s.S3} {
		p.Stop()
	}
	if s.sesFront != nil {
		s.sesFront.Close()
	}
}

// SESOutage makes SES answer every call with 503 (on), or pass them to
// the emulator again (off); see Options.SESOutageSwitch.
func (s *Stack) SESOutage(on bool) { s.sesOutage.Store(on) }

// SQSClient, DynamoClient and S3Client talk to the emulators.
func (s *Stack) SQSClient() *sqs.Client {
	return sqs.NewFromConfig(s.AWS, func(o *sqs.Options) { o.BaseEndpoint = aws.String(s.SQS.Base) })
}

func (s *Stack) DynamoClient() *dynamodb.Client {
	return dynamodb.NewFromConfig(s.AWS, func(o *dynamodb.Options) { o.BaseEndpoint = aws.String(s.Dynamo.Base) })
}

// s3Do makes a request of the S3 emulator's REST API, path-style
// (gofakes3 takes requests unsigned; the module has no S3 client).
func (s *Stack) s3Do(ctx context.Context, method, path string, body io.Reader, header http.Header) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, method, s.S3.Base+"/"+path, body)
	if err != nil {
		return nil, err
	}
	for k, v := range header {
		req.Header[k] = v
	}
	return http.DefaultClient.Do(req)
}

// Endpoints are the emulators as the AWS SDK's own settings name them,
// which is all the functions are told of them.
func (s *Stack) Endpoints() map[string]string {
	ses := s.SES.Base
	if s.sesFront != nil {
		ses = s.sesFront.URL
	}
	return map[string]string{
		"AWS_ENDPOINT_URL_SQS":             s.SQS.Base,
		"AWS_ENDPOINT_URL_DYNAMODB":        s.Dynamo.Base,
		"AWS_ENDPOINT_URL_SESV2":           ses,
		"AWS_ENDPOINT_URL_S3":              s.S3.Base,
		"AWS_ENDPOINT_URL_CLOUDWATCH_LOGS": noEmulator,
		"AWS_ENDPOINT_URL_SECRETS_MANAGER": noEmulator,
	}
}

func (s *Stack) makeQueues(ctx context.Context) error {
	c := s.SQSClient()
	ids := s.T.Of("AWS::SQS::Queue")
	for _, id := range ids {
		p := s.T.Resources[id].Properties
		attrs := map[string]string{}
		for _, k := range []string{"VisibilityTimeout", "MessageRetentionPeriod", "DelaySeconds", "ReceiveMessageWaitTimeSeconds", "MaximumMessageSize"} {
			if v, ok := p[k]; ok {
				sv, err := s.T.String(v)
				if err != nil {
					return fmt.Errorf("queue %s: %s: %w", id, k, err)
				}
				attrs[k] = sv
			}
		}
		name := localName(s.T.StackName, id, 80)
		out, err := c.CreateQueue(ctx, &sqs.CreateQueueInput{QueueName: aws.String(name), Attributes: attrs})
		if err != nil {
			return fmt.Errorf("queue %s: %w", id, err)
		}
		q := &Queue{ID: id, Name: name, URL: aws.ToString(out.QueueUrl), Region: s.T.Region}
		got, err := c.GetQueueAttributes(ctx, &sqs.GetQueueAttributesInput{QueueUrl: out.QueueUrl, AttributeNames: []types.QueueAttributeName{types.QueueAttributeNameAll}})
		if err != nil {
			return fmt.Errorf("queue %s: %w", id, err)
		}
		q.ARN = got.Attributes["QueueArn"]
		q.attrs = attrs
		s.Queues[id] = q
		s.T.Made(id, q.URL, map[string]string{"Arn": q.ARN, "QueueName": q.Name, "QueueUrl": q.URL})
	}
	// The redrive policies, once every queue they may name exists.
	for _, id := range ids {
		rp, ok := s.T.Resources[id].Properties["RedrivePolicy"]
		if !ok {
			continue
		}
		v, err := s.T.Resolve(rp)
		if err != nil {
			return fmt.Errorf("queue %s: RedrivePolicy: %w", id, err)
		}
		data, _ := json.Marshal(v)
		// goaws's SetQueueAttributes resets the attributes it is not
		// given: the template's others go with it again.
		set := map[string]string{"RedrivePolicy": string(data)}
		for k, v := range s.Queues[id].attrs {
			set[k] = v
		}
		if _, err := c.SetQueueAttributes(ctx, &sqs.SetQueueAttributesInput{QueueUrl: aws.String(s.Queues[id].URL), Attributes: set}); err != nil {
			return fmt.Errorf("queue %s: RedrivePolicy %s: %w", id, data, err)
		}
		got, err := c.GetQueueAttributes(ctx, &sqs.GetQueueAttributesInput{QueueUrl: aws.String(s.Queues[id].URL),
			AttributeNames: []types.QueueAttributeName{types.QueueAttributeNameRedrivePolicy}})
		if err != nil || got.Attributes["RedrivePolicy"] == "" {
			return fmt.Errorf("queue %s: the SQS emulator did not keep the RedrivePolicy %s (%v)", id, data, err)
		}
	}
	// What the emulator keeps is the template's.
	for _, id := range ids {
		q := s.Queues[id]
		got, err := c.GetQueueAttributes(ctx, &sqs.GetQueueAttributesInput{QueueUrl: aws.String(q.URL), AttributeNames: []types.QueueAttributeName{types.QueueAttributeNameAll}})
		if err != nil {
			return fmt.Errorf("queue %s: %w", id, err)
		}
		for k, v := range q.attrs {
			if got.Attributes[k] != v {
				return fmt.Errorf("queue %s: the SQS emulator keeps %s=%q, not the template's %q", id, k, got.Attributes[k], v)
			}
		}
	}
	return nil
}

func (s *Stack) makeTables(ctx context.Context) error {
	c := s.DynamoClient()
	for _, id := range s.T.Of("AWS::DynamoDB::Table") {
		v, err := s.T.Resolve(s.T.Resources[id].Properties)
		if err != nil {
			return fmt.Errorf("table %s: %w", id, err)
		}
		p := v.(map[string]any)
		var in struct {
			KeySchema            []dtypes.KeySchemaElement
			AttributeDefinitions []dtypes.AttributeDefinition
		}
		data, _ := json.Marshal(p)
		if err := json.Unmarshal(data, &in); err != nil {
			return fmt.Errorf("table %s: %w", id, err)
		}
		name := localName(s.T.StackName, id, 255)
		if n, ok := p["TableName"].(string); ok {
			name = n
		}
		if _, err := c.CreateTable(ctx, &dynamodb.CreateTableInput{TableName: aws.String(name), KeySchema: in.KeySchema,
			AttributeDefinitions: in.AttributeDefinitions, BillingMode: dtypes.BillingModePayPerRequest}); err != nil {
			return fmt.Errorf("table %s: %w", id, err)
		}
		if err := dynamodb.NewTableExistsWaiter(c).Wait(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(name)}, emulator.StartTimeout); err != nil {
			return fmt.Errorf("table %s: %w", id, err)
		}
		if ttl, ok := p["TimeToLiveSpecification"].(map[string]any); ok && ttl["Enabled"] == true {
			attr, _ := ttl["AttributeName"].(string)
			// dynalite has no TTL (UnknownOperationException): the
			// attribute is kept for the rehearsal to check that items carry
			// it; their expiry is DynamoDB's alone.
			if _, err := c.UpdateTimeToLive(ctx, &dynamodb.UpdateTimeToLiveInput{TableName: aws.String(name),
				TimeToLiveSpecification: &dtypes.TimeToLiveSpecification{AttributeName: aws.String(attr), Enabled: aws.Bool(true)}}); err != nil &&
				!strings.Contains(err.Error(), "UnknownOperationException") {
				return fmt.Errorf("table %s: TimeToLiveSpecification: %w", id, err)
			}
			s.TTL[id] = attr
		}
		s.Tables[id] = name
		s.T.Made(id, name, map[string]string{"Arn": "arn:aws:dynamodb:" + s.T.Region + ":" + s.T.Account + ":table/" + name})
	}
	return nil
}

func (s *Stack) makeBuckets(ctx context.Context) error {
	for _, id := range s.T.Of("AWS::S3::Bucket") {
		name := strings.ToLower(localName(s.T.StackName, id, 63))
		res, err := s.s3Do(ctx, http.MethodPut, name, nil, nil)
		if err != nil {
			return fmt.Errorf("bucket %s: %w", id, err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			return fmt.Errorf("bucket %s: the S3 emulator answered %s", id, res.Status)
		}
		s.Buckets[id] = name
		s.T.Made(id, name, map[string]string{
			"Arn":                "arn:aws:s3:::" + name,
			"DomainName":         name + ".s3.amazonaws.com",
			"RegionalDomainName": name + ".s3." + s.T.Region + ".amazonaws.com",
		})
	}
	return nil
}

// nameTheRest gives every resource no emulator stands up the names a
// deployment would: a Ref is its local name, an Arn its ARN, a function's
// URL a host of its own (the edge routes it to the function).
func (s *Stack) nameTheRest(ctx context.Context) error {
	for id, r := range s.T.Resources {
		if _, ok := s.T.refs[id]; ok {
			continue
		}
		name := localName(s.T.StackName, id, 64)
		svc := strings.ToLower(strings.Split(r.Type, "::")[1])
		atts := map[string]string{"Arn": "arn:aws:" + svc + ":" + s.T.Region + ":" + s.T.Account + ":" + name, "Id": name}
		switch r.Type {
		case "AWS::Lambda::Function":
			atts["Arn"] = "arn:aws:lambda:" + s.T.Region + ":" + s.T.Account + ":function:" + name
		case "AWS::Logs::LogGroup":
			if n, ok := r.Properties["LogGroupName"]; ok {
				if v, err := s.T.String(n); err == nil {
					name = v
				}
			}
			atts["Arn"] = "arn:aws:logs:" + s.T.Region + ":" + s.T.Account + ":log-group:" + name + ":*"
		case "AWS::Lambda::Url":
			fn, _ := r.Properties["TargetFunctionArn"].(map[string]any)
			target, _ := fn["Fn::GetAtt"].([]any)
			host := strings.ToLower(id)
			if len(target) == 2 {
				host = strings.ToLower(fmt.Sprint(target[0]))
			}
			atts["FunctionUrl"] = "https://" + host + ".lambda-url." + s.T.Region + ".on.aws/"
		case "AWS::CloudFront::Function":
			atts["FunctionARN"] = "arn:aws:cloudfront::" + s.T.Account + ":function/" + name
			atts["Arn"] = atts["FunctionARN"]
		case "AWS::CloudFront::Distribution":
			atts["DomainName"] = "d" + strings.ToLower(id) + ".cloudfront.net"
			atts["Id"] = id
		}
		s.T.Made(id, name, atts)
		switch r.Type {
		case "AWS::SQS::Queue", "AWS::DynamoDB::Table", "AWS::S3::Bucket", "AWS::Lambda::Function", "AWS::Lambda::EventSourceMapping":
		default:
			s.NotEmulated = append(s.NotEmulated, id+" ("+r.Type+")")
		}
	}
	slices.Sort(s.NotEmulated)
	return nil
}

// buildFunctions builds each provided.al2023 function of the template from
// the source its package was built from, for this machine.
func (s *Stack) buildFunctions(ctx context.Context) error {
	for _, id := range s.T.Of("AWS::Lambda::Function") {
		r := s.T.Resources[id]
		if r.Properties["Runtime"] != "provided.al2023" {
			// CDK's own upload handler (Python): the stand-up uploads
			// the site itself, as that handler would.
			continue
		}
		asset, _ := r.Metadata["aws:asset:path"].(string)
		bin, err := assetBootstrap(filepath.Join(s.T.Dir, asset))
		if err != nil {
			return fmt.Errorf("function %s: %w", id, err)
		}
		packaged := filepath.Join(s.opts.Work, id+".packaged")
		if err := os.WriteFile(packaged, bin, 0o644); err != nil {
			return err
		}
		// Built where the next rehearsal finds it: go build leaves a
		// binary that is up to date as it is.
		out := filepath.Join(s.opts.Root, "dist/rehearse/functions", id, "bootstrap")
		pkg, err := buildForHost(ctx, s.opts.Root, packaged, out)
		if err != nil {
			return fmt.Errorf("function %s: %w", id, err)
		}
		s.Functions[id] = &Function{ID: id, Package: pkg, Bootstrap: out}
	}
	return nil
}

func (s *Stack) startFunctions(ctx context.Context) error {
	ids := slices.Sorted(func(yield func(string) bool) {
		for id := range s.Functions {
			if !yield(id) {
				return
			}
		}
	})
	for _, id := range ids {
		built := s.Functions[id]
		f, err := functionFrom(s.T, id)
		if err != nil {
			return err
		}
		f.Package, f.Bootstrap, f.rieBin = built.Package, built.Bootstrap, s.opts.Tools.RIE
		f.lambdaEnv = []string{
			"PATH=/usr/local/bin:/usr/bin:/bin", "TZ=:UTC", "LANG=en_US.UTF-8",
			"AWS_REGION=" + s.T.Region, "AWS_DEFAULT_REGION=" + s.T.Region,
			"AWS_LAMBDA_FUNCTION_NAME=" + f.Name, "AWS_LAMBDA_FUNCTION_VERSION=$LATEST",
			"AWS_LAMBDA_FUNCTION_MEMORY_SIZE=" + strconv.Itoa(f.Memory),
			"AWS_LAMBDA_FUNCTION_TIMEOUT=" + strconv.Itoa(int(f.Timeout.Seconds())),
			"AWS_ACCESS_KEY_ID=AKIDREHEARSAL", "AWS_SECRET_ACCESS_KEY=rehearsal", "AWS_SESSION_TOKEN=rehearsal",
			"AWS_EC2_METADATA_DISABLED=true", "AWS_CONFIG_FILE=/nonexistent", "AWS_SHARED_CREDENTIALS_FILE=/nonexistent",
		}
		for k, v := range s.Endpoints() {
			f.lambdaEnv = append(f.lambdaEnv, k+"="+v)
		}
		s.Functions[id] = f
		if err := f.Start(ctx); err != nil {
			return err
		}
		if err := s.warm(ctx, f); err != nil {
			return err
		}
	}
	return nil
}

// warm invokes a function once with an event that changes nothing (a
// Function URL GET, an SQS event of no records), so that one that fails
// its configuration at start fails the stand-up, with its own words.
func (s *Stack) warm(ctx context.Context, f *Function) error {
	var ev any = map[string]any{"Records": []any{}}
	for _, id := range s.T.Of("AWS::Lambda::Url") {
		if tgt, _ := s.T.Resources[id].Properties["TargetFunctionArn"].(map[string]any); tgt != nil {
			if a, _ := tgt["Fn::GetAtt"].([]any); len(a) == 2 && a[0] == f.ID {
				ev = map[string]any{"version": "2.0", "rawPath": "/", "requestContext": map[string]any{"http": map[string]any{"method": "GET", "path": "/"}}}
			}
		}
	}
	if err := f.Invoke(ctx, ev, nil); err != nil {
		var ie *InvokeError
		if errors.As(err, &ie) && (ie.Status != 200 || strings.Contains(ie.Log, "bad configuration")) {
			msg := ie.Message
			if msg == "" {
				msg = "its runtime exited"
			}
			return fmt.Errorf("seam template -> function: %s (%s) failed at start with the environment the template gives it: %s\n%s", f.ID, f.Package, msg, lastLines(ie.Log, 5))
		}
	}
	return nil
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

func (s *Stack) startMappings(ctx context.Context) error {
	var err error
	for _, id := range s.T.Of("AWS::Lambda::EventSourceMapping") {
		m, e := mappingFrom(s.T, id, s.Queues, s.Functions)
		if e != nil {
			err = errors.Join(err, e)
			continue
		}
		s.Mappings = append(s.Mappings, m)
	}
	if err != nil {
		return err
	}
	pctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	s.cancel = cancel
	client := s.SQSClient()
	for _, m := range s.Mappings {
		s.wg.Add(1)
		go func() { defer s.wg.Done(); m.run(pctx, client, s.log) }()
	}
	return nil
}
