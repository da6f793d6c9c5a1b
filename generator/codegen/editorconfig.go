package codegen

import (
	"bytes"
	"fmt"
	"path"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/field"
	"github.com/vozia/site/generator/content/icons"
	"github.com/vozia/site/generator/content/sections"
	"github.com/vozia/site/generator/content/security"
	"github.com/vozia/site/generator/content/siteconfig"
	"github.com/vozia/site/generator/decode"
	"github.com/vozia/site/generator/imagefiles"
	"github.com/vozia/site/internal/contactform"
)

// The web editor at /admin/ (Sveltia CMS) is configured by a file,
// frontend/admin/config.yml, that EditorConfig writes from the same Go
// types the build decodes content into: every page, article, collection
// and settings file, each field with the widget of its type, required
// unless its key is tagged omitempty, its help taken from the field's doc
// comment, and the rules the build checks that a form can check too
// (enums, icon names, lengths, slug and date patterns, alt text) as the
// editor's own validation. So the editor cannot save what the build would
// refuse for any of those reasons; what only the build can judge (links
// between pages, claims, images' sizes) the build of the pull request
// reports. A test fails while the committed file is stale (`make types`).

// imagesFolder is where the site's images live in the repository: a site
// path /images/x is the file content/images/x.
const imagesFolder = "content/images"

// EditorRepo is the GitHub repository the editor opens pull requests on.
const EditorRepo = "vozia/site"

// DocFunc returns the doc comment of a field of a named Go type, or of the
// type itself when field is empty.
type DocFunc func(typeName, field string) string

// editorRule is what a field's Go declaration says beyond its type: the
// values it may take, the pattern it must match, its length or its number
// of items, as the Validate methods and decoders check them.
type editorRule struct {
	options []string
	// pattern is a JavaScript regular expression (the editor's), message
	// what the editor says when a value does not match it.
	pattern   string
	message   string
	maxLength int
	min, max  float64
	// items is the exact number of items of a list, minItems the least.
	items, minItems int
	text            bool
}

// editorRules are the rules of single fields, by "Type.Field". Each points
// at the declaration the build checks against, so that a change there
// changes the editor's validation too; TestEditorRules checks that each
// reaches the configuration and that its pattern accepts what the build
// accepts.
var editorRules = map[string]editorRule{
	"CardsSection.Variant":         {options: sections.CardVariants()},
	"ChatMessage.From":             {options: sections.ChatSpeakers()},
	"Action.Site":                  {options: content.SiteAddresses},
	"Claim.Kind":                   {options: content.ClaimKinds()},
	"Demo.Opens":                   {options: []string{siteconfig.DemoOpensPage, siteconfig.DemoOpensHostedForm}},
	"EnquiryProduct.ID":            {pattern: contactform.ProductPattern, message: "lowercase letters, digits and single hyphens, like health-companion"},
	"Framework.Name":               {options: security.FrameworkNames()},
	"SocialProfile.Name":           {options: siteconfig.ProfileNames()},
	"Framework.Status":             {options: security.FrameworkStatuses},
	"Security.BAA":                 {options: security.BAAOptions},
	"Claim.Key":                    {pattern: content.ClaimKey.String(), message: "lowercase letters, digits and single hyphens"},
	"CollectionSection.Collection": {options: sections.CardCollections()},
	// The editor counts UTF-16 units: an emoji counts twice, stricter
	// than the build.
	"ArticleFront.Title":       {pattern: `^.{0,` + editorTitleRoom + `}$`, message: fmt.Sprintf("at most %s characters: the build adds the brand to the title, and search engines cut a title after %d", editorTitleRoom, content.MaxTitle)},
	"ArticleFront.Description": {maxLength: content.MaxDescription, text: true},
	"ArticleFront.Tags":        {pattern: content.TagPattern.String(), message: "a tag is lowercase letters, digits and single hyphens, like voice-ai"},
	// A record's id is its page's address (load/details.go).
	"CaseStudy.ID":                    {pattern: content.TagPattern.String(), message: "lowercase letters, digits and single hyphens, like harbour-logistics"},
	"Service.ID":                      {pattern: content.TagPattern.String(), message: "lowercase letters, digits and single hyphens, like voice-agents"},
	"ArticleFront.Share":              {options: content.ShareSources()},
	"ArticleImage.Position":           {options: content.CoverPositions()},
	"Focus.X":                         {min: 0, max: 1},
	"Focus.Y":                         {min: 0, max: 1},
	"ArticleFront.Aliases":            {pattern: addressPattern, message: addressMessage},
	"PageMeta.Aliases":                {pattern: addressPattern, message: addressMessage},
	"RedirectRule.From":               {pattern: addressPattern, message: addressMessage},
	"RedirectRule.To":                 {pattern: sitePathPattern, message: sitePathMessage},
	"RewriteRule.To":                  {pattern: sitePathPattern, message: sitePathMessage},
	"Breadcrumb.URL":                  {pattern: sitePathPattern, message: sitePathMessage},
	"Image.Alt":                       {pattern: `\S`, message: "describe what the image shows, for visitors who cannot see it"},
	"Review.RatingValue":              {min: 1, max: 5},
	"ReviewsSection.RatingLabel":      {pattern: `\{rating\}`, message: "must contain {rating}"},
	"ReviewsSection.Months":           {items: 12},
	"WebinarsSection.Months":          {items: 12},
	"ArticleLabels.Months":            {items: 12},
	"ArticleLabels.ReadingTime":       {pattern: `\{minutes\}`, message: "must contain {minutes}"},
	"ArticleLabels.TaggedHeading":     {pattern: `\{tag\}`, message: "must contain {tag}"},
	"ArticleLabels.PageLabel":         {pattern: `\{page\}`, message: "must contain {page}"},
	"ArticleLabels.Scheduled":         {pattern: `\{date\}`, message: "must contain {date}"},
	"ArticleLabels.Footnote":          {pattern: `\{n\}`, message: "must contain {n}"},
	"Footer.Copyright":                {pattern: `\{year\}`, message: "must contain {year}"},
	"FoundersSection.ProfileLabel":    {pattern: `\{name\}`, message: "must contain {name}"},
	"Analytics.MeasurementID":         {pattern: siteconfig.MeasurementID.String(), message: "a measurement ID like G-XXXXXXX: capital letters and digits"},
	"Webinar.Time":                    {pattern: timePattern.String(), message: "a 24-hour time like 14:00"},
	"PulseDashboardSection.Sentiment": {min: 0, max: 100},
}

var (
	timePattern = regexp.MustCompile(`^([01]\d|2[0-3]):[0-5]\d$`)
	hexPattern  = regexp.MustCompile(`^#[0-9A-Fa-f]{6}$`)
)

// datePattern is field.Date's rule as a pattern: YYYY-MM-DD, a month that
// exists and a day that the month has (February's 29th in any year: the
// build says which years have none).
const (
	datePattern = `^\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|02-(?:0[1-9]|1\d|2\d))$`
	dateMessage = "a date written YYYY-MM-DD, like 2026-03-14"
)

// sitePathPattern is checkPath as a pattern: a leading slash, no trailing
// one except for the root, no query, fragment, space or backslash; addressPattern
// adds checkAddress's refusal of the reserved paths.
var (
	sitePathPattern = `^/(?:[^/?# \\](?:[^?# \\]*[^/?# \\])?)?$`
	sitePathMessage = "a site path like /solutions/voice-ai: a leading slash, none at the end"
	addressPattern  = `^(?!(?:` + strings.Join(field.ReservedPaths(), "|") + `)(?:/|$))` + sitePathPattern[1:]
	addressMessage  = "a site path like /old-name, not under " + strings.Join(field.ReservedPaths(), ", ")
)

// What the configuration says that depends on the content, which `make
// types` cannot know, it names by a placeholder that the build fills in
// from the site it builds (EditorConfigFor):
//
//   - editorTitleRoom, the characters an article's title may have:
//     maxTitle less the " | <brand>" the build adds;
//   - editorThemeColor, the colour a new record's colour starts with: the
//     site's theme colour (site.yaml's seo.themeColor), so that a new case
//     study has one the build accepts rather than the black swatch of an
//     empty colour field;
//   - editorResultClaims, the claims a results list may cite, in the help
//     of every results list: an editor writes a measured result as
//     {claim:key} without reading claims.yaml, or Go.
//
// Each is replaced in the YAML as written, so what fills it in is text
// that reads the same in any style of YAML string: the colour's
// placeholder starts with "#", which has the encoder quote it, and the
// list of claims has no ": ", " #", quote or backslash.
const (
	editorTitleRoom    = "TITLE_ROOM"
	editorThemeColor   = "#THEME_COLOR"
	editorResultClaims = "RESULT_CLAIMS"
)

// EditorSite is what the editor's configuration takes from the site's
// content.
type EditorSite struct {
	Brand string
	// ThemeColor is site.yaml's seo.themeColor (#RRGGBB), "" for none.
	ThemeColor string
	// Claims are collections/claims.yaml's.
	Claims []content.Claim
}

// EditorConfigFor is the configuration EditorConfig wrote, with what
// depends on the site's content filled in.
func EditorConfigFor(config []byte, site EditorSite) []byte {
	room := max(0, content.MaxTitle-utf8.RuneCountInString(content.TitleSuffix(site.Brand)))
	config = bytes.ReplaceAll(config, []byte(editorTitleRoom), []byte(strconv.Itoa(room)))
	color := site.ThemeColor
	if !hexPattern.MatchString(color) {
		color = ""
	}
	config = bytes.ReplaceAll(config, []byte(editorThemeColor), []byte(color))
	// The help is a YAML string of the configuration: the list is written
	// as its characters need nothing escaped (keys are slugs).
	return bytes.ReplaceAll(config, []byte(editorResultClaims), []byte(resultClaims(site.Claims)))
}

// resultClaims is the help's list of the claims a results list may cite.
func resultClaims(claims []content.Claim) string {
	var keys []string
	for _, c := range claims {
		if c.Kind == "result" && content.ClaimKey.MatchString(c.Key) {
			keys = append(keys, "`{claim:"+c.Key+"}`")
		}
	}
	if len(keys) == 0 {
		return "No claim is a result yet. Add one under Collections › Claims first (kind result, with its metric, before and after, sample and period)."
	}
	return "The results to cite (Collections › Claims) are " + strings.Join(keys, ", ") + "."
}

// longText are field names whose text runs to sentences: a text area
// rather than a line.
var longText = map[string]bool{"Text": true, "Intro": true, "Description": true, "Quote": true, "Answer": true, "Body": true, "Subheading": true, "Bio": true, "Summary": true}

// EditorConfig returns frontend/admin/config.yml.
func EditorConfig(doc DocFunc) []byte {
	cfg, _ := generateEditorConfig(doc)
	return cfg
}

// generateEditorConfig returns the configuration and the editorRules it
// applied.
func generateEditorConfig(doc DocFunc) ([]byte, map[string]bool) {
	g := &editorGen{doc: doc, applied: map[string]bool{}}
	cfg := obj{
		{"backend", obj{
			{"name", "github"},
			{"repo", EditorRepo},
			{"branch", "main"},
			// The relay at /oauth/* on the site's own origin; admin.js sets
			// base_url to that origin when the page loads.
			{"auth_endpoint", "oauth/authorize"},
		}},
		{"publish_mode", "editorial_workflow"},
		{"media_folder", "content/images"},
		{"public_folder", "/images"},
		// Uploads are renamed as slugs (slugify_filename), under the slug
		// option below: "Team photo (1).svg" is saved as team-photo-1.svg.
		// encoding "ascii" keeps exactly field.FileNameChars, the
		// build's rule for the names of the files it publishes, so an
		// ordinary upload always builds (TestUploadNamesAgree).
		{"media_libraries", obj{{"default", obj{{"config", obj{{"slugify_filename", true}}}}}}},
		{"slug", obj{{"encoding", "ascii"}, {"clean_accents", true}}},
		// An optional field left empty is left out of the file, as the
		// guide writes files: an empty optional object or list would
		// otherwise be written and refused.
		{"output", obj{{"omit_empty_optional_fields", true}}},
		{"collections", []any{
			g.pages(),
			g.textPages(),
			g.articles(),
			g.tags(),
			g.collections(),
			g.settings(),
		}},
	}
	var b bytes.Buffer
	b.WriteString("# Code generated from generator/content by EditorConfig(); DO NOT EDIT.\n# Refresh: make types\n")
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(cfg); err != nil {
		panic(fmt.Sprintf("content: editor configuration: %v", err))
	}
	return b.Bytes(), g.applied
}

type editorGen struct {
	doc     DocFunc
	applied map[string]bool
}

// pageFolder is the pages' and text pages' Parent Folder: a page's folder
// is the start of its address, which the editor moves it by (to a folder
// of its own with New Folder), and the save adds the address it leaves to
// its aliases (frontend/src/admin/aliases.ts). The last part, the file's
// own name, the editor keeps: it renames an entry's file only where each
// entry is a folder (an article's).
var pageFolder = obj{{"path", obj{{"widget", "string"}, {"label", "Folder"}}}}

func (g *editorGen) pages() obj {
	return obj{
		{"name", pagesCollection},
		{"label", "Pages"},
		{"label_singular", "Page"},
		{"description", "One file per page under content/pages/: its path is the page's address (index is the home page)."},
		{"folder", "content/pages"},
		{"extension", "yaml"},
		{"format", yamlFormat},
		{"nested", obj{{"depth", 4}, {"subfolders", false}}},
		{"meta", pageFolder},
		{"path", "{{slug}}"},
		// A collection with a path would upload beside its entry, under
		// pages/, which publishes no file: a page's images live under
		// images/.
		{"media_folder", "/" + imagesFolder},
		{"public_folder", "/images"},
		{"identifier_field", "title"},
		// A page by its short name (the home page reads Home), or its title.
		{"summary", "{{fields.name | default('{{fields.title}}')}}"},
		{"create", true},
		{"fields", g.fields(reflect.TypeOf(content.PageFile{}))},
	}
}

func (g *editorGen) textPages() obj {
	return obj{
		{"name", textPagesCollection},
		{"label", "Text pages"},
		{"label_singular", "Text page"},
		{"description", "Pages of running text (policies, terms): front matter and Markdown, under content/pages/."},
		{"folder", "content/pages"},
		{"extension", "md"},
		{"format", markdownFormat},
		{"nested", obj{{"depth", 4}, {"subfolders", false}}},
		{"meta", pageFolder},
		{"path", "{{slug}}"},
		{"media_folder", "/" + imagesFolder},
		{"public_folder", "/images"},
		{"identifier_field", "title"},
		{"create", true},
		{"fields", append(g.fields(reflect.TypeOf(content.MarkdownFront{})), g.body("The page's text, in Markdown."))},
	}
}

func (g *editorGen) articles() obj {
	fields := g.fields(reflect.TypeOf(content.ArticleFront{}))
	for i, f := range fields {
		if f.(obj).get("name") == "author" {
			fields[i] = obj{
				{"name", "author"},
				{"label", "Author"},
				{"widget", "relation"},
				{"collection", "collections"},
				{"file", "authors"},
				{"value_field", "items.*.key"},
				{"display_fields", []any{"items.*.name"}},
				{"search_fields", []any{"items.*.name"}},
				{"hint", f.(obj).get("hint")},
			}
		}
		// Tags are chosen from the tags collection, which names them; a
		// tag the article is the first to use is added from the field
		// itself ("Add Tag": the editor asks for its name and saves its
		// file with the article), which the editor offers only for a
		// folder of entries, one file per tag.
		if f.(obj).get("name") == "tags" {
			fields[i] = obj{
				{"name", "tags"},
				{"label", "Tags"},
				{"required", false},
				{"widget", "relation"},
				{"collection", tagsCollection},
				{"value_field", "{{slug}}"},
				{"display_fields", []any{"name"}},
				{"search_fields", []any{"name"}},
				{"multiple", true},
				{"hint", "Chosen from the Tags; a new one with Add Tag, named as visitors read it."},
			}
		}
	}
	return obj{
		{"name", articlesCollection},
		{"label", "Articles"},
		{"label_singular", "Article"},
		{"description", "One folder per article under content/articles/: index.md and its images beside it. Drafts stay off the site."},
		{"folder", "content/articles"},
		{"path", "{{slug}}/index"},
		{"extension", "md"},
		{"format", markdownFormat},
		// Images sit beside index.md and are written by their file name.
		{"media_folder", ""},
		{"public_folder", ""},
		{"create", true},
		{"identifier_field", "title"},
		{"summary", "{{title}} ({{date}}){{draft | ternary(' · Draft', '')}}"},
		// Newest first, as the site lists them; the filters find what is
		// not on the site yet (a date after today is scheduled, as the
		// build decides: load's Status). A summary cannot compare a date
		// with today, and would be cached past midnight: the list opens
		// grouped instead, the scheduled articles under Scheduled, the
		// rest (drafts marked by the summary) under the editor's Other.
		{"sortable_fields", obj{{"fields", []any{"date", "title"}}, {"default", obj{{"field", "date"}, {"direction", "descending"}}}}},
		{"view_filters", obj{{"filters", []any{draftView(), scheduledView()}}}},
		{"view_groups", obj{{"groups", []any{scheduledView(), draftView()}}, {"default", "scheduled"}}},
		{"fields", append(fields, g.body("The article, in Markdown."))},
	}
}

// scheduledView and draftView select the articles that are not on the
// site: dated after today ({{today}} is the editor's day, YYYY-MM-DD,
// compared as text with the date as the build compares it), or drafts.
func scheduledView() obj {
	return obj{{"name", "scheduled"}, {"label", "Scheduled"}, {"field", "date"}, {"gt", "{{today}}"}}
}

func draftView() obj {
	return obj{{"name", "drafts"}, {"label", "Draft"}, {"field", "draft"}, {"eq", true}}
}

// tags is the folder of tags, one file each named by the tag's slug,
// which the editor makes from the name.
func (g *editorGen) tags() obj {
	return obj{
		{"name", tagsCollection},
		{"label", "Tags"},
		{"label_singular", "Tag"},
		{"description", "One file per tag under content/" + content.TagsFolder + "/: its name is the tag's slug, made from the tag's name."},
		{"folder", "content/" + content.TagsFolder},
		{"extension", "yaml"},
		{"format", yamlFormat},
		{"path", "{{slug}}"},
		{"slug", "{{name}}"},
		// A tag is one name: no page of the site to draw beside it.
		{"editor", obj{{"preview", false}}},
		// It has no image; were one added, it would go where images live.
		{"media_folder", "/" + imagesFolder + "/tags"},
		{"public_folder", "/images/tags"},
		{"identifier_field", "name"},
		{"summary", "{{name}} ({{slug}})"},
		{"sortable_fields", obj{{"fields", []any{"name"}}, {"default", obj{{"field", "name"}}}}},
		{"create", true},
		{"fields", g.fields(reflect.TypeOf(content.TagName{}))},
	}
}

func (g *editorGen) body(hint string) obj {
	// The Markdown as written first (raw), the rich text a click away: the
	// rich text editor writes the text it loads in its own spelling
	// (_emphasis_, | --- |), so an entry merely opened counted as changed
	// and offered to restore a draft.
	return obj{{"name", bodyField}, {"label", "Text"}, {"widget", "markdown"}, {"modes", []any{"raw", "rich_text"}}, {"hint", hint}}
}

// collections are the files under collections/, each a list at its top
// level (root: true).
func (g *editorGen) collections() obj {
	var files []any
	add := func(name, file string, elem reflect.Type) {
		files = append(files, obj{
			{"name", name},
			{"label", humanize(name)},
			{"file", "content/" + file},
			// Each collection's images in a folder of its own, where its
			// records' images live: named as its file
			// (collections/case-studies.yaml's in images/case-studies/).
			{"media_folder", "/" + imagesFolder + "/" + MediaFolder(file)},
			{"public_folder", "/images/" + MediaFolder(file)},
			{"fields", []any{obj{
				{"name", "items"},
				{"label", humanize(name)},
				{"label_singular", humanize(singular(name))},
				{"widget", "list"},
				{"root", true},
				{"hint", help(elem.Name(), g.doc(elem.Name(), ""))},
				{"fields", g.fields(elem)},
			}}},
		})
	}
	add("authors", content.AuthorsFile, reflect.TypeOf(content.Author{}))
	for _, name := range content.CollectionNames() {
		add(name, content.CollectionFile(name), content.CollectionRecord(name))
	}
	return obj{
		{"name", "collections"},
		{"label", "Collections"},
		{"format", yamlFormat},
		{"description", "Records several pages show (services, reviews, people…), one list per file under content/collections/."},
		{"files", files},
	}
}

// MediaFolder is the folder under images/ where the editor uploads the
// images of the collection in file (relative to content/): the file's
// name without its extension, as the guide and the content name it.
func MediaFolder(file string) string {
	return strings.TrimSuffix(path.Base(file), path.Ext(file))
}

func (g *editorGen) settings() obj {
	file := func(name, label, path string, t reflect.Type) obj {
		return obj{{"name", name}, {"label", label}, {"file", "content/" + path}, {"fields", g.fields(t)}}
	}
	return obj{
		{"name", "settings"},
		{"label", "Site settings"},
		{"format", yamlFormat},
		{"description", "The brand and addresses, the copy every page shares, and the redirects."},
		{"files", []any{
			file("site", "Site (site.yaml)", "site.yaml", reflect.TypeOf(siteconfig.SiteConfig{})),
			file("layout", "Navigation, footer, form (layout.yaml)", "layout.yaml", reflect.TypeOf(content.Layout{})),
			file("routing", "Redirects and rewrites (routing.yaml)", "routing.yaml", reflect.TypeOf(content.Routing{})),
			file("security", "Security: frameworks, BAA, sub-processors (security.yaml)", security.File, reflect.TypeOf(security.Security{})),
		}},
	}
}

// fields are the editor's fields of struct type t, embedded structs
// flattened, in the order of the Go declaration.
func (g *editorGen) fields(t reflect.Type) []any {
	var out []any
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		key, opts, ok := content.YAMLKey(f)
		if !ok {
			continue
		}
		if f.Anonymous && key == "" {
			out = append(out, g.fields(f.Type)...)
			continue
		}
		out = append(out, g.field(t, f, key, !strings.Contains(opts, "omitempty")))
	}
	return out
}

func (g *editorGen) field(owner reflect.Type, f reflect.StructField, key string, required bool) obj {
	ft := f.Type
	if ft.Kind() == reflect.Pointer {
		ft = ft.Elem()
	}
	o := obj{{"name", key}, {"label", humanize(key)}}
	if !required {
		o = append(o, kv{"required", false})
	}
	h := help(f.Name, g.doc(owner.Name(), f.Name))
	if f.Name == decode.ResultsField && ft.Kind() == reflect.Slice {
		h = strings.TrimSpace(h + " " + editorResultClaims)
	}
	if h != "" {
		o = append(o, kv{"hint", h})
	}
	rule, ok := editorRules[owner.Name()+"."+f.Name]
	if ok {
		g.applied[owner.Name()+"."+f.Name] = true
	}
	// A date is typed as the file has it: the editor's date picker shows
	// it in the browser's own order (MM/DD/YYYY in an American browser),
	// which the guide and the help do not.
	if ft == reflect.TypeOf(field.Date("")) {
		rule.pattern, rule.message = datePattern, dateMessage
	}
	// The editor tests a pattern on an empty value too: an optional
	// field may be left empty.
	if !required && rule.pattern != "" && ft.Kind() == reflect.String {
		rule.pattern = "^$|" + rule.pattern
	}
	// The build refuses a required list with no item (decode.go).
	if required && ft.Kind() == reflect.Slice {
		rule.minItems = 1
	}
	return append(o, g.widget(ft, f.Name, rule)...)
}

// widget is the widget of type t and its options.
func (g *editorGen) widget(t reflect.Type, name string, rule editorRule) obj {
	switch t {
	case reflect.TypeOf(field.Icon("")):
		return obj{{"widget", "select"}, {"options", anySlice(icons.Names())}, {"dropdown_threshold", 0}}
	case reflect.TypeOf(field.HexColor("")):
		// Its text beside the swatch: an empty colour shows a black swatch
		// that reads as chosen.
		return obj{{"widget", "color"}, {"allowInput", true}, {"default", editorThemeColor}, {"pattern", []any{hexPattern.String(), "a colour written #RRGGBB"}}}
	case reflect.TypeOf(field.AbsURL("")):
		return obj{{"widget", "string"}, {"type", "url"}, {"pattern", []any{`^https?://`, "an address starting with https://"}}}
	case reflect.TypeOf(field.Email("")):
		return obj{{"widget", "string"}, {"type", "email"}}
	case reflect.TypeOf(content.Image{}), reflect.TypeOf(content.ArticleImage{}):
		// An article's cover is an Image as written: the same rules.
		alt := editorRules["Image.Alt"]
		g.applied["Image.Alt"] = true
		fields := []any{
			obj{{"name", "src"}, {"label", "Image"}, {"widget", "image"}, {"accept", imagefiles.Accept}, {"hint", "A photo or drawing (JPEG, PNG, WebP or SVG); the build makes its sizes."}},
			obj{{"name", "alt"}, {"label", "Text alternative"}, {"widget", "string"}, {"hint", "Describes the image for those who cannot see it."}, {"pattern", []any{alt.pattern, alt.message}}},
		}
		if t == reflect.TypeOf(content.ArticleImage{}) { // and where its crop keeps it
			for _, f := range g.fields(t) {
				if n := f.(obj).get("name"); n != "src" && n != "alt" {
					fields = append(fields, f)
				}
			}
		}
		return obj{{"widget", "object"}, {"fields", fields}}
	}
	if t.Kind() == reflect.Slice && t.Elem() == content.SectionType {
		o := obj{{"widget", "list"}, {"typeKey", "kind"}, {"label_singular", "Section"}, {"types", g.kinds()}}
		if rule.minItems > 0 {
			o = append(o, kv{"min", rule.minItems})
		}
		return o
	}
	switch t.Kind() {
	case reflect.String:
		if rule.options != nil {
			return obj{{"widget", "select"}, {"options", anySlice(rule.options)}}
		}
		w := "string"
		if rule.text || longText[name] {
			w = "text"
		}
		o := obj{{"widget", w}}
		if rule.maxLength > 0 {
			o = append(o, kv{"maxlength", rule.maxLength})
		}
		if rule.pattern != "" {
			o = append(o, kv{"pattern", []any{rule.pattern, rule.message}})
		}
		return o
	case reflect.Bool:
		return obj{{"widget", "boolean"}}
	case reflect.Int, reflect.Int64, reflect.Float64, reflect.Float32:
		vt := "int"
		if t.Kind() == reflect.Float64 || t.Kind() == reflect.Float32 {
			vt = "float"
		}
		o := obj{{"widget", "number"}, {"value_type", vt}}
		if rule.min != 0 || rule.max != 0 {
			o = append(o, kv{"min", rule.min}, kv{"max", rule.max})
		}
		return o
	case reflect.Struct:
		return obj{{"widget", "object"}, {"fields", g.fields(t)}}
	case reflect.Slice:
		e := t.Elem()
		if e.Kind() == reflect.Pointer {
			e = e.Elem()
		}
		var count obj
		switch {
		case rule.items > 0:
			count = obj{{"min", rule.items}, {"max", rule.items}}
		case rule.minItems > 0:
			count = obj{{"min", rule.minItems}}
		}
		one := humanize(singular(name))
		if e.Kind() == reflect.Struct && e != reflect.TypeOf(content.Image{}) {
			return append(obj{{"widget", "list"}, {"label_singular", one}, {"fields", g.fields(e)}}, count...)
		}
		sub := append(obj{{"name", "item"}, {"label", one}}, g.widget(e, singular(name), rule)...)
		return append(obj{{"widget", "list"}, {"label_singular", one}, {"field", sub}}, count...)
	}
	panic(fmt.Sprintf("content: no editor widget for %s (field %s)", t, name))
}

// builtKind reports whether the build makes sections of kind k itself (an
// article's, a service's page) from other files: it has no field a page
// can write, and the build refuses it in a page, so the editor does not
// offer it.
func builtKind(k content.Kind) bool {
	t := k.Type()
	for i := 0; i < t.NumField(); i++ {
		if _, _, ok := content.YAMLKey(t.Field(i)); ok {
			return false
		}
	}
	return true
}

// kinds are the section kinds as the variable types of a list.
func (g *editorGen) kinds() []any {
	var out []any
	for _, k := range content.Kinds() {
		if builtKind(k) {
			continue
		}
		out = append(out, obj{
			{"name", k.Name},
			{"label", humanize(k.Name)},
			{"widget", "object"},
			{"summary", "{{fields.heading}}"},
			{"fields", g.fields(k.Type())},
		})
	}
	return out
}

// acronyms are the words a label writes in capitals.
var acronyms = map[string]string{"faq": "FAQ", "Faq": "FAQ", "seo": "SEO", "Seo": "SEO", "url": "URL", "Url": "URL"}

// humanize turns a key into a label: "tagsLabel", "case-studies" and "faq"
// read "Tags label", "Case studies" and "FAQ".
func humanize(key string) string {
	words := strings.Fields(humanizeWords(key))
	for i, w := range words {
		if a, ok := acronyms[w]; ok {
			words[i] = a
		}
	}
	return strings.Join(words, " ")
}

func humanizeWords(key string) string {
	var b strings.Builder
	for i, r := range key {
		switch {
		case r == '-' || r == '_':
			b.WriteByte(' ')
		case i > 0 && unicode.IsUpper(r) && !unicode.IsUpper(rune(key[i-1])):
			b.WriteByte(' ')
			b.WriteRune(unicode.ToLower(r))
		case i == 0:
			b.WriteRune(unicode.ToUpper(r))
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// help makes a doc comment the one-line help under a field, without the
// Go name it starts with ("Eyebrow is the kicker." → "The kicker.").
func help(name, text string) string {
	text = strings.Join(strings.Fields(text), " ")
	for _, prefix := range []string{name + " is ", name + " are ", name + " "} {
		if after, ok := strings.CutPrefix(text, prefix); ok && after != "" {
			text = strings.ToUpper(after[:1]) + after[1:]
			break
		}
	}
	// Help is Markdown: a <placeholder> must not read as a tag.
	return strings.ReplaceAll(text, "<", `\<`)
}

// singulars are the plurals that do not end in a plain "s": the editor's
// "Add …" button and item labels read "Add Alias", not "Add Aliase".
var singulars = map[string]string{"aliases": "alias", "Aliases": "Alias", "faq": "question"}

func singular(name string) string {
	if s, ok := singulars[name]; ok {
		return s
	}
	if strings.HasSuffix(name, "ies") {
		return strings.TrimSuffix(name, "ies") + "y"
	}
	return strings.TrimSuffix(name, "s")
}

func anySlice(s []string) []any {
	out := make([]any, len(s))
	for i, v := range s {
		out[i] = v
	}
	return out
}

// obj is a YAML mapping that keeps its keys in order.
type obj []kv

type kv struct {
	k string
	v any
}

func (o obj) get(k string) any {
	for _, e := range o {
		if e.k == k {
			return e.v
		}
	}
	return nil
}

func (o obj) MarshalYAML() (any, error) {
	n := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
	for _, e := range o {
		var k, v yaml.Node
		k.SetString(e.k)
		if err := v.Encode(e.v); err != nil {
			return nil, err
		}
		n.Content = append(n.Content, &k, &v)
	}
	return n, nil
}

// The editor's file formats (frontend/src/admin/keep-file.ts): YAML, and
// Markdown with YAML front matter, each save changing in the file only
// what the editor changed (its comments, key order, flow lists and quotes
// kept), where the editor's own formats write the whole file afresh.
const (
	yamlFormat     = "content-yaml"
	markdownFormat = "content-frontmatter"
)

// The editor's collections whose entries are pages of the site, and the
// field of a Markdown file's text.
const (
	pagesCollection     = "pages"
	textPagesCollection = "text-pages"
	articlesCollection  = "articles"
	tagsCollection      = "tags"
	bodyField           = "body"
)

// editorPreviews say how the editor's preview pane draws an entry of each
// collection that is a page, with the site's own components
// (frontend/src/admin/preview.tsx): a page file as its sections, a text
// page as its one markdown section, an article as its article section.
// Each section is drawn by its kind's component, through the registry
// generated from the Go kinds (sections/registry.gen.ts).
var editorPreviews = []struct{ collection, form string }{
	{pagesCollection, "page"},
	{textPagesCollection, "text"},
	{articlesCollection, "article"},
}

// EditorPreviewsFile is the preview table EditorPreviews writes.
const EditorPreviewsFile = "frontend/src/admin/previews.gen.ts"

// EditorPreviews returns frontend/src/admin/previews.gen.ts: which
// collections of the editor have a preview, drawn how, and the numbers the
// previews share with the build.
func EditorPreviews() []byte {
	var b bytes.Buffer
	b.WriteString("// Code generated from generator/content by EditorPreviews(); DO NOT EDIT.\n// Refresh: make types\n\n")
	b.WriteString("/** The collections of config.yml whose entries are pages, and how the preview draws each (preview.tsx). */\n")
	b.WriteString("export const previewForms = {\n")
	for _, p := range editorPreviews {
		fmt.Fprintf(&b, "  %s: %q,\n", tsKey(p.collection), p.form)
	}
	b.WriteString("} as const;\n\n")
	b.WriteString("/**\n * The files of config.yml whose records the site's sections show, by the\n * name the editor gives the file: the collection (Collections) they are,\n * or the field of a section the build fills with the file's record.\n */\n")
	b.WriteString("export const recordPreviews = {\n")
	for _, name := range content.CollectionNames() {
		if len(readers(name)) > 0 {
			fmt.Fprintf(&b, "  %s: { collection: %q },\n", tsKey(name), name)
		}
	}
	for _, r := range recordFields() {
		fmt.Fprintf(&b, "  %s: { kind: %q, field: %q },\n", tsKey(r.file), r.kind, r.field)
	}
	b.WriteString("} as const;\n\n")
	b.WriteString("/**\n * The collections each kind of section shows: a list, or the name of the\n * section's field that names the one it shows.\n */\n")
	b.WriteString("export const sectionReads: Record<string, readonly string[] | { field: string }> = {\n")
	for _, k := range content.Kinds() {
		if reads, field := kindReads(k); field != "" {
			fmt.Fprintf(&b, "  %s: { field: %q },\n", tsKey(k.Name), field)
		} else if len(reads) > 0 {
			fmt.Fprintf(&b, "  %s: [%s],\n", tsKey(k.Name), quoteList(reads))
		}
	}
	b.WriteString("};\n\n")
	fmt.Fprintf(&b, "/** The field of a Markdown entry that holds its text. */\nexport const bodyField = %q;\n\n", bodyField)
	fmt.Fprintf(&b, "/** A reader's pace, as the build counts an article's reading time. */\nexport const wordsPerMinute = %d;\n\n", content.WordsPerMinute)
	fmt.Fprintf(&b, "/** The plain cover the build draws for an article without one, and the shape of every cover. */\nexport const defaultCover = { src: %q, width: %d, height: %d } as const;\n\n", content.DefaultCover, content.CoverWidth, content.CoverHeight)
	fmt.Fprintf(&b, "/** The names an action may give as `site:`, each an address of site.yaml (site-addresses.ts). */\nexport const siteAddressNames = [%s] as const;\n", quoteList(content.SiteAddresses))
	return b.Bytes()
}

// kindReads are the collections a section of kind k shows, or the json
// name of its field that names the one it shows (the collection kind).
func kindReads(k content.Kind) (reads []string, field string) {
	v := reflect.ValueOf(k.New()).Elem()
	r, ok := v.Addr().Interface().(content.CollectionReader)
	if !ok {
		if r, ok = v.Interface().(content.CollectionReader); !ok {
			return nil, ""
		}
	}
	// A string field whose value the section reads names the collection.
	for i := 0; i < v.NumField(); i++ {
		f := v.Type().Field(i)
		if f.Type.Kind() != reflect.String || !f.IsExported() {
			continue
		}
		v.Field(i).SetString("\x00probe")
		probed := slices.Contains(readsOf(v), "\x00probe")
		v.Field(i).SetString("")
		if probed {
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			return nil, name
		}
	}
	return r.Reads(), ""
}

// readsOf is what the section v (a struct value) reads.
func readsOf(v reflect.Value) []string {
	if r, ok := v.Interface().(content.CollectionReader); ok {
		return r.Reads()
	}
	return v.Addr().Interface().(content.CollectionReader).Reads()
}

// readers are the kinds that can show the collection name.
func readers(name string) []string {
	var out []string
	for _, k := range content.Kinds() {
		reads, field := kindReads(k)
		if slices.Contains(reads, name) || field != "" && namable(k, field, name) {
			out = append(out, k.Name)
		}
	}
	return out
}

// namable is whether a section of kind k may name the collection name in
// its field (the section's Validate accepts it).
func namable(k content.Kind, field, name string) bool {
	v := reflect.ValueOf(k.New()).Elem()
	for i := 0; i < v.NumField(); i++ {
		if n, _, _ := strings.Cut(v.Type().Field(i).Tag.Get("json"), ","); n == field {
			v.Field(i).SetString(name)
		}
	}
	val, ok := v.Addr().Interface().(interface{ Validate() error })
	return ok && val.Validate() == nil
}

// recordField is a field of a section that the build fills with a
// settings file's record (the security section's record: security.yaml).
type recordField struct{ file, kind, field string }

// recordFields are the fields of the kinds whose type is the record of
// one of the editor's settings files.
func recordFields() []recordField {
	files := map[reflect.Type]string{reflect.TypeOf(security.Security{}): "security"}
	var out []recordField
	for _, k := range content.Kinds() {
		t := k.Type()
		for i := 0; i < t.NumField(); i++ {
			if file, ok := files[t.Field(i).Type]; ok {
				name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
				out = append(out, recordField{file, k.Name, name})
			}
		}
	}
	return out
}

// quoteList is "a", "b" as TypeScript writes a list of strings.
func quoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(n)
	}
	return strings.Join(q, ", ")
}
