package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// upload puts the files of each Custom::CDKBucketDeployment in its bucket
// as CDK's upload handler does (`aws s3 sync` of the source assets, with
// --exclude then --include filters in the template's order, the last
// matching filter deciding; the template's SystemMetadata as each file's
// Cache-Control and Content-Type; a type the template does not state
// guessed from the name by Python's own mimetypes table, as the handler's
// CLI does). The uploads run in the order their DependsOn says (CDK makes
// the hashed files go first); the bucket starts empty, so pruning has
// nothing to do.
func (s *Stack) upload(ctx context.Context) error {
	ids := s.T.Of("Custom::CDKBucketDeployment")
	// Those with Prune false (the hashed files) first.
	slices.SortStableFunc(ids, func(a, b string) int {
		pa, pb := s.T.Resources[a].Properties["Prune"] == false, s.T.Resources[b].Properties["Prune"] == false
		switch {
		case pa && !pb:
			return -1
		case pb && !pa:
			return 1
		}
		return 0
	})
	for _, id := range ids {
		v, err := s.T.Resolve(s.T.Resources[id].Properties)
		if err != nil {
			return fmt.Errorf("upload %s: %w", id, err)
		}
		p := v.(map[string]any)
		bucket, _ := p["DestinationBucketName"].(string)
		if bucket == "" {
			return fmt.Errorf("upload %s: no DestinationBucketName", id)
		}
		prefix, _ := p["DestinationBucketKeyPrefix"].(string)
		meta, _ := p["SystemMetadata"].(map[string]any)
		var filters []filter
		for _, x := range list(p["Exclude"]) {
			filters = append(filters, filter{fnmatch(fmt.Sprint(x)), false})
		}
		for _, x := range list(p["Include"]) {
			filters = append(filters, filter{fnmatch(fmt.Sprint(x)), true})
		}
		files := map[string]string{}
		for _, key := range list(p["SourceObjectKeys"]) {
			dir := filepath.Join(s.T.Dir, "asset."+strings.TrimSuffix(fmt.Sprint(key), ".zip"))
			if err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
				if err != nil || d.IsDir() {
					return err
				}
				rel, _ := filepath.Rel(dir, path)
				files[filepath.ToSlash(rel)] = path
				return nil
			}); err != nil {
				return fmt.Errorf("upload %s: source %v: %w", id, key, err)
			}
		}
		var names []string
		for name := range files {
			if included(name, filters) {
				names = append(names, name)
			}
		}
		slices.Sort(names)
		types := map[string]string{}
		if ct, ok := meta["content-type"].(string); ok {
			for _, n := range names {
				types[n] = ct
			}
		} else if types, err = guessTypes(names); err != nil {
			return fmt.Errorf("upload %s: %w", id, err)
		}
		if s.Uploaded[bucket] == nil {
			s.Uploaded[bucket] = map[string]Object{}
		}
		for _, n := range names {
			data, err := os.ReadFile(files[n])
			if err != nil {
				return err
			}
			h := http.Header{}
			o := Object{ContentType: types[n]}
			if o.ContentType != "" {
				h.Set("Content-Type", o.ContentType)
			}
			if cc, ok := meta["cache-control"].(string); ok {
				o.CacheControl = cc
				h.Set("Cache-Control", cc)
			}
			res, err := s.s3Do(ctx, http.MethodPut, bucket+"/"+escapeKey(prefix+n), bytes.NewReader(data), h)
			if err != nil {
				return fmt.Errorf("upload %s: %s: %w", id, n, err)
			}
			res.Body.Close()
			if res.StatusCode != http.StatusOK {
				return fmt.Errorf("upload %s: %s: the S3 emulator answered %s", id, n, res.Status)
			}
			s.Uploaded[bucket][prefix+n] = o
		}
	}
	return nil
}

type filter struct {
	re      *regexp.Regexp
	include bool
}

// included applies the AWS CLI's filters: every file is in unless a
// filter says otherwise, and the last one that matches decides.
func included(name string, filters []filter) bool {
	in := true
	for _, f := range filters {
		if f.re.MatchString(name) {
			in = f.include
		}
	}
	return in
}

// fnmatch is Python's fnmatch, which the AWS CLI's filters use: * and ?
// match across slashes.
func fnmatch(pattern string) *regexp.Regexp {
	var b strings.Builder
	b.WriteString("^")
	for _, r := range pattern {
		switch r {
		case '*':
			b.WriteString(".*")
		case '?':
			b.WriteString(".")
		default:
			b.WriteString(regexp.QuoteMeta(string(r)))
		}
	}
	b.WriteString("$")
	return regexp.MustCompile(b.String())
}

// guessTypes asks Python's mimetypes, with its built-in table only (the
// handler's runtime has no /etc/mime.types), for each name's type.
func guessTypes(names []string) (map[string]string, error) {
	in, _ := json.Marshal(names)
	cmd := exec.Command("python3", "-c", `import json, mimetypes, sys
m = mimetypes.MimeTypes(filenames=())
print(json.dumps({n: m.guess_type(n)[0] or "" for n in json.load(sys.stdin)}))`)
	cmd.Stdin = bytes.NewReader(in)
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("python3's mimetypes (the upload handler's guess of content types): %w", err)
	}
	types := map[string]string{}
	return types, json.Unmarshal(out, &types)
}
