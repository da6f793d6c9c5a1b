package load

import (
	"cmp"
	"fmt"
	"io/fs"
	"maps"
	"math"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/field"
	"github.com/vozia/site/generator/content/sections"
	"github.com/vozia/site/generator/imagefiles"
)

// Articles: one Markdown file per article under articles/, either
// articles/<slug>.md or articles/<slug>/index.md with the article's own
// images beside it. The front matter (ArticleFront) names an author of
// collections/authors.yaml. The page that holds a section of kind
// article-index (pages/insights.yaml) is the articles' index, and its path
// their home: for /insights the build adds
//
//	/insights/<slug>            each article (sections article and contact)
//	/insights/page/<n>          the index's further pages, ArticlesPerPage each
//	/insights/tags/<tag>        every article with a tag, paginated likewise;
//	                            with fewer than MinTagArticles, noindex and
//	                            not in the sitemap (Route.Thin)
//
// newest first, and a section of kind latest-articles on any page shows the
// newest few. An article that is a draft, or dated after the build's day,
// is left out of everything unless Options.Drafts (make dev), which
// shows it with a banner saying so.

// Options are what a load depends on besides the files.
type Options struct {
	// Now is the build's time: an article dated after its day is
	// scheduled. Zero means time.Now().
	Now time.Time
	// Drafts keeps drafts and scheduled articles, with a banner (make dev).
	Drafts bool
}

// articles loads articles/ and makes their pages. It runs after the pages
// are read and before the route table is made.
func (l *loader) articles(s *content.Site, opt Options) {
	s.Authors = l.authors()
	// The index: the page holding the article-index section.
	var index *content.Page
	var indexSec *sections.ArticleIndexSection
	for _, p := range pagesInOrder(s) {
		for _, sec := range p.Sections {
			if ai, ok := sec.Value.(*sections.ArticleIndexSection); ok {
				if index != nil {
					l.errs = append(l.errs, sec.Pos.Errorf("%s already lists the articles: one page is their index", index.Route.File))
					continue
				}
				index, indexSec = p, ai
			}
		}
	}
	base := ""
	if index != nil {
		base = index.Route.Path
	}
	var labels content.ArticleLabels
	if indexSec != nil {
		labels = indexSec.ArticleLabels
	}
	var list []*content.LoadedArticle
	slugs := map[string]string{}
	if _, err := fs.Stat(l.fsys, "articles"); err == nil {
		fs.WalkDir(l.fsys, "articles", func(file string, d fs.DirEntry, err error) error {
			if err != nil || !d.Type().IsRegular() {
				return err // a link is reported as one (files.go)
			}
			slug, ok := articleSlug(file)
			if !ok {
				if path.Ext(file) == ".md" || path.Dir(file) == "articles" {
					l.errs = append(l.errs, content.Error{File: file, Line: 1, Col: 1, Message: "not an article: write articles/<slug>.md, or articles/<slug>/index.md with its images beside it"})
				}
				return nil
			}
			if prev, dup := slugs[slug]; dup {
				l.errs = append(l.errs, content.Error{File: file, Line: 1, Col: 1, Message: fmt.Sprintf("%s already has the slug %q: two articles cannot share a page", prev, slug)})
				return nil
			}
			slugs[slug] = file
			if !content.TagPattern.MatchString(slug) {
				l.errs = append(l.errs, content.Error{File: file, Line: 1, Col: 1, Message: fmt.Sprintf("%q cannot be a page's address: name the article with a slug, like %q", slug, field.Slugify(slug))})
				return nil
			}
			if a := l.article(file, slug, base, labels, s, opt); a != nil {
				list = append(list, a)
			}
			return nil
		})
	}
	if index == nil {
		// A page that could not be read may be the index.
		if len(list) > 0 && !l.failedUnder("pages") {
			l.errs = append(l.errs, content.Error{File: list[0].File, Line: 1, Col: 1, Message: "no page lists the articles: add a page (pages/insights.yaml) with a section of kind article-index"})
		}
		return
	}
	slices.SortStableFunc(list, func(a, b *content.LoadedArticle) int {
		return cmp.Or(-strings.Compare(string(a.Front.Date), string(b.Front.Date)), strings.Compare(a.Slug, b.Slug))
	})
	for _, a := range list {
		a.Path = base + "/" + a.Slug
		a.ShareImage = a.Path + "/share.png"
		if a.Front.Share == "cover" { // a photo: a JPEG is a tenth of the PNG
			a.ShareImage = a.Path + "/share.jpg"
		}
		if a.CoverName != "" { // beside the article: published in its folder
			a.Cover.Src = a.Path + "/" + a.CoverName
		}
	}
	s.Articles = list
	s.ArticleIndex = base
	if len(list) > 0 {
		for _, f := range articleFeeds {
			s.Feeds = append(s.Feeds, content.FeedLink{Title: index.Route.Title, Type: f.Type, Path: base + "/" + f.Name})
		}
	}
	tags := map[string][]*content.LoadedArticle{}
	for _, a := range list {
		for _, t := range a.Front.Tags {
			tags[t] = append(tags[t], a)
		}
	}
	names := l.tagNames()
	l.tagsNamed(tags, names)
	tagName := func(t string) string {
		if n, ok := names[t]; ok {
			return n
		}
		return content.UnnamedTag(t)
	}
	tagLinks := func(ts []string) []content.TagLink {
		out := []content.TagLink{}
		for _, t := range ts {
			out = append(out, content.TagLink{Tag: t, Name: tagName(t), URL: base + "/tags/" + t})
		}
		return out
	}
	// banner is what an unpublished article's page and cards say of it.
	banner := func(a *content.LoadedArticle) string {
		switch a.Status {
		case "draft":
			return labels.Draft
		case "scheduled":
			return strings.ReplaceAll(labels.Scheduled, "{date}", content.DateText(string(a.Front.Date), labels.Months))
		}
		return ""
	}
	card := func(a *content.LoadedArticle) content.ArticleCard {
		return content.ArticleCard{
			URL: a.Path, Title: a.Front.Title, Description: a.Front.Description, Date: string(a.Front.Date),
			DateLabel: content.DateText(string(a.Front.Date), labels.Months), ReadingTime: strings.ReplaceAll(labels.ReadingTime, "{minutes}", strconv.Itoa(a.Minutes)),
			AuthorName: a.Author.Name, Cover: a.Cover, Tags: tagLinks(a.Front.Tags), Status: a.Status, Badge: banner(a),
		}
	}
	cards := func(as []*content.LoadedArticle) []content.ArticleCard {
		out := []content.ArticleCard{}
		for _, a := range as {
			out = append(out, card(a))
		}
		return out
	}
	allTags := tagLinks(slices.Sorted(maps.Keys(tags)))
	feed := ""
	if len(s.Feeds) > 0 {
		feed = s.Feeds[0].Path
	}

	// The index's pages, and each tag's, ArticlesPerPage articles to a
	// page: page 1 at the list's own path, then <path>/page/<n>. A tag of
	// fewer than MinTagArticles articles is Thin.
	listPages := func(path string, as []*content.LoadedArticle, tag string) {
		pages := max(1, (len(as)+content.ArticlesPerPage-1)/content.ArticlesPerPage)
		pageURL := func(n int) string {
			if n == 1 {
				return path
			}
			return fmt.Sprintf("%s/page/%d", path, n)
		}
		lastMod := ""
		if len(as) > 0 {
			lastMod = slices.Max(mapSlice(as, (*content.LoadedArticle).Modified))
		}
		for n := 1; n <= pages; n++ {
			sec := *indexSec
			sec.Articles = cards(as[(n-1)*content.ArticlesPerPage : min(n*content.ArticlesPerPage, len(as))])
			sec.Tag, sec.Tags, sec.Page, sec.Pages, sec.IndexURL, sec.FeedURL = tag, allTags, n, pages, base, feed
			if tag != "" {
				sec.Heading = strings.ReplaceAll(labels.TaggedHeading, "{tag}", tagName(tag))
			}
			if n > 1 {
				sec.NewerURL = pageURL(n - 1)
			}
			if n < pages {
				sec.OlderURL = pageURL(n + 1)
			}
			p := index
			if tag != "" || n > 1 {
				p = l.derivedPage(s, index, pageURL(n))
			}
			if tag != "" {
				p.Route.Title, p.Route.Name = sec.Heading, tagName(tag)
				p.Route.Description = fmt.Sprintf("%s: %s", sec.Heading, index.Route.Description)
			}
			if n > 1 {
				label := strings.NewReplacer("{page}", strconv.Itoa(n), "{pages}", strconv.Itoa(pages)).Replace(labels.PageLabel)
				p.Route.Title = p.Route.Title + " – " + label
				p.Route.Name = label
			}
			p.Route.Prev, p.Route.Next, p.Route.LastMod = sec.NewerURL, sec.OlderURL, lastMod
			p.Route.Thin = tag != "" && len(as) < content.MinTagArticles
			p.Sections = replaceSection(p.Sections, &sec)
		}
	}
	listPages(base, list, "")
	for _, t := range slices.Sorted(maps.Keys(tags)) {
		listPages(base+"/tags/"+t, tags[t], t)
	}

	// The articles' pages.
	publisher := s.Config.BaseURL
	var closing []content.Section
	for i, sec := range index.Sections {
		if _, ok := sec.Value.(*sections.ArticleIndexSection); ok {
			closing = index.Sections[i+1:]
		}
	}
	for _, a := range list {
		sec := &content.ArticleSection{
			Title: a.Front.Title, Description: a.Front.Description, Date: string(a.Front.Date), Updated: string(a.Front.Updated),
			DateLabel: content.DateText(string(a.Front.Date), labels.Months), ReadingTime: strings.ReplaceAll(labels.ReadingTime, "{minutes}", strconv.Itoa(a.Minutes)),
			Author: a.Author, Cover: a.Cover, Tags: tagLinks(a.Front.Tags), TOC: a.TOC, Text: a.Text, Images: a.Images,
			Related: cards(related(a, list, 3)), Status: a.Status, Labels: labels, IndexURL: base,
		}
		a.Shown = sec
		sec.Banner = banner(a)
		pos := field.Pos{File: a.File, Line: 1, Col: 1}
		p := &content.Page{
			Route: content.Route{
				Pos: pos, Path: a.Path, File: a.File,
				PageMeta: content.PageMeta{
					Title: a.Front.Title, Description: a.Front.Description, Name: a.Front.Title,
					Keywords: a.Front.Tags, Image: a.ShareImage,
					Article: &content.Article{Author: a.Author.Name, Publisher: publisher},
				},
				Posting: &content.Posting{
					Published: string(a.Front.Date), Modified: a.Modified(), Author: a.Author, Tags: a.Front.Tags,
					Section: cmp.Or(index.Route.Name, index.Route.Title), Image: a.ShareImage,
				},
				LastMod: a.Modified(),
			},
			// The index's closing sections (its call to action) close
			// every article too.
			Sections: append([]content.Section{{Kind: "article", Pos: pos, Value: sec}}, closing...),
		}
		l.addPage(s, p)
	}

	// Every latest-articles section.
	for _, p := range s.Pages {
		for _, sec := range p.Sections {
			if la, ok := sec.Value.(*sections.LatestArticlesSection); ok {
				la.Articles = cards(list[:min(cmp.Or(la.Count, 3), len(list))])
			}
		}
	}
}

// article reads one article; nil when it is left out or has errors.
func (l *loader) article(file, slug, base string, labels content.ArticleLabels, s *content.Site, opt Options) *content.LoadedArticle {
	var f content.ArticleFront
	body, bodyLine, ok := l.frontMatter(file, "an article starts with front matter: a line \"---\", its title, description, date, author and cover in YAML, and another \"---\" (see content/README.md, Write an article)", &f)
	if !ok {
		return nil
	}
	a := &content.LoadedArticle{Slug: slug, File: file, Front: f}
	if f.Author != "" && !l.failed(content.AuthorsFile) {
		i := slices.IndexFunc(s.Authors, func(au content.Author) bool { return au.Key == f.Author })
		if i < 0 {
			keys := mapSlice(s.Authors, func(au content.Author) string { return au.Key })
			l.errs = append(l.errs, l.keyPos(file, "author").Errorf("author %q is not in %s%s; its authors are %s", f.Author, content.AuthorsFile, field.DidYouMean(f.Author, keys), strings.Join(keys, ", ")))
		} else {
			a.Author = s.Authors[i]
		}
	}
	if full := f.Title + content.TitleSuffix(s.Config.Brand); f.Title != "" && utf8.RuneCountInString(full) > content.MaxTitle {
		l.errs = append(l.errs, l.keyPos(file, "title").Errorf("title %q is %d characters with \" | %s\"; search engines cut titles after %d", f.Title, utf8.RuneCountInString(full), s.Config.Brand, content.MaxTitle))
	}
	today := opt.Now.UTC().Format(time.DateOnly)
	switch {
	case f.Draft:
		a.Status = "draft"
	case f.Date != "" && string(f.Date) > today:
		a.Status = "scheduled"
	}
	// The cover: a site image, a file beside the article's index.md, or
	// the site's plain cover.
	dir := path.Dir(file)
	a.Cover = coverImage(f.Cover)
	if f.Cover.Src != "" && !strings.HasPrefix(f.Cover.Src, "/") {
		if path.Base(file) != "index.md" || strings.Contains(f.Cover.Src, "/") {
			l.errs = append(l.errs, f.Cover.SrcAt.Errorf("cover %q: write a site path (/images/...), or put the article in a folder (articles/%s/index.md) with the image beside it", f.Cover.Src, slug))
		} else if _, err := fs.Stat(l.fsys, path.Join(dir, f.Cover.Src)); err != nil {
			l.errs = append(l.errs, f.Cover.SrcAt.Errorf("cover %q: no such file beside %s%s", f.Cover.Src, file, field.FileHint(l.fsys, dir, f.Cover.Src)))
		} else {
			// Read, checked and processed from its folder; its site path is
			// known once the index's is (articles()).
			a.Cover.Original = "/" + path.Join(dir, f.Cover.Src)
			l.sizeImage(&a.Cover)
			a.CoverName = f.Cover.Src
		}
	} else if f.Cover.Src != "" {
		l.sizeImage(&a.Cover)
	} else {
		// No cover: the site's plain one, which says nothing a reader
		// needs (alt="", as a decoration).
		a.Cover = content.Image{Pos: l.keyPos(file, "title"), Src: content.DefaultCover, Width: content.CoverWidth, Height: content.CoverHeight}
	}
	folder := ""
	if path.Base(file) == "index.md" {
		folder = base + "/" + slug
	}
	bodyAt := field.Pos{File: file, Line: bodyLine, Col: 1}
	if !f.Draft {
		l.bodyPlaceholders(bodyAt, body)
	}
	text, toc, words, imgs := l.renderArticle(bodyAt, l.citeMarkdown(bodyAt, body, false), folder, labels)
	a.Text, a.TOC, a.Images = text, toc, imgs
	a.Minutes = max(1, int(math.Ceil(float64(words)/content.WordsPerMinute)))
	if l.failed(file) {
		l.broken[base+"/"+slug] = file
		return nil
	}
	if a.Status != "" {
		l.unpublished[base+"/"+slug] = a
		if !opt.Drafts {
			return nil
		}
	}
	return a
}

// articleSlug is the slug of an article file, false for a file that is not
// one (an image beside an index.md).
func articleSlug(file string) (string, bool) {
	rel := strings.TrimPrefix(file, "articles/")
	parts := strings.Split(rel, "/")
	switch {
	case len(parts) == 1 && path.Ext(rel) == ".md":
		return strings.TrimSuffix(rel, ".md"), true
	case len(parts) == 2 && parts[1] == "index.md":
		return parts[0], true
	}
	return "", false
}

// tagsNamed warns of a tag that one article alone has, with no file of
// its own, when a tag with a file is a typo away: misspelt, it would make a
// page of its own and take the article off the tag's page, with no
// error (a tag needs no file).
func (l *loader) tagsNamed(tags map[string][]*content.LoadedArticle, names map[string]string) {
	known := slices.Sorted(maps.Keys(names))
	for t, as := range tags {
		if _, ok := names[t]; ok || len(as) != 1 {
			continue
		}
		near := field.Closest(t, known)
		if near == "" {
			continue
		}
		// Where the front matter names it: on the line of "tags:", or on
		// a line of its list below.
		line, col := 1, 1
		if data, ok := l.read(as[0].File, MaxMarkdownBytes); ok {
			for i, ln := range strings.Split(string(data), "\n")[1:] {
				if strings.TrimSpace(ln) == "---" {
					break
				}
				if c := strings.Index(ln, t); c >= 0 && (strings.HasPrefix(ln, "tags:") || strings.HasPrefix(strings.TrimLeft(ln, " "), "- ")) {
					line, col = i+2, c+1
					break
				}
			}
		}
		l.warnings = append(l.warnings, content.Error{File: as[0].File, Line: line, Col: col, Message: fmt.Sprintf(
			"tag %q is on this article alone and has no file in %s: did you mean %q? (a new tag is listed on a page of its own; give it a file to name it)", t, content.TagsFolder, near)})
	}
}

// tagNames reads TagsFolder (optional): each tag's name, by slug, the
// file's name.
func (l *loader) tagNames() map[string]string {
	out := map[string]string{}
	if _, err := fs.Stat(l.fsys, content.OldTagsFile); err == nil {
		l.errs = append(l.errs, content.Error{File: content.OldTagsFile, Line: 1, Col: 1, Message: fmt.Sprintf(
			"tags are one file each now: move each {key: …, name: …} to %s/<key>.yaml holding name: …, and delete this file", content.TagsFolder)})
	}
	entries, err := fs.ReadDir(l.fsys, content.TagsFolder)
	if err != nil {
		return out
	}
	for _, e := range entries {
		file := content.TagsFolder + "/" + e.Name()
		key, ok := strings.CutSuffix(e.Name(), ".yaml")
		if e.IsDir() || !ok {
			l.errs = append(l.errs, content.Error{File: file, Line: 1, Col: 1, Message: fmt.Sprintf("%s holds one file per tag, <tag>.yaml: move or delete this one", content.TagsFolder)})
			continue
		}
		if !content.TagPattern.MatchString(key) {
			l.errs = append(l.errs, content.Error{File: file, Line: 1, Col: 1, Message: fmt.Sprintf(
				"a tag's file is named by its slug, as articles write the tag: rename it %s.yaml", field.Slugify(key))})
			continue
		}
		var n content.TagName
		if !l.yaml(file, &n) {
			continue
		}
		out[key] = n.Name
	}
	return out
}

func (l *loader) authors() []content.Author {
	if _, err := fs.Stat(l.fsys, content.AuthorsFile); err != nil {
		return nil
	}
	var authors []content.Author
	l.yaml(content.AuthorsFile, &authors)
	seen := map[string]bool{}
	for _, a := range authors {
		if seen[a.Key] {
			l.errs = append(l.errs, a.Pos.Errorf("key %q: another author has it", a.Key))
		}
		seen[a.Key] = true
		if !content.TagPattern.MatchString(a.Key) {
			l.errs = append(l.errs, a.Pos.Errorf("key %q: write it as a slug (%q)", a.Key, field.Slugify(a.Key)))
		}
	}
	l.sizeImages(authors)
	return authors
}

// derivedPage adds a copy of the index page at another path.
func (l *loader) derivedPage(s *content.Site, index *content.Page, p string) *content.Page {
	cp := *index
	cp.Route.Path = p
	cp.Route.Breadcrumbs = nil
	cp.Sections = slices.Clone(index.Sections)
	l.addPage(s, &cp)
	return &cp
}

func (l *loader) addPage(s *content.Site, p *content.Page) {
	if prev, dup := s.Pages[p.Route.Path]; dup {
		l.errs = append(l.errs, content.Error{File: p.Route.File, Line: 1, Col: 1, Message: fmt.Sprintf("%s is already the page at %s", prev.Route.File, p.Route.Path)})
		return
	}
	s.Pages[p.Route.Path] = p
}

func replaceSection(secs []content.Section, v any) []content.Section {
	out := slices.Clone(secs)
	for i, sec := range out {
		if _, ok := sec.Value.(*sections.ArticleIndexSection); ok {
			out[i].Value = v
		}
	}
	return out
}

// related are up to n other articles sharing the most tags with a, the
// newest first among equals.
func related(a *content.LoadedArticle, list []*content.LoadedArticle, n int) []*content.LoadedArticle {
	type scored struct {
		a      *content.LoadedArticle
		shared int
	}
	var out []scored
	for _, b := range list {
		if b == a {
			continue
		}
		shared := 0
		for _, t := range b.Front.Tags {
			if slices.Contains(a.Front.Tags, t) {
				shared++
			}
		}
		if shared > 0 {
			out = append(out, scored{b, shared})
		}
	}
	slices.SortStableFunc(out, func(x, y scored) int { return y.shared - x.shared }) // list is newest first
	res := []*content.LoadedArticle{}
	for _, s := range out[:min(n, len(out))] {
		res = append(res, s.a)
	}
	return res
}

func mapSlice[T, U any](in []T, f func(T) U) []U {
	out := make([]U, len(in))
	for i, v := range in {
		out[i] = f(v)
	}
	return out
}

func pagesInOrder(s *content.Site) []*content.Page {
	out := make([]*content.Page, 0, len(s.Pages))
	for _, k := range slices.Sorted(maps.Keys(s.Pages)) {
		out = append(out, s.Pages[k])
	}
	return out
}

// articleFeeds are the feed files below an index.
var articleFeeds = []struct{ Name, Type string }{
	{"feed.xml", "application/atom+xml"},
	{"feed.json", "application/feed+json"},
}

// coverImage is the cover as pages show it: a photo cropped by the build
// to the cover's shape around its focus, and, for any image, the focus
// as the CSS object-position of the frame it is shown in.
func coverImage(c content.ArticleImage) content.Image {
	img := content.Image{Pos: c.SrcAt, Src: c.Src, Alt: c.Alt}
	x, y := coverFocus(c)
	if c.Focus != nil || c.Position != "" {
		img.Focus = fmt.Sprintf("%g%% %g%%", math.Round(x*1000)/10, math.Round(y*1000)/10)
	}
	if img.Processed() {
		img.Crop = &imagefiles.Crop{W: content.CoverWidth, H: content.CoverHeight, X: x, Y: y}
	}
	return img
}

// coverFocus is the cover's focal point: its focus, its position, or the centre.
func coverFocus(c content.ArticleImage) (x, y float64) {
	switch {
	case c.Focus != nil:
		return c.Focus.X, c.Focus.Y
	case c.Position == "top":
		return 0.5, 0
	case c.Position == "bottom":
		return 0.5, 1
	}
	return 0.5, 0.5
}
