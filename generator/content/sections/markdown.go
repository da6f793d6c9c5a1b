package sections

import (
	"errors"
	"strings"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/field"
	"github.com/vozia/site/generator/content/siteconfig"
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
	BodyAt field.Pos `json:"-" yaml:"-" at:"body"`
	// HTML is the rendered body, what the app receives: its images are
	// written in by the image stage from Text (JoinImages).
	HTML string `json:"html" yaml:"-"`
	// Text is the rendered body with its images apart.
	Text content.Text `json:"-" yaml:"-"`
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

// Resolve fills {email} with site.yaml's demo mailbox, so that only
// site.yaml spells it.
func (m *MarkdownSection) Resolve(cfg siteconfig.SiteConfig) {
	m.Text.Edit(func(html string) string { return content.FillEmail(html, cfg.DemoEmail) })
}

var _ content.ImageJoiner = (*MarkdownSection)(nil)

// JoinImages writes the text's HTML from its Text, each image as picture
// writes it.
func (m *MarkdownSection) JoinImages(picture func(img content.Image, place string) string) {
	m.HTML = m.Text.Join(m.Images, picture)
}
