package sections

import "github.com/vozia/site/generator/content"

func init() {
	content.RegisterKind[HeroSection](content.Kind{
		Name:          "hero",
		Doc:           "The black opening of a page with its one h1, an introduction, buttons and optional figures.",
		OwnBackground: true,
	})
}

// HeroSection opens a page: a kicker, the page's one h1, an introduction,
// its calls to action and, optionally, a strip of figures.
type HeroSection struct {
	// Eyebrow is the short kicker above the heading.
	Eyebrow string `json:"eyebrow"`
	// Heading is the page's one h1.
	Heading string `json:"heading"`
	// Intro is the paragraph under the heading.
	Intro string `json:"intro"`
	// Actions are the buttons under the introduction.
	Actions []content.BlockAction `json:"actions,omitempty"`
	// Highlights are figures shown in a strip at the bottom of the hero.
	Highlights []content.BlockStat `json:"highlights,omitempty"`
}
