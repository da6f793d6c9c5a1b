package field

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"
)

// Slugify makes a slug of a title: lowercase ASCII letters and digits
// joined by single hyphens. A page's, an article's or a record's address
// and a tag are slugs.
func Slugify(s string) string {
	var b strings.Builder
	hyphen := false
	for _, r := range strings.ToLower(foldAccents(s)) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			if hyphen && b.Len() > 0 {
				b.WriteByte('-')
			}
			hyphen = false
			b.WriteRune(r)
		default:
			hyphen = true
		}
	}
	return b.String()
}

func foldAccents(s string) string {
	return strings.NewReplacer("á", "a", "à", "a", "ä", "a", "â", "a", "é", "e", "è", "e", "ë", "e", "ê", "e",
		"í", "i", "ï", "i", "ó", "o", "ö", "o", "ô", "o", "ú", "u", "ü", "u", "ñ", "n", "ç", "c",
		"Á", "a", "É", "e", "Í", "i", "Ó", "o", "Ú", "u", "Ñ", "n").Replace(s)
}

// File names. A file the site may publish (under images/, or beside an
// article's index.md) is named, folder by folder, with FileNameChars
// only: ASCII letters, digits, "-", "_", "~", and "." between a name and
// its extension. These are the characters a URL carries as they are, so
// the name is its address with nothing to encode, decode or misread: no
// space, which a srcset reads as a separator; no "%", which a browser or
// the CDN decodes, so that "%2e%2e%2f" in a name is "../" in its address;
// no "?" or "#", which end a path.
//
// It is the web editor's rule too: its uploads are renamed by
// slugify_filename under the global slug option with encoding "ascii"
// (codegen's EditorConfig), which keeps exactly these characters (and
// lower-cases the name): "Team photo (1).svg" is saved as
// team-photo-1.svg, "Café menu.JPG" as cafe-menu.jpg. A test in
// generator/codegen checks that the pinned editor's alphabet is this one.
const FileNameChars = "A-Za-z0-9_~-" // a regexp character class's inside; its "-" last, as itself

var fileNameRe = regexp.MustCompile(`^[.` + FileNameChars + `]+$`)

// CheckFileName reports a file of content/ whose name (or the name of a
// folder it is in, under images/ or articles/) the site cannot publish as
// it is, and the name to give it instead.
func CheckFileName(file string) error {
	segs := strings.Split(file, "/")
	for i, seg := range segs[1:] {
		if fileNameRe.MatchString(seg) {
			continue
		}
		what := "file name"
		if i+2 < len(segs) {
			what = "folder name"
		}
		if enc := percentEncoded(seg); enc != "" {
			return fmt.Errorf("%s %q holds %q, a percent-encoded character: browsers and the CDN decode it (%%2e%%2e%%2f is ../), so the file would be published at another address than its name; rename it %q", what, seg, enc, SlugFileName(seg))
		}
		return fmt.Errorf("%s %q holds %q: a file the site publishes is named with ASCII letters, digits, -, _, ~ and . only (the web editor names uploads so); rename it %q", what, seg, firstBad(seg), SlugFileName(seg))
	}
	return nil
}

// percentEncoded is the first %XX escape in s, or "".
func percentEncoded(s string) string {
	for i := 0; i+2 < len(s); i++ {
		if s[i] == '%' && hexDigit(s[i+1]) && hexDigit(s[i+2]) {
			return s[i : i+3]
		}
	}
	return ""
}

func hexDigit(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func firstBad(s string) string {
	for _, r := range s {
		if !fileNameRe.MatchString(string(r)) {
			if r == utf8.RuneError {
				return "\ufffd"
			}
			return string(r)
		}
	}
	return ""
}

// SlugFileName is name as the web editor would save it: accents dropped,
// every run of other characters a "-", lower case, the extension kept.
func SlugFileName(name string) string {
	base, ext := name, ""
	if i := strings.LastIndexByte(name, '.'); i > 0 {
		base, ext = name[:i], strings.ToLower(name[i:])
	}
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(foldAccents(base)) {
		if r < utf8.RuneSelf && fileNameRe.MatchString(string(r)) && r != '.' {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	slug := strings.Trim(b.String(), "-")
	if slug == "" {
		slug = "file"
	}
	if !fileNameRe.MatchString(ext) {
		ext = ""
	}
	return slug + ext
}
