package codegen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/dop251/goja"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"gopkg.in/yaml.v3"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/field"
	"github.com/vozia/site/generator/content/icons"
	"github.com/vozia/site/generator/content/sections"
	"github.com/vozia/site/generator/content/siteconfig"
	"github.com/vozia/site/generator/load"
	"github.com/vozia/site/internal/contactform"
)

const (
	editorConfigFile = "../../frontend/admin/config.yml"
	// editorSchemaFile is the JSON Schema of the configuration that the
	// editor's npm package ships.
	editorSchemaFile = "../../frontend/node_modules/@sveltia/cms/schema/sveltia-cms.json"
)

func editorConfig(t *testing.T) []byte {
	t.Helper()
	d := readDocs(t)
	return EditorConfig(func(typeName, field string) string {
		if field == "" {
			return d.types[typeName]
		}
		return d.fields[typeName][field]
	})
}

// TestEditorConfig fails while the committed configuration of the web
// editor no longer matches the Go content types; make types
// rewrites it.
func TestEditorConfig(t *testing.T) {
	current(t, editorConfigFile, editorConfig(t))
}

// TestEditorConfigSchema checks the configuration against the JSON Schema
// the editor ships, as the editor itself does when it starts.
func TestEditorConfigSchema(t *testing.T) {
	f, err := os.Open(editorSchemaFile)
	if err != nil {
		t.Fatalf("the editor's schema: %v (make deps installs it)", err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("sveltia-cms.json", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("sveltia-cms.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := sch.Validate(jsonValue(t, editorConfig(t))); err != nil {
		t.Errorf("the editor's configuration does not match its schema: %v", err)
	}

	// The schema must not accept anything: a misspelt option is refused.
	bad := append(editorConfig(t), []byte("publish_mod: editorial_workflow\n")...)
	if sch.Validate(jsonValue(t, bad)) == nil {
		t.Error("the schema accepted an unknown option: the check above checks nothing")
	}
}

// jsonValue is the YAML text as the JSON values the schema validator reads.
func jsonValue(t *testing.T, y []byte) any {
	t.Helper()
	var v any
	if err := yaml.Unmarshal(y, &v); err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	out, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return out
}

type editorCollection struct {
	Name      string         `yaml:"name"`
	Folder    string         `yaml:"folder"`
	Extension string         `yaml:"extension"`
	Path      string         `yaml:"path"`
	Nested    map[string]any `yaml:"nested"`
	Files     []struct {
		Name   string        `yaml:"name"`
		File   string        `yaml:"file"`
		Fields []editorField `yaml:"fields"`
	} `yaml:"files"`
	Fields []editorField `yaml:"fields"`
}

type editorField struct {
	Name     string        `yaml:"name"`
	Widget   string        `yaml:"widget"`
	Required *bool         `yaml:"required"`
	Root     bool          `yaml:"root"`
	TypeKey  string        `yaml:"typeKey"`
	Options  []string      `yaml:"options"`
	Pattern  []string      `yaml:"pattern"`
	Min      *float64      `yaml:"min"`
	Default  any           `yaml:"default"`
	Hint     string        `yaml:"hint"`
	Fields   []editorField `yaml:"fields"`
	Field    *editorField  `yaml:"field"`
	Types    []struct {
		Name   string        `yaml:"name"`
		Fields []editorField `yaml:"fields"`
	} `yaml:"types"`
}

func parseEditorConfig(t *testing.T) []editorCollection {
	t.Helper()
	var cfg struct {
		Collections []editorCollection `yaml:"collections"`
	}
	if err := yaml.Unmarshal(editorConfig(t), &cfg); err != nil {
		t.Fatal(err)
	}
	return cfg.Collections
}

// TestEditorConfigCovers: every section kind is a type of a page's
// sections, every field the build requires is required in the editor and
// every optional one optional, icons are a select of the icon set, and
// every file of the content tree is one the editor opens.
func TestEditorConfigCovers(t *testing.T) {
	cols := parseEditorConfig(t)
	byName := map[string]editorCollection{}
	for _, c := range cols {
		byName[c.Name] = c
	}

	pages := byName["pages"]
	var sections *editorField
	for i := range pages.Fields {
		if pages.Fields[i].Name == "sections" {
			sections = &pages.Fields[i]
		}
	}
	if sections == nil || sections.TypeKey != "kind" {
		t.Fatalf("pages have no sections list keyed on kind: %+v", sections)
	}
	types := map[string][]editorField{}
	for _, ty := range sections.Types {
		types[ty.Name] = ty.Fields
	}
	built := 0
	for _, k := range content.Kinds() {
		fields, ok := types[k.Name]
		if builtKind(k) {
			// The build makes these itself and refuses them in a page:
			// the editor must not offer them.
			built++
			v, _ := reflect.New(k.Type()).Elem().Interface().(interface{ Validate() error })
			if ok || v == nil || v.Validate() == nil {
				t.Errorf("section kind %q, which a page cannot write, is offered by the editor (%v) or accepted by the build", k.Name, ok)
			}
			continue
		}
		if !ok {
			t.Errorf("section kind %q is not in the editor", k.Name)
			continue
		}
		checkFields(t, "kind "+k.Name, k.Type(), fields)
	}
	if len(types) != len(content.Kinds())-built {
		t.Errorf("the editor has %d section kinds, the build %d that a page can write", len(types), len(content.Kinds())-built)
	}
	checkFields(t, "page", reflect.TypeOf(content.PageFile{}), pages.Fields)
	checkFields(t, "text page", reflect.TypeOf(content.MarkdownFront{}), byName["text-pages"].Fields)
	checkFields(t, "article", reflect.TypeOf(content.ArticleFront{}), byName["articles"].Fields)
	// A renamed page or article keeps its earlier addresses in aliases:
	// the editor keeps them as a list, each item checked as the build
	// checks it.
	for _, c := range []string{"pages", "text-pages", "articles"} {
		i := slices.IndexFunc(byName[c].Fields, func(f editorField) bool { return f.Name == "aliases" })
		if i < 0 {
			t.Errorf("%s: no aliases in the editor", c)
			continue
		}
		if f := byName[c].Fields[i]; f.Widget != "list" || f.Field == nil || len(f.Field.Pattern) != 2 || f.Field.Pattern[0] != addressPattern {
			t.Errorf("%s: aliases are not a list of checked addresses: %+v", c, f)
		}
	}

	files := map[string][]editorField{}
	for _, c := range cols {
		for _, f := range c.Files {
			files[strings.TrimPrefix(f.File, "content/")] = f.Fields
		}
	}
	checkFields(t, "site.yaml", reflect.TypeOf(siteconfig.SiteConfig{}), files["site.yaml"])
	checkFields(t, "layout.yaml", reflect.TypeOf(content.Layout{}), files["layout.yaml"])
	checkFields(t, "routing.yaml", reflect.TypeOf(content.Routing{}), files["routing.yaml"])
	lists := map[string]reflect.Type{content.AuthorsFile: reflect.TypeOf(content.Author{})}
	for _, name := range content.CollectionNames() {
		lists[content.CollectionFile(name)] = content.CollectionRecord(name)
	}
	for file, elem := range lists {
		f := files[file]
		if len(f) != 1 || !f[0].Root || f[0].Widget != "list" {
			t.Errorf("%s is not edited as a list at the top level: %+v", file, f)
			continue
		}
		checkFields(t, file, elem, f[0].Fields)
	}

	// Every YAML and Markdown file of the content tree is opened by a
	// collection of the editor.
	root := os.DirFS("../../content")
	err := fs.WalkDir(root, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || p == "README.md" {
			return err
		}
		ext := path.Ext(p)
		if ext != ".yaml" && ext != ".md" {
			return nil
		}
		if _, ok := files[p]; ok {
			return nil
		}
		for _, c := range cols {
			if c.Folder != "" && editorOpens(c, "content/"+p) {
				return nil
			}
		}
		t.Errorf("content/%s is not in the editor's configuration", p)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// editorOpens reports whether the folder collection c lists file.
func editorOpens(c editorCollection, file string) bool {
	rel, ok := strings.CutPrefix(file, c.Folder+"/")
	if !ok || path.Ext(rel) != "."+c.Extension {
		return false
	}
	rel = strings.TrimSuffix(rel, path.Ext(rel))
	pat := "^" + strings.ReplaceAll(regexp.QuoteMeta(c.Path), regexp.QuoteMeta("{{slug}}"), "[^/]+") + "$"
	if c.Nested != nil {
		// Nested folders: the path may sit below subfolders.
		pat = "^([^/]+/)*" + pat[1:]
	}
	return regexp.MustCompile(pat).MatchString(rel)
}

// checkFields compares the editor's fields of a record with Go struct t.
func checkFields(t *testing.T, where string, st reflect.Type, fields []editorField) {
	t.Helper()
	byKey := map[string]editorField{}
	for _, f := range fields {
		byKey[f.Name] = f
	}
	walked := 0
	inGo := map[string]bool{}
	var walk func(st reflect.Type)
	walk = func(st reflect.Type) {
		for i := 0; i < st.NumField(); i++ {
			sf := st.Field(i)
			key, opts, ok := content.YAMLKey(sf)
			if !ok {
				continue
			}
			if sf.Anonymous && key == "" {
				walk(sf.Type)
				continue
			}
			walked++
			inGo[key] = true
			f, ok := byKey[key]
			if !ok {
				t.Errorf("%s: field %q is not in the editor", where, key)
				continue
			}
			optional := strings.Contains(opts, "omitempty")
			if got := f.Required == nil || *f.Required; got == optional {
				t.Errorf("%s: field %q required = %v in the editor, optional = %v in Go", where, key, got, optional)
			}
			ft := sf.Type
			for ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			// The build refuses a required list with no item.
			if ft.Kind() == reflect.Slice && !optional && (f.Min == nil || *f.Min < 1) {
				t.Errorf("%s: the required list %q takes no item in the editor", where, key)
			}
			switch {
			case ft == reflect.TypeOf(field.Icon("")):
				if f.Widget != "select" || !reflect.DeepEqual(f.Options, icons.Names()) {
					t.Errorf("%s: icon %q is not a select of the icon set", where, key)
				}
			case ft == reflect.TypeOf(content.Image{}) || ft == reflect.TypeOf(content.ArticleImage{}):
				if len(f.Fields) < 2 || f.Fields[0].Widget != "image" || f.Fields[1].Name != "alt" || f.Fields[1].Required != nil {
					t.Errorf("%s: image %q is not an image with a required alt: %+v", where, key, f.Fields)
				}
				// A cover's framing: the rest of its fields, as declared.
				if ft == reflect.TypeOf(content.ArticleImage{}) && len(f.Fields) >= 2 {
					checkFields(t, where+"."+key, ft, f.Fields)
				}
			case ft.Kind() == reflect.Struct:
				checkFields(t, where+"."+key, ft, f.Fields)
			case ft.Kind() == reflect.Slice && ft.Elem().Kind() == reflect.Struct && ft.Elem() != content.SectionType:
				checkFields(t, where+"."+key, ft.Elem(), f.Fields)
			}
		}
	}
	walk(st)
	if len(fields) == 0 && len(byKey) == 0 && walked > 0 {
		t.Errorf("%s: no fields in the editor", where)
	}
	// And the other way: a field the editor would write that Go does not
	// know is one the build refuses (its YAML is decoded strictly). The
	// body of a Markdown file is the text after its front matter.
	for _, f := range fields {
		if !inGo[f.Name] && !(f.Name == "body" && f.Widget == "markdown" && !strings.Contains(where, ".")) {
			t.Errorf("%s: the editor has a field %q that the build does not know", where, f.Name)
		}
	}
}

// TestEditorRules: every rule declared for the editor reaches its
// configuration, and each pattern, run as the editor runs it (a
// JavaScript regular expression on the trimmed value), accepts what the
// build accepts and refuses what it refuses.
func TestEditorRules(t *testing.T) {
	d := readDocs(t)
	_, applied := generateEditorConfig(func(typeName, field string) string { return d.fields[typeName][field] })
	for key := range editorRules {
		if !applied[key] {
			t.Errorf("the rule of %s is in no field of the editor's configuration", key)
		}
	}

	vm := goja.New()
	// The editor's reading of a pattern (Sveltia CMS's zI): an optional
	// leading slash, and /flags at the end.
	matches, err := vm.RunString(`(function (pattern, value) {
		const m = pattern.match(/^\/?(?<pattern>.+?)(?:\/(?<flags>[dgimsuy]*))?$/);
		return new RegExp(m.groups.pattern, (m.groups.flags || "").replace(/[gy]/g, "")).test(value.trim());
	})`)
	if err != nil {
		t.Fatal(err)
	}
	editorAccepts, ok := goja.AssertFunction(matches)
	if !ok {
		t.Fatal("no function")
	}
	accepts := func(pattern, value string) bool {
		t.Helper()
		v, err := editorAccepts(goja.Undefined(), vm.ToValue(pattern), vm.ToValue(value))
		if err != nil {
			t.Fatalf("pattern %q: %v", pattern, err)
		}
		return v.ToBoolean()
	}

	twelve := make([]string, 12)
	for i := range twelve {
		twelve[i] = "M"
	}
	const brand = "Vozia"
	long := strings.Repeat("a", content.MaxTitle)
	cases := []struct {
		rule   string
		build  func(string) bool
		values []string
	}{
		{"EnquiryProduct.ID", contactform.ValidProduct, []string{"voice-ai", "pulse", "Pulse", "health--companion", "-a", "a b", ""}},
		{"Claim.Key", content.ClaimKey.MatchString, []string{"uptime", "calls-per-day", "Calls", "a--b", "-a", "a b", ""}},
		{"ArticleFront.Tags", content.TagPattern.MatchString, []string{"voice-ai", "ai", "Voice", "voice_ai", "voice-", "", "é"}},
		{"CaseStudy.ID", content.TagPattern.MatchString, []string{"harbour-logistics", "Harbour", "a b", "a--b", ""}},
		{"Service.ID", content.TagPattern.MatchString, []string{"voice-agents", "Voice", "a_b", ""}},
		{"PageMeta.Aliases", func(s string) bool { return field.CheckAddress("alias", s) == nil }, addressSamples},
		{"ArticleFront.Aliases", func(s string) bool { return field.CheckAddress("alias", s) == nil }, addressSamples},
		{"RedirectRule.From", func(s string) bool { return field.CheckAddress("from", s) == nil }, addressSamples},
		{"RedirectRule.To", func(s string) bool { return field.CheckPath("to", s) == nil }, addressSamples},
		{"RewriteRule.To", func(s string) bool { return field.CheckPath("to", s) == nil }, addressSamples},
		{"Breadcrumb.URL", func(s string) bool { return field.CheckPath("url", s) == nil }, addressSamples},
		{"Image.Alt", func(s string) bool { return content.Image{Src: "/images/a.png", Alt: s}.Validate() == nil }, []string{"A harbour", "", "   ", "x"}},
		{"ReviewsSection.RatingLabel", func(s string) bool { return sections.ReviewsSection{Months: twelve, RatingLabel: s}.Validate() == nil }, []string{"{rating} of {best}", "Rated {rating}", "five stars", "{ rating }", ""}},
		{"Analytics.MeasurementID", func(s string) bool { return siteconfig.Analytics{MeasurementID: s}.Validate() == nil }, []string{"", "G-ABC123", "UA-1234", "g-abc", "G-", "G-abc123", "G-ABC", "G-ABC123\" onload=\"x"}},
		{"Webinar.Time", func(s string) bool { _, err := time.Parse("15:04", s); return err == nil && len(s) == 5 }, []string{"14:00", "09:30", "9:30", "24:00", "14:60", ""}},
		{"ArticleFront.Title", func(s string) bool { return utf8.RuneCountInString(s+content.TitleSuffix(brand)) <= content.MaxTitle }, []string{"Short", long[:content.MaxTitle-len(content.TitleSuffix(brand))], long[:content.MaxTitle-len(content.TitleSuffix(brand))+1], long}},
	}
	// Every text with placeholders (a fill tag) that the build refuses
	// without them has a pattern in the editor that refuses it too, found
	// by asking the build (its type's Validate), not listed here: the
	// footnote's label and the footer's copyright were saved by the editor
	// without theirs, and the build then refused the file (an editor's
	// trial). A value is the build's if Validate says of it what it says
	// of the text with every placeholder.
	for _, v := range []any{content.ArticleLabels{Months: twelve}, content.Footer{}, content.ContactForm{}, content.Consent{},
		sections.ReviewsSection{Months: twelve}, sections.FoundersSection{}, sections.MarkdownSection{}} {
		typ := reflect.TypeOf(v)
		for i := range typ.NumField() {
			f := typ.Field(i)
			tag := f.Tag.Get("fill")
			if tag == "" || f.Type.Kind() != reflect.String {
				continue
			}
			validate := func(text string) string {
				x := reflect.New(typ).Elem()
				x.Set(reflect.ValueOf(v))
				x.Field(i).SetString(text)
				if val, ok := x.Interface().(interface{ Validate() error }); ok {
					return fmt.Sprint(val.Validate())
				}
				return ""
			}
			all := "{" + strings.Join(strings.Split(tag, ","), "} {") + "}"
			want := validate(all)
			if validate("none") == want {
				continue // taken without its placeholders
			}
			cases = append(cases, struct {
				rule   string
				build  func(string) bool
				values []string
			}{typ.Name() + "." + f.Name, func(s string) bool { return validate(s) == want }, []string{all, all + " here", "none", ""}})
		}
	}
	seen := map[string]bool{}
	for _, c := range cases {
		seen[c.rule] = true
		t.Run(c.rule, func(t *testing.T) {
			rule := editorRules[c.rule]
			if rule.pattern == "" {
				t.Fatalf("no pattern for %s", c.rule)
			}
			pattern := string(EditorConfigFor([]byte(rule.pattern), EditorSite{Brand: brand}))
			if typ, field, _ := strings.Cut(c.rule, "."); optionalField(t, typ, field) {
				pattern = "^$|" + pattern
			}
			for _, v := range c.values {
				if got, want := accepts(pattern, v), c.build(v); got != want {
					t.Errorf("%q: the editor's pattern %q accepts = %v, the build = %v", v, pattern, got, want)
				}
			}
		})
	}
	for key, rule := range editorRules {
		if rule.pattern != "" && !seen[key] {
			t.Errorf("the pattern of %s is not checked against the build here", key)
		}
	}

	// The lists of twelve months.
	for _, key := range []string{"ReviewsSection.Months", "WebinarsSection.Months", "ArticleLabels.Months"} {
		if editorRules[key].items != len(twelve) {
			t.Errorf("%s: the editor asks for %d months", key, editorRules[key].items)
		}
	}
	for n, want := range map[int]bool{11: false, 12: true, 13: false} {
		months := make([]string, n)
		for i := range months {
			months[i] = "M"
		}
		if got := (sections.WebinarsSection{Months: months}).Validate() == nil; got != want {
			t.Errorf("the build with %d months: accepted = %v", n, got)
		}
	}

	// A date, typed as the file has it: the editor's pattern is the
	// build's rule, but for February's 29th of a year with none, which
	// the build names.
	for _, v := range []string{"2026-03-14", "2024-02-29", "2026-12-31", "2026-04-30", "2026-04-31", "2026-13-01", "2026-00-10", "2026-02-30", "26-03-14", "2026-3-14", "03/14/2026", "2026-03-14T10:00", ""} {
		var d field.Date
		if got, want := accepts(datePattern, v), d.UnmarshalText([]byte(v)) == nil; got != want {
			t.Errorf("date %q: the editor's pattern accepts = %v, the build = %v", v, got, want)
		}
	}

	// The build fills in the brand's room for the title, the theme colour
	// a new colour starts with, and the claims a result may cite.
	filled := EditorConfigFor(editorConfig(t), EditorSite{Brand: brand, ThemeColor: "#FF6B35", Claims: []content.Claim{
		{Key: "check-ins", Kind: "result"}, {Key: "response-rate", Kind: "reported"},
	}})
	for _, p := range []string{editorTitleRoom, editorThemeColor, editorResultClaims} {
		if bytes.Contains(filled, []byte(p)) {
			t.Errorf("%s is not filled in", p)
		}
	}
	if !bytes.Contains(filled, []byte(fmt.Sprintf("^.{0,%d}$", content.MaxTitle-len(content.TitleSuffix(brand))))) {
		t.Error("the title's room is not filled in for the brand")
	}
	// As the editor reads it: the case studies' colour and results.
	caseStudy := func(config []byte) (color, results editorField) {
		t.Helper()
		var cfg struct{ Collections []editorCollection }
		if err := yaml.Unmarshal(config, &cfg); err != nil {
			t.Fatalf("the configuration filled in is not YAML: %v", err)
		}
		for _, c := range cfg.Collections {
			for _, f := range c.Files {
				if f.File != "content/"+content.CollectionFile("caseStudies") {
					continue
				}
				for _, x := range f.Fields[0].Fields {
					switch x.Name {
					case "color":
						color = x
					case "results":
						results = x
					}
				}
			}
		}
		return color, results
	}
	color, results := caseStudy(filled)
	if color.Default != any("#FF6B35") {
		t.Errorf("a new case study's colour starts as %q, not the theme colour", color.Default)
	}
	if !strings.HasSuffix(results.Hint, "are `{claim:check-ins}`.") || strings.Contains(results.Hint, "response-rate") {
		t.Errorf("the help of a case study's results does not list the results to cite, and them alone: %q", results.Hint)
	}
	color, results = caseStudy(EditorConfigFor(editorConfig(t), EditorSite{}))
	if color.Default != any("") || !strings.Contains(results.Hint, "No claim is a result yet") {
		t.Errorf("with no site: colour %q, results' help %q", color.Default, results.Hint)
	}
}

// addressSamples are site paths good and bad, for the path rules.
var addressSamples = []string{"/", "/about", "/solutions/voice-ai", "about", "/about/", "//evil.example", "/a b", "/a?b=1", "/a#b",
	"/admin", "/admin/x", "/administration", "/api/contact", "/assets/app.js", "/data", "/database", "", `/\evil.example`, `/a\b`}

// optionalField reports whether Go field typ.field is optional (omitempty).
func optionalField(t *testing.T, typ, field string) bool {
	t.Helper()
	types := map[string]reflect.Type{}
	var walk func(reflect.Type)
	walk = func(rt reflect.Type) {
		for rt.Kind() == reflect.Pointer || rt.Kind() == reflect.Slice {
			rt = rt.Elem()
		}
		if rt.Kind() != reflect.Struct || types[rt.Name()] != nil {
			return
		}
		types[rt.Name()] = rt
		for i := 0; i < rt.NumField(); i++ {
			walk(rt.Field(i).Type)
		}
	}
	for _, rt := range []reflect.Type{reflect.TypeOf(content.PageFile{}), reflect.TypeOf(content.MarkdownFront{}), reflect.TypeOf(content.ArticleFront{}), reflect.TypeOf(siteconfig.SiteConfig{}), reflect.TypeOf(content.Layout{}), reflect.TypeOf(content.Routing{}), reflect.TypeOf(content.Collections{})} {
		walk(rt)
	}
	for _, k := range content.Kinds() {
		walk(k.Type())
	}
	rt, ok := types[typ]
	if !ok {
		t.Fatalf("no content type %s", typ)
	}
	sf, ok := rt.FieldByName(field)
	if !ok {
		t.Fatalf("no field %s.%s", typ, field)
	}
	_, opts, _ := content.YAMLKey(sf)
	return strings.Contains(opts, "omitempty") && sf.Type.Kind() == reflect.String
}

// TestEditorConfigPreviews fails while the editor's preview table is
// stale (make types rewrites it), and while a collection of the
// editor whose entries are pages (a folder under content/pages or
// content/articles) has no preview.
func TestEditorConfigPreviews(t *testing.T) {
	current(t, filepath.Join("../..", EditorPreviewsFile), EditorPreviews())
	previewed := map[string]string{}
	for _, p := range editorPreviews {
		previewed[p.collection] = p.form
	}
	for _, c := range parseEditorConfig(t) {
		if !strings.HasPrefix(c.Folder, "content/pages") && !strings.HasPrefix(c.Folder, "content/articles") {
			continue
		}
		if _, ok := previewed[c.Name]; !ok {
			t.Errorf("collection %q (%s) has no preview", c.Name, c.Folder)
		}
		delete(previewed, c.Name)
	}
	for name := range previewed {
		t.Errorf("a preview for %q, which is no collection of the editor", name)
	}
}

// TestEditorArticlesScheduled: the editor's list of articles opens grouped
// so that an editor sees which articles the site does not show yet: those
// dated after today under Scheduled, as the build schedules them (load's
// Status), and a filter each for them and the drafts. The view options
// are read as the pinned editor applies them (its
// services/contents/collection/view/conditions.js): {{today}} is the day,
// YYYY-MM-DD, and a string field compares as text.
func TestEditorArticlesScheduled(t *testing.T) {
	type view struct {
		Name  string `yaml:"name"`
		Label string `yaml:"label"`
		Field string `yaml:"field"`
		GT    string `yaml:"gt"`
		EQ    any    `yaml:"eq"`
	}
	var cfg struct {
		Collections []struct {
			Name        string `yaml:"name"`
			Summary     string `yaml:"summary"`
			ViewFilters struct {
				Filters []view `yaml:"filters"`
			} `yaml:"view_filters"`
			ViewGroups struct {
				Groups  []view `yaml:"groups"`
				Default string `yaml:"default"`
			} `yaml:"view_groups"`
		} `yaml:"collections"`
	}
	if err := yaml.Unmarshal(editorConfig(t), &cfg); err != nil {
		t.Fatal(err)
	}
	var scheduled, drafts *view
	var filters []view
	summary := ""
	for _, c := range cfg.Collections {
		if c.Name != articlesCollection {
			continue
		}
		summary, filters = c.Summary, c.ViewFilters.Filters
		for i, g := range c.ViewGroups.Groups {
			if g.Name == c.ViewGroups.Default {
				scheduled = &c.ViewGroups.Groups[i]
			} else if g.Field == "draft" {
				drafts = &c.ViewGroups.Groups[i]
			}
		}
	}
	if scheduled == nil || scheduled.Label != "Scheduled" {
		t.Fatalf("the articles' list opens with no group labelled Scheduled (default group %+v)", scheduled)
	}
	if drafts == nil || !strings.Contains(summary, "Draft") {
		t.Errorf("the drafts are neither a group nor marked in the list's summary %q", summary)
	}
	for _, want := range []view{*scheduled, *drafts} {
		if !slices.Contains(filters, want) {
			t.Errorf("no filter %s (%+v) beside the group", want.Label, want)
		}
	}
	// inGroup is whether the editor puts an article in group v on day
	// today.
	inGroup := func(v view, a *content.LoadedArticle, today string) bool {
		switch {
		case v.Field == "date" && v.GT == "{{today}}" && v.EQ == nil:
			return string(a.Front.Date) > today
		case v.Field == "draft" && v.EQ == true && v.GT == "":
			return a.Front.Draft
		}
		t.Fatalf("a view option this test does not read as the editor does: %+v", v)
		return false
	}

	// Each day an article of the test site is dated, as today: the
	// article of the day is on the site, a later one is scheduled.
	fsys := os.DirFS("../../testdata/site")
	site, err := load.SiteWith(fsys, load.Options{Drafts: true})
	if err != nil {
		t.Fatal(err)
	}
	days := map[string]bool{}
	for _, a := range site.Articles {
		days[string(a.Front.Date)] = true
	}
	if len(days) < 2 {
		t.Fatalf("the test site's articles are dated %d days, want two or more", len(days))
	}
	for day := range days {
		now, _ := time.Parse(time.DateOnly, day)
		site, err := load.SiteWith(fsys, load.Options{Drafts: true, Now: now.Add(12 * time.Hour)})
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range site.Articles {
			if a.Status == "draft" {
				if !inGroup(*drafts, a, day) {
					t.Errorf("on %s, the draft %s is not in the editor's %s", day, a.File, drafts.Label)
				}
				continue
			}
			if got, want := inGroup(*scheduled, a, day), a.Status == "scheduled"; got != want {
				t.Errorf("on %s, %s (dated %s) is in the editor's %s: %v; the build schedules it: %v", day, a.File, a.Front.Date, scheduled.Label, got, want)
			}
		}
	}
}
