// Package admin builds the web editor at /admin/ (Sveltia CMS): the page,
// the editor's own files copied as its npm package ships them (the version
// frontend/package.json pins, loaded from the site's origin and never from
// a CDN), the configuration generated from the content schema
// (frontend/admin/config.yml, see codegen.EditorConfig) and the site's own
// script that starts the editor and registers its previews
// (frontend/src/admin/admin.tsx, bundled here with the site's CSS).
//
// Nothing outside admin/ refers to these files: no page of the site loads
// a byte of the editor. The pages under /admin/ have their own headers
// (routing.AdminHeaders), and are not in the sitemap.
package admin

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"html/template"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/evanw/esbuild/pkg/api"

	"github.com/vozia/site/generator/bundle"
	"github.com/vozia/site/generator/codegen"
	"github.com/vozia/site/internal/filecache"
)

// File is one output file, its path relative to the site root. From, if
// set, is the file on disk that holds Data, a package's file or a kept
// one, which the site's output links to (atomicdir.File.From).
type File struct {
	Path string
	Data []byte
	From string
}

// Package is the editor's npm package, and Dir where its files are served.
const (
	Package = "@sveltia/cms"
	Dir     = "admin/sveltia"
	// ConfigFile is the editor's configuration, as codegen.EditorConfig
	// wrote it (the build fills in its brand's rules).
	ConfigFile = "admin/config.yml"
)

// Build returns the files of /admin/ for the app in frontendDir (the
// folder of package.json and node_modules). In make dev, the page loads
// the live-reload script from liveScript too. Its bundles are kept with
// the app (bundle.FrontendCache) and taken from there while their inputs
// are unchanged: they change with the lock file and the app's sources,
// not with the content.
func Build(frontendDir, liveScript string) ([]File, error) {
	return build(frontendDir, liveScript, bundle.FrontendCache(frontendDir))
}

// build is Build, with its bundles kept under cacheRoot.
func build(frontendDir, liveScript, cacheRoot string) ([]File, error) {
	version, err := pinned(frontendDir)
	if err != nil {
		return nil, err
	}
	var out []File
	pkg := filepath.Join(frontendDir, "node_modules", filepath.FromSlash(Package))
	// The package's ES module build: index.js, the chunks it loads on
	// demand and the fonts and WebAssembly they name, each by a path
	// relative to the module. Source maps stay out.
	npm := filepath.Join(pkg, "npm")
	root := os.DirFS(npm)
	err = fs.WalkDir(root, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(p, ".map") {
			return err
		}
		if p == "index.js" {
			index, deps, err := ownIndex(frontendDir, version, root, filecache.New(cacheRoot, "editor", ".files"))
			if err != nil {
				return err
			}
			out = append(out, deps...)
			index.Path = path.Join(Dir, p)
			out = append(out, index)
			return nil
		}
		data, err := fs.ReadFile(root, p)
		if err != nil {
			return err
		}
		out = append(out, File{Path: path.Join(Dir, p), Data: data, From: filepath.Join(npm, filepath.FromSlash(p))})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("admin: the editor's files (make deps installs %s %s): %w", Package, version, err)
	}
	config, err := os.ReadFile(filepath.Join(frontendDir, "admin", "config.yml"))
	if err != nil {
		return nil, fmt.Errorf("admin: %w (make types writes it)", err)
	}
	out = append(out, File{Path: ConfigFile, Data: config})

	script, style, files, err := bundleAdmin(frontendDir, bundle.NewCache(cacheRoot, "admin"))
	if err != nil {
		return nil, err
	}
	out = append(out, files...)
	var page bytes.Buffer
	if err := pageTemplate.Execute(&page, map[string]string{
		"Editor": "/" + Dir + "/index.js", "Script": script, "Style": style, "Version": version, "Live": liveScript,
	}); err != nil {
		return nil, err
	}
	out = append(out, File{Path: "admin/index.html", Data: page.Bytes()})
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, nil
}

// pinned is the editor's version: frontend/package.json must pin one
// exact version, and node_modules must hold it.
func pinned(frontendDir string) (string, error) {
	var manifest struct {
		Dependencies map[string]string `json:"dependencies"`
		Version      string            `json:"version"`
	}
	data, err := os.ReadFile(filepath.Join(frontendDir, "package.json"))
	if err == nil {
		err = json.Unmarshal(data, &manifest)
	}
	if err != nil {
		return "", fmt.Errorf("admin: %w", err)
	}
	want := manifest.Dependencies[Package]
	if want == "" || strings.ContainsAny(want, "^~<>=* ") {
		return "", fmt.Errorf("admin: frontend/package.json must pin %s to one exact version, not %q", Package, want)
	}
	data, err = os.ReadFile(filepath.Join(frontendDir, "node_modules", filepath.FromSlash(Package), "package.json"))
	if err == nil {
		manifest.Version = ""
		err = json.Unmarshal(data, &manifest)
	}
	if err != nil || manifest.Version != want {
		return "", fmt.Errorf("admin: node_modules holds %s %q, package.json pins %q: run make deps (%v)", Package, manifest.Version, want, err)
	}
	return want, nil
}

// fontURL is a font the editor's stylesheet loads from a CDN: its family
// and subset name the copy its package ships in assets/. It reads the
// editor's own bundle, a third party's minified code, as text: there is no
// option to give it the fonts' URLs. The editor is pinned to one version;
// if an upgrade names its fonts in another form, they would escape this
// pattern and load from elsewhere (refused by the page's policy):
// TestBuild fails when any font URL of another origin remains, or when no
// font was rewritten.
var fontURL = regexp.MustCompile(`https://cdn\.jsdelivr\.net/fontsource/fonts/([a-z0-9-]+)(?::vf)?@[0-9.]+/([a-z0-9-]+)\.woff2`)

// ownIndex is the editor's index.js with its fonts and modules made its
// own (ownFonts, ownModules), and the modules' files. They come from
// node_modules alone, which changes only with the lock file: they are made
// once per lock file and kept beside the packages, in
// node_modules/.cache/vozia-site/editor, which npm ci empties with the
// rest (one entry, named by the lock file, the editor's version and the
// build's own; see filecache.Version). Every build of the site, whatever
// its output or cache folder, and every test, takes them from there (each
// file's From is its kept copy): made afresh, they are a second of
// esbuild's time on two cores. A folder that cannot be written only
// costs the time.
func ownIndex(frontendDir, version string, pkg fs.FS, disk filecache.Dir) (index File, deps []File, err error) {
	lock, err := os.ReadFile(filepath.Join(frontendDir, "package-lock.json"))
	if err != nil {
		return File{}, nil, fmt.Errorf("admin: %w (make deps)", err)
	}
	sum := sha256.Sum256(lock)
	key := "editor " + version + "\x00" + hex.EncodeToString(sum[:])
	if kept, ok := keptFiles(disk, key); ok {
		return kept[0], kept[1:], nil
	}
	data, err := fs.ReadFile(pkg, "index.js")
	if err != nil {
		return File{}, nil, err
	}
	if data, err = ownFonts(pkg, data); err != nil {
		return File{}, nil, err
	}
	data, files, err := ownModules(frontendDir, data)
	if err != nil {
		return File{}, nil, err
	}
	keepFiles(disk, key, append([]File{{Path: "index.js", Data: data}}, files...))
	return File{Data: data}, files, nil
}

// keepFiles keeps files under key: each file as an entry of its own, so
// that an output can be a link to it, then the list of their paths as
// key's entry, which keptFiles reads first. Only these entries stay.
func keepFiles(disk filecache.Dir, key string, files []File) {
	keys := []string{key}
	paths := make([][]byte, len(files))
	for i, f := range files {
		k := key + "\x00" + f.Path
		disk.Put(k, f.Data)
		keys = append(keys, k)
		paths[i] = []byte(f.Path)
	}
	disk.Put(key, filecache.Pack(paths...))
	disk.KeepOnly(keys)
}

// keptFiles are the files keepFiles kept under key, index.js first, each
// with its entry as From; ok is false if any is missing or unreadable.
func keptFiles(disk filecache.Dir, key string) (files []File, ok bool) {
	list, ok := disk.Get(key)
	if !ok {
		return nil, false
	}
	paths, ok := filecache.Unpack(list)
	if !ok || len(paths) == 0 || string(paths[0]) != "index.js" {
		return nil, false
	}
	for _, p := range paths {
		data, from, ok := disk.GetFile(key + "\x00" + string(p))
		if !ok {
			return nil, false
		}
		files = append(files, File{Path: string(p), Data: data, From: from})
	}
	return files, true
}

// ownFonts points the editor's @font-face rules at the copies of the fonts
// its package ships (it registers those too, but the rules' own URLs are a
// CDN's, which the page's policy refuses). A font with no copy fails the
// build: the editor would load nothing from elsewhere.
func ownFonts(pkg fs.FS, index []byte) ([]byte, error) {
	assets, err := fs.ReadDir(pkg, "assets")
	if err != nil {
		return nil, err
	}
	var missing []string
	out := fontURL.ReplaceAllFunc(index, func(u []byte) []byte {
		m := fontURL.FindSubmatch(u)
		prefix := string(m[1]) + "-" + string(m[2]) + "-"
		for _, a := range assets {
			if strings.HasPrefix(a.Name(), prefix) && strings.HasSuffix(a.Name(), ".woff2") {
				return []byte("/" + Dir + "/assets/" + a.Name())
			}
		}
		missing = append(missing, string(u))
		return u
	})
	if len(missing) > 0 {
		return nil, fmt.Errorf("admin: %s names fonts on a CDN with no copy in its package: %q", Package, missing)
	}
	return out, nil
}

// modules are the packages the editor imports by name, when it needs
// them: a browser cannot resolve a package name, so each is bundled from
// node_modules (where npm put it as the editor's dependency) to a file of
// its own, and the editor's import names that file instead. Those it
// imports for features this site's configuration does not use (the map
// field's Leaflet, code highlighting's Shiki) are not shipped.
var modules = []string{
	"immutable",                           // entries handed to the previews
	"exifr/dist/lite.esm.mjs",             // an uploaded photo's metadata
	"svgo/browser",                        // an uploaded SVG, optimised
	"turndown/lib/turndown.browser.es.js", // rich text pasted as Markdown
}

// ownModules bundles modules and points the editor's imports at them.
func ownModules(frontendDir string, index []byte) ([]byte, []File, error) {
	dir, err := filepath.Abs(frontendDir)
	if err != nil {
		return nil, nil, err
	}
	var files []File
	for _, m := range modules {
		name := strings.NewReplacer("/", "-", ".", "-").Replace(m) + ".js"
		spec := []byte("import(`" + m + "`)")
		if !bytes.Contains(index, spec) {
			return nil, nil, fmt.Errorf("admin: %s no longer imports %q: update generator/admin", Package, m)
		}
		// The module as the editor imports it: its named exports, and its
		// default export where it has one.
		var r api.BuildResult
		for _, src := range []string{"export * from %[1]s; export { default } from %[1]s;", "export * from %[1]s;"} {
			o := api.BuildOptions{
				AbsWorkingDir: dir,
				Stdin:         &api.StdinOptions{Contents: fmt.Sprintf(src, strconv.Quote(m)), ResolveDir: dir},
				Bundle:        true, Write: false, Format: api.FormatESModule, Platform: api.PlatformBrowser,
				Target: api.ES2020, MinifyWhitespace: true, MinifySyntax: true, MinifyIdentifiers: true,
				Define:        map[string]string{"process.env.NODE_ENV": `"production"`},
				LegalComments: api.LegalCommentsEndOfFile, LogLevel: api.LogLevelSilent,
			}
			r = api.Build(o)
			if len(r.Errors) == 0 {
				break
			}
		}
		if len(r.Errors) > 0 || len(r.OutputFiles) != 1 {
			return nil, nil, fmt.Errorf("admin: bundling %q for the editor: %v", m, r.Errors)
		}
		files = append(files, File{Path: path.Join(Dir, "modules", name), Data: r.OutputFiles[0].Contents})
		index = bytes.ReplaceAll(index, spec, []byte("import(`/"+Dir+"/modules/"+name+"`)"))
	}
	return index, files, nil
}

// bundleAdmin builds frontend/src/admin/admin.tsx and the CSS of the
// site's components it imports, for the previews.
func bundleAdmin(frontendDir string, disk bundle.Cache) (script, style string, files []File, err error) {
	dir, err := filepath.Abs(frontendDir)
	if err != nil {
		return "", "", nil, err
	}
	o := api.BuildOptions{
		AbsWorkingDir:     dir,
		EntryPoints:       []string{"src/admin/admin.tsx"},
		EntryNames:        "admin-[hash]",
		AssetNames:        "[name]-[hash]",
		Outdir:            filepath.Join(dir, "out", "admin"),
		PublicPath:        "/admin",
		Bundle:            true,
		Write:             false,
		Format:            api.FormatESModule,
		Platform:          api.PlatformBrowser,
		Target:            api.ES2020,
		JSX:               api.JSXAutomatic,
		Define:            map[string]string{"process.env.NODE_ENV": `"production"`},
		Loader:            map[string]api.Loader{".png": api.LoaderFile, ".jpg": api.LoaderFile, ".webp": api.LoaderFile, ".svg": api.LoaderFile, ".woff2": api.LoaderFile},
		External:          []string{"/admin/*"},
		MinifyWhitespace:  true,
		MinifyIdentifiers: true,
		MinifySyntax:      true,
		LegalComments:     api.LegalCommentsNone,
		Charset:           api.CharsetUTF8,
		LogLevel:          api.LogLevelSilent,
		Metafile:          true,
	}
	key := "admin " + dir
	r, ok := disk.Get(key, dir)
	if !ok {
		r = api.Build(o)
		disk.Put(key, o, r)
	}
	disk.KeepOnly(key)
	if len(r.Errors) > 0 {
		m := r.Errors[0]
		where := "frontend"
		if m.Location != nil {
			where = fmt.Sprintf("frontend/%s:%d:%d", m.Location.File, m.Location.Line, m.Location.Column+1)
		}
		return "", "", nil, fmt.Errorf("%s: admin bundle: %s", where, m.Text)
	}
	outRoot := filepath.Join(dir, "out")
	for _, f := range r.OutputFiles {
		rel, err := filepath.Rel(outRoot, f.Path)
		if err != nil {
			return "", "", nil, err
		}
		rel = filepath.ToSlash(rel)
		files = append(files, File{Path: rel, Data: f.Contents})
		switch {
		case strings.HasPrefix(path.Base(rel), "admin-") && strings.HasSuffix(rel, ".js"):
			script = "/" + rel
		case strings.HasPrefix(path.Base(rel), "admin-") && strings.HasSuffix(rel, ".css"):
			style = "/" + rel
		}
	}
	return script, style, files, nil
}

// The page sets no inline script or style: its policy allows neither. Its
// note says the editor is loading (some 1.5 MB of script, seconds on a
// slow line, where the page was blank): the page script removes it once
// the editor starts, or says why it did not.
var pageTemplate = template.Must(template.New("admin").Parse(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Content editor</title>
<link rel="cms-config-url" type="application/yaml" href="/admin/config.yml">
<meta name="editor-module" content="{{.Editor}}" data-version="{{.Version}}">
<meta name="preview-style" content="{{.Style}}">
<script type="module" src="{{.Script}}"></script>
{{if .Live}}<script type="module" src="{{.Live}}"></script>
{{end}}</head>
<body>
<p id="editor-loading" role="status">Loading the editor…</p>
</body>
</html>
`))

// Cache keeps the editor's files between the builds of one Builder: they
// depend only on the frontend, so they are made again only when the app
// was bundled again (a new key), which is when the frontend changed.
type Cache struct {
	files []File
	key   any
}

// Files are the editor's files, what its configuration says that depends
// on the content (an article title's length, a new colour, the claims a
// result may cite) filled in from site (codegen.EditorConfigFor).
func (c *Cache) Files(frontendDir string, key any, site codegen.EditorSite, liveScript string) ([]File, error) {
	if c.files == nil || c.key != key || key == nil {
		files, err := Build(frontendDir, liveScript)
		if err != nil {
			return nil, err
		}
		c.files, c.key = files, key
	}
	out := make([]File, len(c.files))
	for i, f := range c.files {
		if f.Path == ConfigFile {
			f.Data, f.From = codegen.EditorConfigFor(f.Data, site), ""
		}
		out[i] = f
	}
	return out, nil
}
