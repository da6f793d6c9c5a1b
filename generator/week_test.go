package generator

import (
	"bytes"
	"context"
	"fmt"
	stdmaps "maps"
	"net/url"
	"path"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/load"
	"github.com/vozia/site/internal/routing"
	"github.com/vozia/site/internal/testkit/imagetest"
)

// TestEditorsWeek makes, on a copy of the shipped content, the edits of an
// ordinary week, then runs the build's own checks (the production build
// of today, and make dev's): a link in the menu to a new page; an article
// dated today, in its own folder with a phone's photo as the cover
// (sideways, as phones write them) by a new author, and a redirect to it;
// one more question in the FAQ; an article renamed, its old address kept
// by an alias; a case study removed and the links to its page fixed.
// Each edit is made on whatever the content holds (the menu's first list
// of links, the first author, the first published article, the last case
// study), the way an editor would, so that the test holds for any valid
// content: it pins nothing the edits say, only that the site builds and
// answers at the new addresses.
func TestEditorsWeek(t *testing.T) {
	base := contentFS(t)
	now := shippedNow
	before, err := load.SiteWith(base, load.Options{Now: now})
	if err != nil {
		t.Fatalf("the shipped content does not load:\n%v", err)
	}
	fsys := stdmaps.Clone(base)
	var redirects = map[string]string{} // what the edits make answer with a 301
	var pages []string                  // the pages the edits add

	// A new page, linked from the menu.
	page := freePath(before, "/this-week")
	fsys["pages"+page+".md"] = &fstest.MapFile{Data: []byte("---\ntitle: A page added this week\ndescription: A page an editor added and linked from the menu.\nname: This week\n---\n# A page added this week\n\nBack to [the home page](/).\n")}
	editYAML(t, fsys, "layout.yaml", func(root *yaml.Node) {
		nav := mapValue(root, "nav")
		links := firstLinkList(nav)
		if links == nil {
			t.Fatal("layout.yaml's nav has no list of links ({label, href}) to add to")
		}
		links.Content = append(links.Content, flowMap("label", "This week", "href", page))
	})
	pages = append(pages, page)

	// A new author, and an article of theirs dated today, in its folder,
	// with a phone's photo; a redirect to it.
	if before.ArticleIndex != "" {
		editYAML(t, fsys, content.AuthorsFile, func(root *yaml.Node) {
			list := root.Content[0]
			if len(list.Content) == 0 {
				t.Fatal("collections/authors.yaml has no author to model a new one on")
			}
			a := deepCopy(list.Content[0])
			setValue(a, "key", "new-author-this-week")
			setValue(a, "name", "Alex Newcomer")
			list.Content = append(list.Content, a)
		})
		slug := freeSlug(before, fsys, "written-this-week")
		dir := "articles/" + slug
		fsys[dir+"/index.md"] = &fstest.MapFile{Data: fmt.Appendf(nil, "---\ntitle: Written this week\ndescription: An article dated today, with a photo from a phone.\ndate: %s\nauthor: new-author-this-week\ntags: [this-week]\ncover: {src: cover.jpg, alt: A photo taken on a phone}\n---\nThe first paragraph.\n\n## A part\n\nMore text, and [a link home](/).\n", now.Format(time.DateOnly))}
		fsys[dir+"/cover.jpg"] = &fstest.MapFile{Data: imagetest.JPEG(imagetest.Photo(1600, 1200, 42), 85, 6)}
		article := before.ArticleIndex + "/" + slug
		pages = append(pages, article)
		from := freePath(before, "/this-week-story")
		addRedirect(t, fsys, from, article)
		redirects[from] = article

		// An article renamed, with an alias: the first published one.
		if len(before.Articles) > 0 {
			a := before.Articles[0]
			renamed := freeSlug(before, fsys, a.Slug+"-renamed")
			oldFile, newFile := a.File, "articles/"+renamed+".md"
			if path.Base(a.File) == "index.md" {
				newFile = "articles/" + renamed + "/index.md"
				for p, f := range fsys {
					if strings.HasPrefix(p, path.Dir(oldFile)+"/") {
						delete(fsys, p)
						fsys["articles/"+renamed+strings.TrimPrefix(p, path.Dir(oldFile))] = f
					}
				}
			} else {
				fsys[newFile] = fsys[oldFile]
				delete(fsys, oldFile)
			}
			fsys[newFile] = &fstest.MapFile{Data: withAlias(t, fsys[newFile].Data, a.Path)}
			to := before.ArticleIndex + "/" + renamed
			retarget(t, fsys, a.Path, to)
			redirects[a.Path] = to
			pages = append(pages, to)
		}
	} else {
		t.Log("the content has no article index: no article to add or rename")
	}

	// One more question in the FAQ.
	editYAML(t, fsys, "collections/faq.yaml", func(root *yaml.Node) {
		list := root.Content[0]
		q := deepCopy(list.Content[len(list.Content)-1])
		setValue(q, "question", "Can I ask one more question this week?")
		list.Content = append(list.Content, q)
	})

	// The last case study removed, and links to a page of its own (if it
	// has one) pointed at the page above it.
	editYAML(t, fsys, "collections/case-studies.yaml", func(root *yaml.Node) {
		list := root.Content[0]
		gone := list.Content[len(list.Content)-1]
		list.Content = list.Content[:len(list.Content)-1]
		id := mapValue(gone, "id")
		if id == nil {
			return
		}
		for _, r := range before.Routes {
			if path.Base(r.Path) == id.Value && r.Redirect == "" {
				retarget(t, fsys, r.Path, path.Dir(r.Path))
			}
		}
	})

	// The build's own checks, as CI and make dev run them (the second
	// build takes the photo's sizes from the first's cache).
	cache := t.TempDir()
	for _, dev := range []bool{false, true} {
		res, err := Build(context.Background(), Options{Content: fsys, FrontendDir: "../frontend", Now: now, Drafts: dev, CacheDir: cache})
		if err != nil {
			t.Fatalf("the week's edits do not build (make dev: %v):\n%v", dev, err)
		}
		if dev {
			continue
		}
		f := files(res)
		for _, p := range pages {
			if f[strings.TrimPrefix(p, "/")+"/index.html"] == nil {
				t.Errorf("no page at %s", p)
			}
			if !bytes.Contains(f["sitemap.xml"], []byte(p+"</loc>")) {
				t.Errorf("%s is not in the sitemap", p)
			}
		}
		if !bytes.Contains(f["index.html"], []byte(`href="`+page+`"`)) {
			t.Errorf("the home page's menu does not link to %s", page)
		}
		for from, to := range redirects {
			u := &url.URL{Path: from}
			if a := res.Manifest.Resolve(u, func(string) bool { return false }); a.Kind != routing.RedirectTo || a.Location != to || a.Status != 301 {
				t.Errorf("%s answers %+v, want a 301 to %s", from, a, to)
			}
		}
	}
}

// freePath returns p, or p with a number, that no route has.
func freePath(s *content.Site, p string) string {
	for i := 2; ; i++ {
		if _, taken := s.Route(p); !taken {
			return p
		}
		p = fmt.Sprintf("%s-%d", strings.TrimRight(p, "-0123456789"), i)
	}
}

// freeSlug returns an article slug that no article, route or file has.
func freeSlug(s *content.Site, fsys fstest.MapFS, slug string) string {
	for i := 2; ; i++ {
		_, route := s.Route(s.ArticleIndex + "/" + slug)
		_, flat := fsys["articles/"+slug+".md"]
		_, folder := fsys["articles/"+slug+"/index.md"]
		if !route && !flat && !folder {
			return slug
		}
		slug = fmt.Sprintf("%s-%d", slug, i)
	}
}

func editYAML(t *testing.T, fsys fstest.MapFS, file string, edit func(root *yaml.Node)) {
	t.Helper()
	var root yaml.Node
	if f := fsys[file]; f != nil {
		if err := yaml.Unmarshal(f.Data, &root); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
	}
	if root.Kind == 0 {
		root = yaml.Node{Kind: yaml.DocumentNode, Content: []*yaml.Node{{Kind: yaml.MappingNode}}}
	}
	edit(&root)
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(&root); err != nil {
		t.Fatal(err)
	}
	fsys[file] = &fstest.MapFile{Data: b.Bytes()}
}

func mapValue(n *yaml.Node, key string) *yaml.Node {
	if n.Kind == yaml.DocumentNode {
		n = n.Content[0]
	}
	if n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

func setValue(m *yaml.Node, key, value string) {
	if v := mapValue(m, key); v != nil {
		*v = yaml.Node{Kind: yaml.ScalarNode, Value: value}
		return
	}
	m.Content = append(m.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: key}, &yaml.Node{Kind: yaml.ScalarNode, Value: value})
}

func flowMap(kv ...string) *yaml.Node {
	m := &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle}
	for _, s := range kv {
		m.Content = append(m.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: s})
	}
	return m
}

func deepCopy(n *yaml.Node) *yaml.Node {
	c := *n
	c.Content = nil
	for _, k := range n.Content {
		c.Content = append(c.Content, deepCopy(k))
	}
	return &c
}

// firstLinkList finds, depth first, the first list with an item that is a
// link ({label, href}).
func firstLinkList(n *yaml.Node) *yaml.Node {
	if n == nil {
		return nil
	}
	if n.Kind == yaml.SequenceNode {
		for _, it := range n.Content {
			if mapValue(it, "label") != nil && mapValue(it, "href") != nil {
				return n
			}
		}
	}
	for _, c := range n.Content {
		if l := firstLinkList(c); l != nil {
			return l
		}
	}
	return nil
}

// addRedirect adds a redirect to routing.yaml, making the list if need be.
func addRedirect(t *testing.T, fsys fstest.MapFS, from, to string) {
	t.Helper()
	editYAML(t, fsys, content.RoutingFile, func(root *yaml.Node) {
		list := mapValue(root, "redirects")
		if list == nil {
			m := root.Content[0]
			list = &yaml.Node{Kind: yaml.SequenceNode}
			m.Content = append(m.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: "redirects"}, list)
		}
		list.Content = append(list.Content, flowMap("from", from, "to", to))
	})
}

// retarget points every link and redirect to old at to instead, as an
// editor fixes references: in YAML values and in Markdown links.
func retarget(t *testing.T, fsys fstest.MapFS, old, to string) {
	t.Helper()
	for _, p := range slices.Sorted(stdmaps.Keys(fsys)) {
		data := fsys[p].Data
		if !strings.HasSuffix(p, ".yaml") && !strings.HasSuffix(p, ".md") || !bytes.Contains(data, []byte(old)) {
			continue
		}
		s := string(data)
		for _, pre := range []string{"href: ", "to: ", "](", `href: "`} {
			for _, end := range []string{"}", "\n", ")", "#", `"`, ","} {
				s = strings.ReplaceAll(s, pre+old+end, pre+to+end)
			}
		}
		fsys[p] = &fstest.MapFile{Data: []byte(s)}
	}
}

// withAlias adds an alias to an article's front matter.
func withAlias(t *testing.T, md []byte, alias string) []byte {
	t.Helper()
	parts := strings.SplitN(string(md), "---\n", 3)
	if len(parts) != 3 || parts[0] != "" {
		t.Fatalf("an article without front matter:\n%s", md)
	}
	var root yaml.Node
	if err := yaml.Unmarshal([]byte(parts[1]), &root); err != nil {
		t.Fatal(err)
	}
	m := root.Content[0]
	if list := mapValue(m, "aliases"); list != nil {
		list.Content = append(list.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: alias})
	} else {
		m.Content = append(m.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: "aliases"},
			&yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle, Content: []*yaml.Node{{Kind: yaml.ScalarNode, Value: alias}}})
	}
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(&root); err != nil {
		t.Fatal(err)
	}
	return []byte("---\n" + b.String() + "---\n" + parts[2])
}
