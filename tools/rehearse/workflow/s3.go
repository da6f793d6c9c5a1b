package workflow

import (
	"context"
	"encoding/xml"
	"fmt"
	"io"
	"net/http"
	"net/url"

	"github.com/vozia/site/internal/testkit/emulator"
)

// S3 is the S3 emulator (gofakes3, in memory) a rehearsal's S3 calls go
// to: the real AWS CLI writes to it as it would to S3, and the rehearsal
// reads back what a distribution would serve.
type S3 struct {
	Endpoint string
	proc     *emulator.Proc
}

// StartS3 runs the emulator bin (make rehearse-deps builds it) and
// creates bucket in it, as the previews' stack creates its own.
func StartS3(ctx context.Context, bin, bucket string) (*S3, error) {
	p, err := emulator.S3(ctx, bin)
	if err != nil {
		return nil, err
	}
	s := &S3{Endpoint: p.Base, proc: p}
	res, err := s.do(ctx, http.MethodPut, "/"+bucket, nil)
	if err == nil {
		res.Body.Close()
		if res.StatusCode/100 != 2 {
			err = fmt.Errorf("%s", res.Status)
		}
	}
	if err != nil {
		s.Close()
		return nil, fmt.Errorf("the S3 emulator: create bucket %s: %w", bucket, err)
	}
	return s, nil
}

// Close stops the emulator.
func (s *S3) Close() { s.proc.Stop() }

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
