package sections

import (
	"errors"
	"slices"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/field"
)

func init() {
	content.RegisterKind[CardsSection](content.Kind{
		Name: "cards",
		Doc:  "A section of cards with a heading: by default each card may carry a figure with its label, points, a tag and a button; `variant: home` is the home page's look, with an eyebrow over the heading and each card's figure in its top corner.",
	})
}

// CardsSection is a section of cards with a heading (an h2).
type CardsSection struct {
	// Variant chooses the look: empty for the inner pages' cards, "home"
	// for the home page's (an eyebrow, the figure in each card's corner).
	Variant string `json:"variant,omitempty"`
	// ID is the section's anchor, for links to it (#id); the home variant
	// requires it, to name the section for assistive technology.
	ID string `json:"id,omitempty"`
	// Eyebrow is the short kicker above the heading (home variant only).
	Eyebrow string `json:"eyebrow,omitempty"`
	// Heading is the section's h2.
	Heading string `json:"heading"`
	// Intro is the paragraph under the heading.
	Intro string      `json:"intro,omitempty"`
	Cards []BlockCard `json:"cards"`
}

// cardVariants are the values of CardsSection.Variant.
var cardVariants = []string{"", "home"}

// CardVariants are the variants of a cards section other than the
// default, for the generated editor configuration.
func CardVariants() []string { return slices.Clone(cardVariants[1:]) }

func (c CardsSection) Validate() error {
	switch c.Variant {
	case "":
		if c.Eyebrow != "" {
			return errors.New("eyebrow is only for variant: home")
		}
		for i, card := range c.Cards {
			if card.Figure != "" {
				return field.AtItem("cards", i, "cards[%d]: figure is only for variant: home (use stat: {value, label})", i)
			}
		}
	case "home":
		if c.ID == "" {
			return errors.New("variant: home needs an id, which names the section for assistive technology")
		}
		for i, card := range c.Cards {
			if card.Stat != nil || card.Points != nil || card.Tag != "" || card.Action != nil {
				return field.AtItem("cards", i, "cards[%d]: variant: home shows a card's icon, figure, title and text only (not stat, points, tag or action)", i)
			}
		}
	default:
		return field.AtField("variant", "variant %q must be empty or \"home\"%s", c.Variant, field.DidYouMean(c.Variant, cardVariants[1:]))
	}
	return nil
}

// BlockCard is one card: an icon, a title (an h3), a text and optionally
// a figure, bullet points, a tag and an action. Collections shown as cards
// (the collection kind) become cards of this type too.
type BlockCard struct {
	Icon field.Icon `json:"icon"`
	// Title is the card's h3.
	Title string `json:"title"`
	Text  string `json:"text"`
	// Figure is a short figure in the card's top corner ("24/7"; home
	// variant only).
	Figure string `json:"figure,omitempty"`
	// Stat is a highlighted figure with its label under the text.
	Stat *content.BlockStat `json:"stat,omitempty"`
	// Points are bullet points, each with a check mark.
	Points []string `json:"points,omitempty"`
	// Tag is a small label above the title.
	Tag string `json:"tag,omitempty"`
	// Action is a button at the bottom of the card.
	Action *content.BlockAction `json:"action,omitempty"`
}
