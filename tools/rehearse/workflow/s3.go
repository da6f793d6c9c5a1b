package workflow

import (
	"context"
	"encoding/xml"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os/exec"
	"strconv"
	"time"
)

// S3 is the S3 emulator (gofakes3, in memory) a rehearsal's S3 calls go
// to: the real AWS CLI writes to it as it would to S3, and the rehearsal
// reads back what a distribution would serve.
type S3 struct {
	Endpoint string
	cmd      *exec.Cmd
}

// StartS3 runs the emulator bin (make rehearse-deps builds it) on a free
// port and creates bucket in it, as the previews' stack creates its own.
func StartS3(ctx context.Context, bin, bucket string) (*S3, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	s := &S3{Endpoint: "http://127.0.0.1:" + strconv.Itoa(port)}
	s.cmd = exec.Command(bin, "-host", "127.0.0.1:"+strconv.Itoa(port), "-backend", "memory", "-quiet")
	if err := s.cmd.Start(); err != nil {
		return nil, fmt.Errorf("the S3 emulator (%s): %w", bin, err)
	}
	// Up within a bound with margin for a loaded machine: it starts in
	// well under a second here.
	for deadline := time.Now().Add(60 * time.Second); ; {
		res, err := s.do(ctx, http.MethodPut, "/"+bucket, nil)
		if err == nil {
			res.Body.Close()
			if res.StatusCode/100 != 2 {
				s.Close()
				return nil, fmt.Errorf("the S3 emulator: create bucket %s: %s", bucket, res.Status)
			}
			return s, nil
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			s.Close()
			return nil, fmt.Errorf("the S3 emulator did not start: %w", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Close stops the emulator.
func (s *S3) Close() {
	s.cmd.Process.Kill()
	s.cmd.Wait()
}

func (s *S3) do(ctx context.Context, method, path string, q url.Values) (*http.Response, error) {
	u := s.Endpoint + path
	if len(q) > 0 {
		u += "?" + q.Encode()
	}
	req, err := http.NewRequestWithContext(ctx, method, u, nil)
	if err != nil {
		return nil, err
	}
	return http.DefaultClient.Do(req)
}

// Object is what S3 holds under a key: the body and the headers S3
// answers a GET with.
type Object struct {
	Body         string
	CacheControl string
	ContentType  string
}

// Objects reads every object of bucket under prefix (ListObjectsV2, then
// a GET of each).
func (s *S3) Objects(ctx context.Context, bucket, prefix string) (map[string]Object, error) {
	out := map[string]Object{}
	token := ""
	for {
		q := url.Values{"list-type": {"2"}, "prefix": {prefix}}
		if token != "" {
			q.Set("continuation-token", token)
		}
		res, err := s.do(ctx, http.MethodGet, "/"+bucket, q)
		if err != nil {
			return nil, err
		}
		var list struct {
			Contents []struct{ Key string }
			Next     string `xml:"NextContinuationToken"`
			Trunc    bool   `xml:"IsTruncated"`
		}
		err = xml.NewDecoder(res.Body).Decode(&list)
		res.Body.Close()
		if err != nil {
			return nil, fmt.Errorf("list %s/%s: %w", bucket, prefix, err)
		}
		for _, c := range list.Contents {
			res, err := s.do(ctx, http.MethodGet, "/"+bucket+"/"+(&url.URL{Path: c.Key}).EscapedPath(), nil)
			if err != nil {
				return nil, err
			}
			body, err := io.ReadAll(res.Body)
			res.Body.Close()
			if err != nil || res.StatusCode != http.StatusOK {
				return nil, fmt.Errorf("get %s: %v %s", c.Key, err, res.Status)
			}
			out[c.Key] = Object{Body: string(body), CacheControl: res.Header.Get("Cache-Control"), ContentType: res.Header.Get("Content-Type")}
		}
		if !list.Trunc || list.Next == "" {
			return out, nil
		}
		token = list.Next
	}
}
