package content

import (
	"errors"
	"fmt"
	"strings"
)

// Route is one row of the brief's route table (content/routes.yaml), the
// single source of truth for routing, the sitemap and the link checker.
type Route struct {
	Pos  Pos    `json:"-"`
	Path string `json:"path"`
	// Page names the page component and its copy type (see pageCopyTypes).
	Page string `json:"page"`
	// Copy is the page's copy file under content/pages; the default is
	// pages/<page>.yaml when the page type has copy.
	Copy string `json:"copy,omitempty"`
	// Markdown is a body under content/ rendered with goldmark (legal pages).
	Markdown string `json:"markdown,omitempty"`
	// Prefix makes the page answer for every path below Path as well
	// (/services/*), through a rewrite in the routing manifest.
	Prefix bool `json:"prefix,omitempty"`
	// Redirect makes the route a permanent redirect to another route.
	Redirect string `json:"redirect,omitempty"`
	// NotFound marks the page served, with status 404, for any other path.
	NotFound bool `json:"notFound,omitempty"`
	// Uses lists the collections the page reads (see Collections).
	Uses        []string     `json:"uses,omitempty"`
	Title       string       `json:"title,omitempty"`
	Description string       `json:"description,omitempty"`
	Keywords    []string     `json:"keywords,omitempty"`
	Breadcrumbs []Breadcrumb `json:"breadcrumbs,omitempty"`
	// Type is the Open Graph type; "website" when empty.
	Type string `json:"type,omitempty"`
	// Image is the page's share image; the site default when empty.
	Image string `json:"image,omitempty"`
	// Article turns on the blog-post variant of the head.
	Article *Article `json:"article,omitempty"`
}

// Article is the blog-post variant of the page metadata.
type Article struct {
	Author    string `json:"author"`
	Publisher AbsURL `json:"publisher"`
}

// Breadcrumb is one item of a page's breadcrumb trail.
type Breadcrumb struct {
	Name string `json:"name"`
	URL  string `json:"url"`
}

func (b Breadcrumb) Validate() error { return checkPath("url", b.URL) }

// Indexable reports whether the route belongs in the sitemap.
func (r Route) Indexable() bool { return r.Redirect == "" && !r.NotFound }

func (r Route) Validate() error {
	var errs []error
	if r.NotFound {
		if r.Path != "/404" {
			errs = append(errs, fmt.Errorf("the not-found route must have path \"/404\""))
		}
	} else if err := checkPath("path", r.Path); err != nil {
		errs = append(errs, err)
	}
	if r.Redirect != "" {
		if err := checkPath("redirect", r.Redirect); err != nil {
			errs = append(errs, err)
		}
		return errors.Join(errs...)
	}
	if r.Title == "" {
		errs = append(errs, errors.New("missing required field \"title\""))
	}
	if r.Description == "" {
		errs = append(errs, errors.New("missing required field \"description\""))
	}
	return errors.Join(errs...)
}

// checkPath enforces the one URL form: a leading slash and no trailing
// slash except for the root.
func checkPath(field, p string) error {
	switch {
	case !strings.HasPrefix(p, "/") || strings.HasPrefix(p, "//"):
		return fmt.Errorf("%s %q must be a site path starting with /", field, p)
	case p != "/" && strings.HasSuffix(p, "/"):
		return fmt.Errorf("%s %q must not end with a slash", field, p)
	case strings.ContainsAny(p, "?# "):
		return fmt.Errorf("%s %q must be a bare path", field, p)
	}
	return nil
}
