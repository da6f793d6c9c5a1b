package codegen

import (
	"os"
	"path"
	"regexp"
	"strings"
	"testing"

	"github.com/dop251/goja"
	"gopkg.in/yaml.v3"

	"github.com/vozia/site/generator/content/field"
)

const (
	// editorModule is the pinned editor's code, editorTypes its typed API.
	editorModule = "../../frontend/node_modules/@sveltia/cms/dist/sveltia-cms.mjs"
	editorTypes  = "../../frontend/node_modules/@sveltia/cms/types/public.d.ts"
)

// TestUploadNamesAgree: the web editor names an upload only as the build
// accepts a file's name (field.FileNameChars), and puts it where the
// collection's images live. The editor renames uploads by its slug
// option when slugify_filename is on; with encoding "ascii" a slug keeps
// the characters of the pinned editor's own pattern, run here as the
// editor runs it, and each of those the build accepts, and no other.
func TestUploadNamesAgree(t *testing.T) {
	var cfg struct {
		MediaFolder    string `yaml:"media_folder"`
		PublicFolder   string `yaml:"public_folder"`
		MediaLibraries struct {
			Default struct {
				Config struct {
					SlugifyFilename bool `yaml:"slugify_filename"`
				} `yaml:"config"`
			} `yaml:"default"`
		} `yaml:"media_libraries"`
		Slug struct {
			Encoding     string `yaml:"encoding"`
			CleanAccents bool   `yaml:"clean_accents"`
		} `yaml:"slug"`
		Collections []struct {
			Name         string  `yaml:"name"`
			Path         string  `yaml:"path"`
			MediaFolder  *string `yaml:"media_folder"`
			PublicFolder *string `yaml:"public_folder"`
			Files        []struct {
				Name         string  `yaml:"name"`
				File         string  `yaml:"file"`
				MediaFolder  *string `yaml:"media_folder"`
				PublicFolder *string `yaml:"public_folder"`
			} `yaml:"files"`
		} `yaml:"collections"`
	}
	if err := yaml.Unmarshal(editorConfig(t), &cfg); err != nil {
		t.Fatal(err)
	}
	if !cfg.MediaLibraries.Default.Config.SlugifyFilename || cfg.Slug.Encoding != "ascii" || !cfg.Slug.CleanAccents {
		t.Fatalf("uploads keep the names they came with (slugify_filename %v, slug %+v): %q would break the build; want slugify_filename under an ascii slug with clean_accents",
			cfg.MediaLibraries.Default.Config.SlugifyFilename, cfg.Slug, "Team photo (1).svg")
	}

	// The ascii slug's pattern of unsafe characters, as the pinned editor
	// holds it; an upgrade that changes it fails here, to be looked at.
	module, err := os.ReadFile(editorModule)
	if err != nil {
		t.Fatalf("the editor's module: %v (make deps installs it)", err)
	}
	const unsafeASCII = `/[^\w-~]/`
	if !strings.Contains(string(module), unsafeASCII) {
		t.Fatalf("the editor no longer holds its ascii slug pattern %s: find the new one and make field.FileNameChars agree", unsafeASCII)
	}
	vm := goja.New()
	v, err := vm.RunString(`(() => { const re = ` + unsafeASCII + `; let kept = ""; for (let c = 32; c < 127; c++) { const s = String.fromCharCode(c); if (!re.test(s)) kept += s; } return kept; })()`)
	if err != nil {
		t.Fatal(err)
	}
	kept := v.String()
	build := regexp.MustCompile(`^[` + field.FileNameChars + `]$`)
	for c := rune(32); c < 127; c++ {
		s := string(c)
		if edit, built := strings.Contains(kept, s), build.MatchString(s); edit != built {
			t.Errorf("%q: the editor's slugs keep it %v, the build accepts it %v", s, edit, built)
		}
	}
	// The editor's own example, from its typed API, and ordinary names:
	// the build accepts each as the editor saves it.
	types, err := os.ReadFile(editorTypes)
	if err != nil {
		t.Fatal(err)
	}
	ex := regexp.MustCompile("`([^`]+)` would be `([^`]+)`").FindStringSubmatch(string(types))
	if ex == nil {
		t.Fatal("the editor's types no longer give slugify_filename's example")
	}
	for in, want := range map[string]string{ex[1]: ex[2], "Team photo (1).svg": "team-photo-1.svg", "Café menu.JPG": "cafe-menu.jpg"} {
		got := field.SlugFileName(in)
		if got != want {
			t.Errorf("%q is saved as %q; the build's suggestion is %q", in, want, got)
		}
		if err := field.CheckFileName("images/" + want); err != nil {
			t.Errorf("the build refuses the upload %q: %v", want, err)
		}
	}

	// Where uploads go: the folder whose files the build publishes at the
	// collection's public path (content/images/x is /images/x), or beside
	// an article's index.md. A collection with a path would otherwise
	// upload beside its entries.
	published := func(where string, media, public *string) {
		t.Helper()
		switch {
		case media == nil || public == nil:
			t.Errorf("%s: no media_folder and public_folder: uploads would go beside the entry", where)
		case *media == "" && *public == "":
			if where != "articles" {
				t.Errorf("%s: uploads beside the entry, which the build publishes only in an article's folder", where)
			}
		case !strings.HasPrefix(*media, "/content/images") || "/content"+*public != *media:
			t.Errorf("%s: uploads to %q, shown as %q: not where the build publishes them", where, *media, *public)
		}
	}
	for _, c := range cfg.Collections {
		if c.Path != "" {
			published(c.Name, c.MediaFolder, c.PublicFolder)
		}
		for _, f := range c.Files {
			if f.MediaFolder != nil {
				published(c.Name+"/"+f.Name, f.MediaFolder, f.PublicFolder)
			}
		}
		// One rule for every collection: its images in the folder named as
		// its file, as the guide and the content have them
		// (collections/case-studies.yaml's under images/case-studies/).
		if c.Name == "collections" {
			for _, f := range c.Files {
				want := "/content/images/" + strings.TrimSuffix(path.Base(f.File), ".yaml")
				if f.MediaFolder == nil || *f.MediaFolder != want {
					t.Errorf("collection %s (%s): uploads to %v; want the folder named as its file, %s", f.Name, f.File, f.MediaFolder, want)
				}
			}
		}
	}
	if cfg.MediaFolder != "content/images" || cfg.PublicFolder != "/images" {
		t.Errorf("global media_folder %q, public_folder %q", cfg.MediaFolder, cfg.PublicFolder)
	}
}
