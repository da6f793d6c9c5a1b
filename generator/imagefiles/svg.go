package imagefiles

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"
)

// An SVG is published only as CleanSVG writes it: the file is read as
// strict XML, token by token, and written anew from what an allow-list of
// elements and attributes keeps. What could run or fetch when a visitor
// opens the file's URL (an <img> runs and fetches nothing, but the file
// is served from the site's origin) is refused, at the SVG's own line:
//
//   - a DOCTYPE, and with it every entity and attribute-list declaration
//     (an entity is text the parser would paste in after any check);
//   - a processing instruction other than the XML declaration
//     (<?xml-stylesheet?> loads a style sheet);
//   - <script>, <foreignObject> (HTML inside the drawing), and any element
//     off the list (<a>, <iframe>, <feImage>…);
//   - an event handler (any attribute named on…);
//   - animation of a link (<set>/<animate> of href), and an animated value
//     (to, from, by, values) that is a javascript: URL;
//   - a reference to anything outside the file, however spelt: href and
//     xlink:href other than #fragment (or, on <image>, an inline PNG, JPEG
//     or WebP), url() other than url(#fragment) in attributes and style
//     sheets once CSS escapes (u\72l) and comments are undone, and
//     image-set(), image(), @import and the like in any spelling.
//
// An SVG is at most MaxSVGBytes, and nests at most 256 elements deep.
// Comments, metadata in other namespaces (Inkscape's, Sodipodi's, RDF)
// and attributes in them are dropped; xlink:href is written href.
// A refusal is an *SVGError.

// SVGError is a refusal of an SVG, at its line and column.
type SVGError struct {
	Line, Col int
	Msg       string
}

func (e *SVGError) Error() string { return fmt.Sprintf("%s (the SVG's line %d)", e.Msg, e.Line) }

const (
	svgNS   = "http://www.w3.org/2000/svg"
	xlinkNS = "http://www.w3.org/1999/xlink"
	xmlNS   = "http://www.w3.org/XML/1998/namespace"
	// maxSVGDepth is deeper than any drawing nests its groups.
	maxSVGDepth = 256
	// MaxSVGBytes is the largest SVG: a drawing is rarely 1 MB, and the
	// XML reader takes about a second for each 10 MB.
	MaxSVGBytes = 5 << 20
)

// svgElements are the elements a drawing may hold.
var svgElements = setOf(
	"svg", "g", "defs", "symbol", "use", "title", "desc", "metadata", "switch", "view",
	"path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "image",
	"text", "tspan", "textPath",
	"linearGradient", "radialGradient", "stop", "pattern", "clipPath", "mask", "marker", "style",
	"animate", "animateTransform", "animateMotion", "set", "mpath",
	"filter", "feBlend", "feColorMatrix", "feComponentTransfer", "feComposite", "feConvolveMatrix",
	"feDiffuseLighting", "feDisplacementMap", "feDistantLight", "feDropShadow", "feFlood", "feFuncA",
	"feFuncB", "feFuncG", "feFuncR", "feGaussianBlur", "feMerge", "feMergeNode", "feMorphology",
	"feOffset", "fePointLight", "feSpecularLighting", "feSpotLight", "feTile", "feTurbulence",
)

// svgAttrs are the attributes (in no namespace) an element may carry:
// geometry, presentation, text, gradients, filters, animation timing.
var svgAttrs = setOf(
	"id", "class", "style", "lang", "tabindex", "role", "focusable",
	"aria-label", "aria-labelledby", "aria-describedby", "aria-hidden",
	"version", "baseProfile", "width", "height", "viewBox", "preserveAspectRatio", "x", "y",
	"x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "ry", "fx", "fy", "fr", "d", "points", "pathLength",
	"transform", "transform-origin", "href",
	"fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin",
	"stroke-miterlimit", "stroke-dasharray", "stroke-dashoffset", "stroke-opacity", "opacity",
	"color", "display", "visibility", "overflow", "clip", "clip-path", "clip-rule", "mask", "mask-type",
	"filter", "marker-start", "marker-mid", "marker-end", "paint-order", "vector-effect",
	"shape-rendering", "text-rendering", "image-rendering", "color-interpolation",
	"color-interpolation-filters", "color-rendering", "mix-blend-mode", "isolation",
	"stop-color", "stop-opacity", "offset", "gradientUnits", "gradientTransform", "spreadMethod",
	"patternUnits", "patternContentUnits", "patternTransform", "clipPathUnits", "maskUnits",
	"maskContentUnits", "markerUnits", "markerWidth", "markerHeight", "refX", "refY", "orient",
	"font-family", "font-size", "font-size-adjust", "font-stretch", "font-style", "font-variant",
	"font-weight", "letter-spacing", "word-spacing", "text-anchor", "text-decoration",
	"dominant-baseline", "alignment-baseline", "baseline-shift", "writing-mode", "direction",
	"unicode-bidi", "dx", "dy", "rotate", "textLength", "lengthAdjust", "startOffset", "method",
	"spacing", "side",
	"filterUnits", "primitiveUnits", "in", "in2", "result", "mode", "operator", "k1", "k2", "k3", "k4",
	"type", "values", "tableValues", "slope", "intercept", "amplitude", "exponent", "stdDeviation",
	"edgeMode", "dx", "dy", "flood-color", "flood-opacity", "lighting-color", "surfaceScale",
	"diffuseConstant", "specularConstant", "specularExponent", "kernelUnitLength", "kernelMatrix",
	"order", "divisor", "bias", "targetX", "targetY", "preserveAlpha", "scale", "xChannelSelector",
	"yChannelSelector", "radius", "baseFrequency", "numOctaves", "seed", "stitchTiles", "azimuth",
	"elevation", "z", "pointsAtX", "pointsAtY", "pointsAtZ", "limitingConeAngle",
	"attributeName", "attributeType", "from", "to", "by", "begin", "dur", "end", "min", "max",
	"restart", "repeatCount", "repeatDur", "calcMode", "keyTimes", "keySplines", "keyPoints",
	"additive", "accumulate", "path", "systemLanguage", "requiredExtensions", "media",
)

// svgAnimations are the elements that set another attribute's value.
var svgAnimations = setOf("animate", "animateTransform", "animateMotion", "set")

func setOf(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// CleanSVG returns the SVG as the site publishes it, or why it cannot be.
func CleanSVG(data []byte) ([]byte, error) {
	if len(data) > MaxSVGBytes {
		return nil, &SVGError{Line: 1, Col: 1, Msg: fmt.Sprintf("the SVG is %.1f MB, over the limit of %d MB for a drawing: simplify it, or export a photo-like image as PNG or WebP", float64(len(data))/(1<<20), MaxSVGBytes>>20)}
	}
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.Strict = true
	dec.Entity = nil // only XML's own five: &x; is an error
	var out bytes.Buffer
	var stack []xml.Name // the open elements kept
	skip := 0            // > 0 inside an element of another namespace, dropped
	open := false        // the last start tag written still lacks its ">"
	usedRoot := false
	closeTag := func() {
		if open {
			out.WriteByte('>')
			open = false
		}
	}
	for {
		line, col := dec.InputPos()
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			var se *xml.SyntaxError
			if errors.As(err, &se) {
				return nil, &SVGError{Line: se.Line, Col: 1, Msg: "not well-formed XML: " + se.Msg}
			}
			return nil, &SVGError{Line: line, Col: col, Msg: "not well-formed XML: " + err.Error()}
		}
		refuse := func(format string, args ...any) error {
			return &SVGError{Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
		}
		switch t := tok.(type) {
		case xml.Directive:
			what := "a declaration <!>"
			if f := strings.Fields(string(t)); len(f) > 0 {
				what = "a declaration <!" + f[0] + ">"
			}
			if bytes.HasPrefix(bytes.TrimSpace(t), []byte("DOCTYPE")) {
				what = "a DOCTYPE"
			}
			return nil, refuse("the SVG has %s, which can declare entities and attributes: remove it (a drawing needs none)", what)
		case xml.ProcInst:
			if t.Target == "xml" && !usedRoot && out.Len() == 0 {
				continue // the declaration; UTF-8 is all encoding/xml reads
			}
			return nil, refuse("the SVG has a processing instruction <?%s?>: remove it", t.Target)
		case xml.Comment:
			continue
		case xml.CharData:
			if skip > 0 || len(stack) == 0 {
				continue
			}
			if stack[len(stack)-1].Local == "style" {
				if ref := cssOutsideRef(string(t)); ref != "" {
					return nil, refuse("the SVG's style sheet refers to %s: an SVG may refer only to its own parts (url(#id))", ref)
				}
			}
			closeTag()
			escapeText(&out, t)
		case xml.EndElement:
			if skip > 0 {
				skip--
				continue
			}
			stack = stack[:len(stack)-1]
			if open {
				out.WriteString("/>")
				open = false
			} else {
				out.WriteString("</" + t.Name.Local + ">")
			}
		case xml.StartElement:
			if skip > 0 {
				skip++
				continue
			}
			name := t.Name.Local
			switch t.Name.Space {
			case svgNS:
			case "":
				if len(stack) == 0 {
					break // a root without xmlns: it is written with it
				}
				fallthrough
			default:
				if len(stack) == 0 {
					return nil, refuse("not an SVG file: it starts with <%s> in %q", name, t.Name.Space)
				}
				if t.Name.Space == "" || strings.EqualFold(t.Name.Space, "http://www.w3.org/1999/xhtml") {
					return nil, refuse("the SVG holds <%s>, which is not an SVG element: remove it", name)
				}
				skip = 1 // an editor's metadata (Inkscape, RDF): dropped
				continue
			}
			switch {
			case len(stack) == 0 && name != "svg":
				return nil, refuse("not an SVG file: it starts with <%s>", name)
			case strings.EqualFold(name, "script"):
				return nil, refuse("the SVG holds a <script>: remove it")
			case strings.EqualFold(name, "foreignObject"):
				return nil, refuse("the SVG holds a <foreignObject>, which can embed HTML: remove it")
			case !svgElements[name]:
				return nil, refuse("the SVG holds <%s>, which is not among the elements the site publishes (shapes, text, gradients, filters, <use>, <image> of inline data): remove it", name)
			case len(stack) >= maxSVGDepth:
				return nil, refuse("the SVG nests elements more than %d deep", maxSVGDepth)
			}
			attrs, err := svgAttributes(t)
			if err != nil {
				return nil, refuse("%s", err.Error())
			}
			closeTag()
			out.WriteString("<" + name)
			if len(stack) == 0 {
				out.WriteString(` xmlns="` + svgNS + `"`)
				usedRoot = true
			}
			for _, a := range attrs {
				out.WriteString(" " + a.Name.Local + `="`)
				escapeAttr(&out, a.Value)
				out.WriteByte('"')
			}
			open = true
			stack = append(stack, xml.Name{Local: name})
		}
	}
	if !usedRoot {
		return nil, &SVGError{Line: 1, Col: 1, Msg: "not an SVG file: it has no <svg> element"}
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}

// svgAttributes checks the attributes of an element kept, and returns
// those written: in no namespace (xlink:href as href, xml:space as is).
func svgAttributes(el xml.StartElement) ([]xml.Attr, error) {
	name := el.Name.Local
	var out []xml.Attr
	for _, a := range el.Attr {
		local, space := a.Name.Local, a.Name.Space
		if strings.HasPrefix(strings.ToLower(local), "on") {
			return nil, fmt.Errorf("the SVG has an event handler %s= on <%s>: remove it", local, name)
		}
		switch {
		case space == "xmlns" || space == "" && local == "xmlns":
			continue // declarations: written anew
		case space == xmlNS || space == "xml":
			if local == "space" || local == "lang" {
				out = append(out, xml.Attr{Name: xml.Name{Local: "xml:" + local}, Value: a.Value})
			}
			continue
		case space == xlinkNS || space == "xlink":
			if local != "href" {
				continue // xlink:title and the like: nothing to draw
			}
		case space != "":
			continue // an editor's namespace (inkscape:label)
		case strings.HasPrefix(local, "data-"):
			continue
		case !svgAttrs[local]:
			return nil, fmt.Errorf("the SVG has an attribute %s= on <%s>, which is not among those the site publishes: remove it", local, name)
		}
		v := a.Value
		if local == "href" {
			if !localRef(v) && !(name == "image" && inlineImage(v)) {
				return nil, fmt.Errorf("the SVG refers to %s on <%s>: an SVG may refer only to its own parts (href=\"#id\")%s", short(v), name, map[bool]string{true: " or, on <image>, hold a PNG, JPEG or WebP inline (data:image/png;base64,…)"}[name == "image"])
			}
		}
		if svgAnimations[name] {
			switch local {
			case "attributeName":
				if t := strings.ToLower(strings.TrimSpace(v)); t == "href" || strings.HasSuffix(t, ":href") {
					return nil, fmt.Errorf("the SVG animates a link (<%s attributeName=%q>): remove it", name, v)
				}
			case "to", "from", "by", "values":
				if scriptURL(v) {
					return nil, fmt.Errorf("the SVG animates a value to a javascript: URL (<%s %s=…>): remove it", name, local)
				}
			}
		}
		if ref := cssOutsideRef(v); ref != "" {
			return nil, fmt.Errorf("the SVG refers to %s in %s= on <%s>: an SVG may refer only to its own parts (url(#id))", ref, local, name)
		}
		out = append(out, xml.Attr{Name: xml.Name{Local: local}, Value: v})
	}
	// One spelling of each attribute (href and xlink:href are one).
	slices.SortStableFunc(out, func(a, b xml.Attr) int { return strings.Compare(a.Name.Local, b.Name.Local) })
	for i := 1; i < len(out); i++ {
		if out[i].Name.Local == out[i-1].Name.Local {
			return nil, fmt.Errorf("the SVG has %s= twice on <%s>", out[i].Name.Local, name)
		}
	}
	return out, nil
}

// localRef reports whether an href names a part of the file itself.
func localRef(v string) bool {
	v = strings.TrimSpace(v)
	return strings.HasPrefix(v, "#") && !strings.ContainsAny(v, "\\/:()")
}

var inlineImageRE = regexp.MustCompile(`^data:image/(png|jpeg|webp);base64,[A-Za-z0-9+/=\s]*$`)

// inlineImage reports whether an href is a raster image held inline.
func inlineImage(v string) bool { return inlineImageRE.MatchString(strings.TrimSpace(v)) }

// scriptURL reports whether a value names a javascript: (or vbscript:)
// URL, spaces and control characters aside, as a browser reads it.
func scriptURL(v string) bool {
	s := strings.Map(func(r rune) rune {
		if r <= ' ' || r == 0x7f {
			return -1
		}
		return r
	}, strings.ToLower(v))
	return strings.Contains(s, "javascript:") || strings.Contains(s, "vbscript:")
}

// cssOutsideRef returns the first reference of CSS text (a style sheet,
// a style attribute, a presentation attribute) to anything outside the
// file, quoted for a message, or "". The text is read as CSS reads it:
// escapes undone (u\72l( is url(), \75rl( too), comments removed, case
// ignored. Functions that fetch are refused whatever their argument, but
// url() (and src()) of a #fragment.
func cssOutsideRef(v string) string {
	if !strings.ContainsAny(v, "(@\\:") {
		return ""
	}
	s := strings.ToLower(uncomment(unescapeCSS(v)))
	for _, f := range []string{"@import", "@font-face", "@namespace", "image-set(", "-webkit-image-set(", "image(", "cross-fade(", "element(", "expression(", "-moz-binding", "behavior:", "javascript:"} {
		if strings.Contains(s, f) {
			if strings.HasSuffix(f, "(") {
				return f + ")"
			}
			return f
		}
	}
	for _, f := range []string{"url(", "src("} {
		rest := s
		for {
			i := strings.Index(rest, f)
			if i < 0 {
				break
			}
			rest = rest[i+len(f):]
			end := strings.IndexByte(rest, ')')
			if end < 0 {
				end = len(rest)
			}
			arg := strings.Trim(strings.TrimSpace(rest[:end]), `"'`)
			if !localRef(arg) {
				return fmt.Sprintf("%s%s)", f, short(arg))
			}
		}
	}
	return ""
}

// unescapeCSS undoes CSS escapes: a backslash and up to six hex digits
// (and one space after them) is that code point, a backslash and any
// other character that character, a backslash before a line break
// nothing.
func unescapeCSS(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		j := i
		for j < len(s) && j-i < 6 && isHex(s[j]) {
			j++
		}
		if j == i {
			if s[i] != '\n' {
				b.WriteByte(s[i])
			}
			continue
		}
		var r rune
		for _, c := range s[i:j] {
			r = r*16 + rune(hexVal(byte(c)))
		}
		if r == 0 || r > utf8.MaxRune {
			r = utf8.RuneError
		}
		b.WriteRune(r)
		if j < len(s) && (s[j] == ' ' || s[j] == '\t' || s[j] == '\n') {
			j++
		}
		i = j - 1
	}
	return b.String()
}

func isHex(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }

func hexVal(c byte) int {
	switch {
	case c <= '9':
		return int(c - '0')
	case c >= 'a':
		return int(c-'a') + 10
	}
	return int(c-'A') + 10
}

// uncomment removes CSS comments.
func uncomment(s string) string {
	for {
		i := strings.Index(s, "/*")
		if i < 0 {
			return s
		}
		j := strings.Index(s[i+2:], "*/")
		if j < 0 {
			return s[:i]
		}
		s = s[:i] + s[i+2+j+2:]
	}
}

// escapeText writes character data.
func escapeText(w *bytes.Buffer, t []byte) {
	for _, c := range t {
		switch c {
		case '&':
			w.WriteString("&amp;")
		case '<':
			w.WriteString("&lt;")
		case '>':
			w.WriteString("&gt;")
		default:
			w.WriteByte(c)
		}
	}
}

// escapeAttr writes an attribute value for a double-quoted attribute;
// line breaks and tabs are written as references so that they survive.
func escapeAttr(w *bytes.Buffer, v string) {
	for _, r := range v {
		switch r {
		case '&':
			w.WriteString("&amp;")
		case '<':
			w.WriteString("&lt;")
		case '>':
			w.WriteString("&gt;")
		case '"':
			w.WriteString("&quot;")
		case '\t':
			w.WriteString("&#9;")
		case '\n':
			w.WriteString("&#10;")
		case '\r':
			w.WriteString("&#13;")
		default:
			w.WriteRune(r)
		}
	}
}

// short quotes a value for a message, cut if long.
func short(v string) string {
	if len(v) > 60 {
		v = v[:57] + "…"
	}
	return fmt.Sprintf("%q", v)
}
