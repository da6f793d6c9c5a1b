package sections

import (
	"errors"
	"strings"

	"github.com/vozia/site/generator/content"
)

func init() {
	content.RegisterKind[MarkdownSection](content.Kind{
		Name:          "markdown",
		Doc:           "Text written in Markdown (the body of a .md page is one).",
		OwnBackground: true,
	})
}

// MarkdownSection is text in Markdown, rendered by the build. In a .md
// page the file's body is the section; the front matter's back is its
// link back. The text may write {email} for site.yaml's demoEmail.
type MarkdownSection struct {
	// Body is the text, in Markdown (use a YAML block scalar: body: |).
	Body string `json:"body,omitempty" fill:"email"`
	// BodyAt is where Body's text starts in its file, so that a broken
	// link in it is reported at its own line.
	BodyAt content.Pos `json:"-" yaml:"-" at:"body"`
	// HTML is the rendered body; it is what the app receives. Each image
	// of the text is a placeholder comment until the build renders it
	// (SetImages).
	HTML string `json:"html" yaml:"-"`
	// Images are the images of the text, in order, where they are written.
	Images []content.Image `json:"-" yaml:"-"`
	// Back is a link under the text.
	Back *content.Action `json:"back,omitempty"`
}

func (m MarkdownSection) Validate() error {
	if strings.TrimSpace(m.Body) == "" {
		return errors.New("missing required field \"body\"")
	}
	return nil
}

// resolve fills {email} with site.yaml's demo mailbox, so that only
// site.yaml spells it.
func (m *MarkdownSection) Resolve(cfg content.SiteConfig) {
	m.HTML = content.FillEmail(m.HTML, cfg.DemoEmail)
}

// SetImages renders the text's images into its HTML with render, as
// content.SetImages does.
func (m *MarkdownSection) SetImages(render func(content.Image) string) {
	m.HTML = content.SetImages(m.HTML, m.Images, render)
}
