package sections

import (
	"slices"
	"strings"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/field"
)

func init() {
	content.RegisterKind[HomeHeroSection](content.Kind{
		Name:          "home-hero",
		Doc:           "The home page's opening: heading, topic tags, two buttons and the mock dashboard.",
		OwnBackground: true,
	})
}

// HomeHeroSection is the home page's opening.
type HomeHeroSection struct {
	Heading    string `json:"heading"`
	Subheading string `json:"subheading"`
	// TagsLabel names the list of topic tags for screen readers.
	TagsLabel string         `json:"tagsLabel"`
	Tags      []HeroTag      `json:"tags"`
	Primary   content.Action `json:"primary"`
	Secondary content.Action `json:"secondary"`
	Dashboard Dashboard      `json:"dashboard"`
}

// HeroTag is a topic tag; DesktopOnly hides it under 768 px.
type HeroTag struct {
	Label       string     `json:"label"`
	Icon        field.Icon `json:"icon"`
	DesktopOnly bool       `json:"desktopOnly,omitempty"`
}

// Dashboard is the hero's decorative mock dashboard.
type Dashboard struct {
	// Label is the text alternative of the whole picture.
	Label  string              `json:"label"`
	Title  string              `json:"title"`
	Status string              `json:"status"`
	Stats  []content.BlockStat `json:"stats"`
	Chat   []ChatMessage       `json:"chat"`
}

// ChatMessage is one turn of the sample chat.
type ChatMessage struct {
	// From is who speaks: agent or customer.
	From string `json:"from"`
	Text string `json:"text"`
}

// chatSpeakers are the values of ChatMessage.From: the build checks them
// and the editor offers them (editorRules).
var chatSpeakers = []string{"agent", "customer"}

// ChatSpeakers are the values of ChatMessage.From, for the generated
// editor configuration.
func ChatSpeakers() []string { return slices.Clone(chatSpeakers) }

func (m ChatMessage) Validate() error {
	if !slices.Contains(chatSpeakers, m.From) {
		return field.AtField("from", "from %q must be %s%s", m.From, strings.Join(chatSpeakers, " or "), field.DidYouMean(m.From, chatSpeakers))
	}
	return nil
}
