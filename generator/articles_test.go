package generator

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"image/png"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/vozia/site/internal/filecache"
	"github.com/vozia/site/internal/testkit/imagetest"
)

var (
	articlesOnce sync.Once
	articlesRes  *Result
	articlesErr  error
)

// articlesSite is the test site built once, as production builds it
// (fixedNow is after its published articles and before its scheduled one).
func articlesSite(t *testing.T) map[string][]byte {
	t.Helper()
	articlesOnce.Do(func() {
		articlesRes, articlesErr = Build(context.Background(), Options{Content: fixtureFS(t), FrontendDir: "../frontend", Now: fixedNow, BaseURL: "https://fixture.example"})
	})
	if articlesErr != nil {
		t.Fatal(articlesErr)
	}
	return files(articlesRes)
}

// TestArticlesUnpublishedAbsent: a draft and a scheduled article leave no
// trace in any file of a production build: page, index, tags, feeds,
// sitemap, route table, page data.
func TestArticlesUnpublishedAbsent(t *testing.T) {
	f := articlesSite(t)
	if f["insights/voice-follow-up/index.html"] == nil {
		t.Fatal("the published article is missing")
	}
	for p, data := range f {
		for _, s := range []string{"draft-note", "A draft note", "future-launch", "A launch to come", "drafts-only", "future-only"} {
			if bytes.Contains(data, []byte(s)) || strings.Contains(p, s) {
				t.Errorf("%s has %q", p, s)
			}
		}
	}
	// make dev builds them, with their banners.
	res, err := Build(context.Background(), Options{Content: fixtureFS(t), FrontendDir: "../frontend", Now: fixedNow, Drafts: true})
	if err != nil {
		t.Fatal(err)
	}
	dev := files(res)
	for p, banner := range map[string]string{"insights/draft-note/index.html": "Draft: not published", "insights/future-launch/index.html": "Scheduled for January 1, 2099"} {
		if !bytes.Contains(dev[p], []byte(banner)) {
			t.Errorf("make dev's %s lacks the banner %q", p, banner)
		}
		// Listed on the index with the same words as a badge, and left out
		// of the feeds and the sitemap, which are the site's.
		card := regexp.MustCompile(`<p class="article-card__badge article-card__badge--[a-z]+">` + regexp.QuoteMeta(banner) + `</p>`)
		if !card.Match(dev["insights/index.html"]) {
			t.Errorf("make dev's index lists %s without the badge %q", p, banner)
		}
		path := "/" + strings.TrimSuffix(p, "/index.html")
		for _, f := range []string{"insights/feed.xml", "insights/feed.json", "sitemap.xml"} {
			if bytes.Contains(dev[f], []byte(path+"<")) || bytes.Contains(dev[f], []byte(path+`"`)) {
				t.Errorf("make dev's %s lists %s", f, path)
			}
		}
	}
}

func TestArticlesFeeds(t *testing.T) {
	f := articlesSite(t)
	var atom struct {
		Entries []struct {
			ID      string `xml:"id"`
			Updated string `xml:"updated"`
			Content string `xml:"content"`
		} `xml:"entry"`
	}
	if err := xml.Unmarshal(f["insights/feed.xml"], &atom); err != nil {
		t.Fatal(err)
	}
	want := []string{"https://fixture.example/insights/on-premise", "https://fixture.example/insights/pulse-themes", "https://fixture.example/insights/voice-follow-up"}
	if len(atom.Entries) != 3 {
		t.Fatalf("atom entries %+v", atom.Entries)
	}
	for i, e := range atom.Entries {
		if e.ID != want[i] {
			t.Errorf("atom entry %d is %s, want %s (newest first)", i, e.ID, want[i])
		}
	}
	if c := atom.Entries[2].Content; !strings.Contains(c, `href="https://fixture.example/about"`) || !strings.Contains(c, "<table") {
		t.Errorf("atom content is not the full article with absolute links:\n%s", c)
	}
	if atom.Entries[1].Updated != "2026-02-20T00:00:00Z" {
		t.Errorf("updated %s, want the article's updated date", atom.Entries[1].Updated)
	}
	var jf struct {
		Version string `json:"version"`
		Items   []struct {
			ID          string `json:"id"`
			ContentHTML string `json:"content_html"`
		} `json:"items"`
	}
	if err := json.Unmarshal(f["insights/feed.json"], &jf); err != nil {
		t.Fatal(err)
	}
	if jf.Version != "https://jsonfeed.org/version/1.1" || len(jf.Items) != 3 || strings.Contains(jf.Items[1].ContentHTML, `src="/`) {
		t.Errorf("json feed %+v", jf)
	}
	// Every page links the feeds; the sitemap dates articles by their own dates.
	for _, p := range []string{"index.html", "about/index.html", "insights/pulse-themes/index.html"} {
		if !bytes.Contains(f[p], []byte(`<link rel="alternate" type="application/atom+xml" title="Insights" href="https://fixture.example/insights/feed.xml">`)) {
			t.Errorf("%s does not link the Atom feed", p)
		}
	}
	for _, want := range []string{
		"<loc>https://fixture.example/insights/pulse-themes</loc><lastmod>2026-02-20</lastmod>",
		"<loc>https://fixture.example/insights/voice-follow-up</loc><lastmod>2026-01-10</lastmod>",
		"<loc>https://fixture.example/insights</loc><lastmod>2026-03-01</lastmod>",
	} {
		if !bytes.Contains(f["sitemap.xml"], []byte(want)) {
			t.Errorf("sitemap lacks %q:\n%s", want, f["sitemap.xml"])
		}
	}
}

func TestArticlesHead(t *testing.T) {
	f := articlesSite(t)
	page := string(f["insights/pulse-themes/index.html"])
	for _, want := range []string{
		`<meta property="og:type" content="article">`,
		`<meta property="og:image" content="https://fixture.example/insights/pulse-themes/share.png">`,
		`<meta property="article:published_time" content="2026-02-02">`,
		`<meta property="article:modified_time" content="2026-02-20">`,
		`<meta property="article:section" content="Insights">`,
		`<meta property="article:tag" content="pulse">`,
		`<meta name="author" content="Ben Sample">`,
		`<link rel="canonical" href="https://fixture.example/insights/pulse-themes">`,
		`"@type":"BlogPosting","headline":"Pulse turns interviews into themes"`,
		`"datePublished":"2026-02-02","dateModified":"2026-02-20","author":{"@type":"Person","name":"Ben Sample"`,
		`"publisher":{"@type":"Organization","name":"Vozia","url":"https://fixture.example","logo":{"@type":"ImageObject","url":"https://fixture.example/images/logo.png"}}`,
		`"mainEntityOfPage":{"@type":"WebPage","@id":"https://fixture.example/insights/pulse-themes"}`,
		`{"@type":"ListItem","position":2,"name":"Insights","item":"https://fixture.example/insights"},{"@type":"ListItem","position":3,"name":"Pulse turns interviews into themes"`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the article's head lacks %s", want)
		}
	}
	// The index and tag pages use the site's share image.
	if !bytes.Contains(f["insights/tags/pulse/index.html"], []byte(`<meta property="og:image" content="https://fixture.example/images/share.png">`)) {
		t.Error("the tag page does not use the site's share image")
	}
	// The share image: 1200x630, one per article.
	img, err := png.Decode(bytes.NewReader(f["insights/pulse-themes/share.png"]))
	if err != nil || img.Bounds().Dx() != 1200 || img.Bounds().Dy() != 630 {
		t.Fatalf("share image: %v %v", err, img)
	}
	if bytes.Equal(f["insights/pulse-themes/share.png"], f["insights/on-premise/share.png"]) {
		t.Error("two articles have the same share image")
	}
}

// TestArticlesPagination: the head links the pages of the index.
func TestArticlesPagination(t *testing.T) {
	fsys := fixtureFS(t)
	for i := range 13 {
		fsys["articles/extra-"+string(rune('a'+i))+".md"] = &fstest.MapFile{Data: []byte("---\ntitle: Extra " + string(rune('A'+i)) + "\ndescription: Extra.\ndate: 2025-05-01\nauthor: ana\ncover: {src: /images/articles/voice.svg, alt: A circle}\n---\nExtra.\n")}
	}
	res, err := Build(context.Background(), Options{Content: fsys, FrontendDir: "../frontend", Now: fixedNow, BaseURL: "https://fixture.example"})
	if err != nil {
		t.Fatal(err)
	}
	f := files(res)
	if !bytes.Contains(f["insights/index.html"], []byte(`<link rel="next" href="https://fixture.example/insights/page/2">`)) {
		t.Error("/insights does not link its next page")
	}
	second := f["insights/page/2/index.html"]
	if !bytes.Contains(second, []byte(`<link rel="prev" href="https://fixture.example/insights">`)) || !bytes.Contains(second, []byte(`Page 2 of 2`)) {
		t.Errorf("/insights/page/2 lacks its prev link or its place")
	}
}

// TestArticleBrokenLinks: a broken link or #anchor in an article fails the
// build at the article's own line.
func TestArticleBrokenLinks(t *testing.T) {
	fsys := fixtureFS(t)
	fsys["articles/broken.md"] = &fstest.MapFile{Data: []byte("---\ntitle: Broken\ndescription: Broken links.\ndate: 2026-01-01\nauthor: ana\ncover: {src: /images/articles/voice.svg, alt: A circle}\n---\nIntro.\n\nSee [nothing](/nowhere) and [a part](#no-such-part).\n")}
	_, err := Build(context.Background(), Options{Content: fsys, FrontendDir: "../frontend", Now: fixedNow})
	for _, want := range []string{`articles/broken.md:10:5: link "/nowhere"`, `articles/broken.md:10:29: link "#no-such-part"`} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("errors lack %q:\n%v", want, err)
		}
	}
}

// TestShareImageCache: an unchanged article's image is taken from the
// cache, never drawn again.
func TestShareImageCache(t *testing.T) {
	cache := t.TempDir()
	opt := Options{Content: fixtureFS(t), FrontendDir: "../frontend", Now: fixedNow, CacheDir: cache}
	if _, err := Build(context.Background(), opt); err != nil {
		t.Fatal(err)
	}
	pack := filecache.NewPackfile(cache, "share")
	cached := pack.Keys()
	if len(cached) != 3 {
		t.Fatalf("%d share images cached, want 3", len(cached))
	}
	// Mark the cached images: a build that draws them again loses the mark.
	for _, k := range cached {
		data, _ := pack.Get(k)
		pack.Put(k, append(slices.Clip(data), "cached"...))
	}
	pack.KeepOnly(cached)
	res, err := Build(context.Background(), opt)
	if err != nil {
		t.Fatal(err)
	}
	if img := files(res)["insights/on-premise/share.png"]; !bytes.HasSuffix(img, []byte("cached")) {
		t.Error("the unchanged article's share image was drawn again")
	}
}

// TestArticlesValidate runs the independent checkers of tools/validate on
// the test site with its articles: html-validate and the structured-data
// checker on every page (the articles' BlogPosting among them), the Atom
// feed against its schema and the JSON Feed against its spec.
func TestArticlesValidate(t *testing.T) {
	tool, err := filepath.Abs("../tools/validate")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(tool, "node_modules", "xmllint-wasm")); err != nil {
		t.Fatalf("the checkers are not installed: run make test (it installs tools/validate): %v", err)
	}
	articlesSite(t)
	dir := filepath.Join(t.TempDir(), "site")
	if err := articlesRes.WriteTo(dir); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("node", filepath.Join(tool, "validate.mjs"), dir).CombinedOutput()
	if err != nil {
		t.Errorf("%v:\n%s", err, out)
	}
	if !bytes.Contains(out, []byte("2 feeds checked")) {
		t.Errorf("the feeds were not checked:\n%s", out)
	}
}

// TestFeedsAbsolute: in both feeds, every address of every entry's
// content (each href and src, each candidate of each srcset) is absolute,
// an article's link to a site path, its headings' anchors and footnotes,
// its photo's sources and its drawing included: a feed reader has no page
// to resolve a site path or a fragment against.
func TestFeedsAbsolute(t *testing.T) {
	fsys := fixtureFS(t)
	fsys["articles/feed-check/index.md"] = &fstest.MapFile{Data: []byte(`---
title: Every address absolute
description: An article whose links, notes and pictures a feed reader must reach.
date: 2026-03-01
author: ana
tags: [voice-ai]
cover: {src: /images/articles/voice.svg, alt: An orange circle on black}
---
See [who we are](/about), [home](/), [a note below](#why)[^1] and [mail](mailto:hello@fixture.example).

## Why

![A photo of the team](team.jpg)

![An orange circle](/images/articles/voice.svg)

[^1]: The note, with [a link](/about).
`)}
	fsys["articles/feed-check/team.jpg"] = &fstest.MapFile{Data: imagetest.JPEG(imagetest.Photo(640, 400, 7), 80, 1)}
	res, err := Build(context.Background(), Options{Content: fsys, FrontendDir: "../frontend", Now: fixedNow, BaseURL: "https://fixture.example"})
	if err != nil {
		t.Fatal(err)
	}
	f := files(res)
	var atom struct {
		Entries []struct {
			ID      string `xml:"id"`
			Content string `xml:"content"`
		} `xml:"entry"`
	}
	if err := xml.Unmarshal(f["insights/feed.xml"], &atom); err != nil {
		t.Fatal(err)
	}
	var jf struct {
		Items []struct {
			ID          string `json:"id"`
			ContentHTML string `json:"content_html"`
		} `json:"items"`
	}
	if err := json.Unmarshal(f["insights/feed.json"], &jf); err != nil {
		t.Fatal(err)
	}
	bodies := map[string]string{}
	for _, e := range atom.Entries {
		bodies["atom "+e.ID] = e.Content
	}
	for _, it := range jf.Items {
		bodies["json "+it.ID] = it.ContentHTML
	}
	const entry = "https://fixture.example/insights/feed-check"
	for _, feed := range []string{"atom ", "json "} {
		if _, ok := bodies[feed+entry]; !ok {
			t.Fatalf("the %sfeed has no entry %s", feed, entry)
		}
	}
	for name, body := range bodies {
		addrs := feedAddresses(t, body)
		for _, a := range addrs {
			if u, err := url.Parse(a.value); err != nil || !u.IsAbs() {
				t.Errorf("%s: <%s %s=%q> is not absolute", name, a.elem, a.attr, a.value)
			}
		}
		if !strings.HasSuffix(name, entry) {
			continue
		}
		// The article's own addresses are there, each absolute as a reader
		// follows it.
		for _, want := range []string{
			"a href=https://fixture.example/about", "a href=https://fixture.example/", "a href=" + entry + "#why",
			"a href=" + entry + "#fn-1", "a href=" + entry + "#fnref-1", "a href=mailto:hello@fixture.example",
			"img src=https://fixture.example/images/articles/voice.svg",
		} {
			if !slices.ContainsFunc(addrs, func(a feedAddress) bool { return a.elem+" "+a.attr+"="+a.value == want }) {
				t.Errorf("%s lacks <%s>:\n%s", name, want, body)
			}
		}
		srcsets := 0
		for _, a := range addrs {
			if a.attr == "srcset" && strings.HasPrefix(a.value, "https://fixture.example/") {
				srcsets++
			}
		}
		if !strings.Contains(body, "<picture>") || srcsets == 0 {
			t.Errorf("%s shows no photo with its sources:\n%s", name, body)
		}
	}
}

// feedAddress is one address of an entry's content.
type feedAddress struct{ elem, attr, value string }

// feedAddresses are the addresses of an entry's HTML, as a browser parses
// it: each href and src, and each candidate of a srcset.
func feedAddresses(t *testing.T, body string) []feedAddress {
	t.Helper()
	nodes, err := html.ParseFragment(strings.NewReader(body), &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div})
	if err != nil {
		t.Fatal(err)
	}
	var out []feedAddress
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			for _, a := range n.Attr {
				switch a.Key {
				case "href", "src":
					out = append(out, feedAddress{n.Data, a.Key, a.Val})
				case "srcset":
					for _, c := range strings.Split(a.Val, ",") {
						if fields := strings.Fields(c); len(fields) > 0 {
							out = append(out, feedAddress{n.Data, a.Key, fields[0]})
						}
					}
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	for _, n := range nodes {
		walk(n)
	}
	return out
}

// TestArticleWithoutCover: an article with no cover (as an editor leaves
// the web editor's Cover empty) is published with the site's plain
// cover, drawn in the site's colour: on its page, as its lead image, and
// on its card, as a decoration (alt=""), and the file is there.
func TestArticleWithoutCover(t *testing.T) {
	fsys := fixture(t)
	const accent = "#1A7F5A"
	site := fsys["site.yaml"]
	site.Data = regexp.MustCompile(`themeColor: "#[0-9A-Fa-f]{6}"`).ReplaceAll(site.Data, []byte(`themeColor: "`+accent+`"`))
	fsys["articles/plain.md"] = &fstest.MapFile{Data: []byte("---\ntitle: A plain article\ndescription: No picture yet.\ndate: 2026-01-05\nauthor: ana\n---\nText.\n")}
	res, err := Build(context.Background(), Options{Content: fsys, FrontendDir: "../frontend", Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	f := files(res)
	cover := regexp.MustCompile(`<img src="/cover.svg" width="1200" height="630" alt=""[^>]*class="article-cover"`)
	if page := f["insights/plain/index.html"]; !cover.Match(page) || !bytes.Contains(page, []byte(`<link rel="preload" as="image" href="/cover.svg"`)) {
		t.Errorf("the article's page does not lead with the plain cover:\n%s", regexp.MustCompile(`<img[^>]*>`).FindAll(page, -1))
	}
	doc, err := html.Parse(bytes.NewReader(f["insights/index.html"]))
	if err != nil {
		t.Fatal(err)
	}
	var card bool
	each(doc, func(n *html.Node) {
		if n.DataAtom == atom.Li && strings.Contains(attr(n, "class"), "article-card") && strings.Contains(text(n), "A plain article") {
			each(n, func(img *html.Node) {
				card = card || img.DataAtom == atom.Img && attr(img, "src") == "/cover.svg"
			})
		}
	})
	if !card {
		t.Error("the article's card on the index does not show the plain cover")
	}
	var svg struct {
		Width  string `xml:"width,attr"`
		Height string `xml:"height,attr"`
	}
	if err := xml.Unmarshal(f["cover.svg"], &svg); err != nil || svg.Width != "1200" || svg.Height != "630" || !bytes.Contains(f["cover.svg"], []byte(`fill="`+accent+`"`)) {
		t.Errorf("cover.svg is not a 1200x630 drawing in the site's colour %s (%v):\n%s", accent, err, f["cover.svg"])
	}
}
