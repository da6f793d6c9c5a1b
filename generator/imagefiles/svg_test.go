package imagefiles

import (
	"bytes"
	"encoding/xml"
	"errors"
	"strings"
	"testing"
)

const svgOpen = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">`

// TestCleanSVGRefuses: each way an SVG could run or fetch something is
// refused, at its line.
func TestCleanSVGRefuses(t *testing.T) {
	for _, c := range []struct {
		name, svg string
		line      int
		want      string
	}{
		{"script", svgOpen + "\n<script>alert(1)</script></svg>", 2, "holds a <script>"},
		{"doctype", "<!DOCTYPE svg>\n" + svgOpen + "</svg>", 1, "a DOCTYPE"},
		{"entity", `<!DOCTYPE svg [<!ENTITY x "y">]>` + svgOpen + "&x;</svg>", 1, "a DOCTYPE"},
		{"undeclared entity", svgOpen + "\n\n<text>&x;</text></svg>", 3, "not well-formed"},
		{"stylesheet", `<?xml-stylesheet href="a.css"?>` + "\n" + svgOpen + "</svg>", 1, "<?xml-stylesheet?>"},
		{"handler", svgOpen + `<rect onclick="x()"/></svg>`, 1, "event handler onclick="},
		{"handler in capitals", svgOpen + `<rect ONCLICK="x()"/></svg>`, 1, "event handler"},
		{"foreignObject", svgOpen + `<foreignObject/></svg>`, 1, "<foreignObject>"},
		{"set href", svgOpen + `<set attributeName="href" to="#a"/></svg>`, 1, "animates a link"},
		{"animate xlink:href", svgOpen + `<animate attributeName="xlink:href" values="#a"/></svg>`, 1, "animates a link"},
		{"javascript value", svgOpen + `<set attributeName="fill" to="javascript:x"/></svg>`, 1, "javascript:"},
		{"javascript with a tab", svgOpen + `<set attributeName="fill" to="java&#9;script:x"/></svg>`, 1, "javascript:"},
		{"external href", svgOpen + `<use href="a.svg#x"/></svg>`, 1, `refers to "a.svg#x"`},
		{"external xlink:href", `<svg xmlns="http://www.w3.org/2000/svg" xmlns:l="http://www.w3.org/1999/xlink"><use l:href="//e.example/a#x"/></svg>`, 1, "refers to"},
		{"svg inline", svgOpen + `<image href="data:image/svg+xml,&lt;svg/&gt;"/></svg>`, 1, "refers to"},
		{"url", svgOpen + `<rect fill="url(https://e.example/a#g)"/></svg>`, 1, "url("},
		{"url escaped", svgOpen + `<rect style="fill:u\72l(//e.example/a)"/></svg>`, 1, "url("},
		{"url escaped in full", svgOpen + `<rect style="fill:\75\72\6c(//e.example/a)"/></svg>`, 1, "url("},
		{"url in capitals", svgOpen + `<rect style="fill:URL(//e.example/a)"/></svg>`, 1, "url("},
		{"url in a style sheet", svgOpen + "<style>\n\na{fill:url('//e.example/a')}</style></svg>", 1, "url("},
		{"url in CDATA", svgOpen + "<style><![CDATA[a{fill:url(//e.example/a)}]]></style></svg>", 1, "url("},
		{"image-set", svgOpen + `<rect style="fill:image-set('//e.example/a' 1x)"/></svg>`, 1, "image-set()"},
		{"-webkit-image-set", svgOpen + `<rect style="fill:-webkit-image-set('//e.example/a' 1x)"/></svg>`, 1, "image-set()"},
		{"import", svgOpen + `<style>@import "//e.example/a.css";</style></svg>`, 1, "@import"},
		{"import escaped", svgOpen + `<style>@\69mport "//e.example/a.css";</style></svg>`, 1, "@import"},
		{"font-face", svgOpen + `<style>@font-face{font-family:a;src:local(x)}</style></svg>`, 1, "@font-face"},
		{"a", svgOpen + `<a href="#x"/></svg>`, 1, "<a>"},
		{"iframe", svgOpen + `<iframe/></svg>`, 1, "<iframe>"},
		{"html namespace", svgOpen + `<h:img xmlns:h="http://www.w3.org/1999/xhtml" src="x"/></svg>`, 1, "not an SVG element"},
		{"unknown attribute", svgOpen + `<rect formaction="x"/></svg>`, 1, "formaction="},
		{"not svg", `<html xmlns="http://www.w3.org/1999/xhtml"/>`, 1, "not an SVG file"},
		{"too deep", svgOpen + strings.Repeat("<g>", 300) + strings.Repeat("</g>", 300) + "</svg>", 1, "more than 256 deep"},
		{"too large", svgOpen + strings.Repeat(" ", MaxSVGBytes) + "</svg>", 1, "over the limit of 5 MB"},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, err := CleanSVG([]byte(c.svg))
			var se *SVGError
			if !errors.As(err, &se) {
				t.Fatalf("CleanSVG = %q, %v; want a refusal", out, err)
			}
			if se.Line != c.line || !strings.Contains(se.Msg, c.want) {
				t.Errorf("refused at line %d with %q, want line %d and %q", se.Line, se.Msg, c.line, c.want)
			}
		})
	}
}

// TestCleanSVGKeeps: a drawing as design tools write it keeps what it
// draws and loses the rest; what CleanSVG writes, it writes again as it is.
func TestCleanSVGKeeps(t *testing.T) {
	in := `<?xml version="1.0" encoding="UTF-8"?>
<!-- Generator: a design tool -->
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" viewBox="0 0 20 10" data-name="Layer 1">
  <inkscape:grid type="xygrid"/>
  <style>.a{fill:url(#g)} a > b {}</style>
  <defs><linearGradient id="g"><stop offset="0" stop-color="#FF6B35"/></linearGradient></defs>
  <rect class="a" width="20" height="10" inkscape:label="back"/>
  <use xlink:href="#g"/>
  <image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>
  <text x="1" y="5" xml:space="preserve">A &amp; B &lt; C</text>
</svg>
`
	out, err := CleanSVG([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	for _, gone := range []string{"inkscape", "Generator", "data-name", "xlink", "<?xml"} {
		if bytes.Contains(out, []byte(gone)) {
			t.Errorf("the output keeps %q:\n%s", gone, out)
		}
	}
	for _, kept := range []string{`<use href="#g"/>`, `fill:url(#g)`, `a &gt; b`, `A &amp; B &lt; C`, `xml:space="preserve"`, `<stop offset="0" stop-color="#FF6B35"/>`, `viewBox="0 0 20 10"`} {
		if !bytes.Contains(out, []byte(kept)) {
			t.Errorf("the output lacks %q:\n%s", kept, out)
		}
	}
	again, err := CleanSVG(out)
	if err != nil || !bytes.Equal(again, out) {
		t.Errorf("cleaned twice, it changed (%v):\n%s\n%s", err, out, again)
	}
	if info, err := Inspect("a.svg", []byte(in)); err != nil || info.Width != 20 || info.Height != 10 {
		t.Errorf("Inspect = %+v, %v", info, err)
	}
}

// FuzzCleanSVG: whatever the input, what CleanSVG accepts it writes as a
// fixed point, with no script, handler, declaration or outside reference.
func FuzzCleanSVG(f *testing.F) {
	for _, s := range []string{
		svgOpen + `<rect fill="url(#g)"/></svg>`,
		svgOpen + `<style>a{fill:u\72l(#a)}</style></svg>`,
		svgOpen + `<set attributeName="fill" to="red"/><use href="#a"/></svg>`,
		`<!DOCTYPE svg [<!ENTITY x "y">]>` + svgOpen + `&x;</svg>`,
		svgOpen + `<text>&lt;script&gt;</text><image href="data:image/png;base64,AAAA"/></svg>`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		out, err := CleanSVG(data)
		if err != nil {
			return
		}
		again, err := CleanSVG(out)
		if err != nil || !bytes.Equal(again, out) {
			t.Fatalf("not a fixed point (%v):\n%q\n%q", err, out, again)
		}
		dec := xml.NewDecoder(bytes.NewReader(out))
		for {
			tok, err := dec.Token()
			if err != nil {
				break
			}
			switch tok := tok.(type) {
			case xml.Directive, xml.ProcInst:
				t.Fatalf("the output holds %q:\n%q", tok, out)
			case xml.StartElement:
				if n := strings.ToLower(tok.Name.Local); n == "script" || n == "foreignobject" {
					t.Fatalf("the output holds <%s>:\n%q", n, out)
				}
				for _, a := range tok.Attr {
					if strings.HasPrefix(strings.ToLower(a.Name.Local), "on") || scriptURL(a.Value) || cssOutsideRef(a.Value) != "" {
						t.Fatalf("the output holds %s=%q:\n%q", a.Name.Local, a.Value, out)
					}
				}
			}
		}
	})
}
