package content

import "errors"

// The Block types are the building blocks of the copy of the inner pages
// (solutions, platform, resources, company, services, case studies): each
// page's copy type names the blocks it shows, in order, so that editors get
// a precise schema while the app renders every block with one component.

// BlockHero opens a page: a kicker, the page's one h1, an introduction and
// its calls to action.
type BlockHero struct {
	Eyebrow string        `json:"eyebrow"`
	Heading string        `json:"heading"`
	Intro   string        `json:"intro"`
	Actions []BlockAction `json:"actions,omitempty"`
}

// BlockAction is a call to action drawn as a button: an Action (href, or
// an address of site.yaml by name) plus how it looks and, for site: email,
// the subject of the e-mail.
type BlockAction struct {
	Action
	Subject string `json:"subject,omitempty"`
	// Secondary draws the action as an outlined button.
	Secondary bool `json:"secondary,omitempty"`
}

func (a BlockAction) Validate() error {
	if err := a.Action.Validate(); err != nil {
		return err
	}
	if a.Subject != "" && a.Site != "email" {
		return errors.New("subject is only for site: email")
	}
	return nil
}

// BlockCards is a section of cards with a heading (an h2).
type BlockCards struct {
	// ID is the section's anchor, for links to it.
	ID      string      `json:"id,omitempty"`
	Heading string      `json:"heading"`
	Intro   string      `json:"intro,omitempty"`
	Cards   []BlockCard `json:"cards"`
}

// BlockCard is one card: an icon (a name from components/ui/icon.tsx), a
// title (an h3), a text and optionally a headline figure, bullet points, a
// tag and an action.
type BlockCard struct {
	Icon   string       `json:"icon"`
	Title  string       `json:"title"`
	Text   string       `json:"text"`
	Stat   *BlockStat   `json:"stat,omitempty"`
	Points []string     `json:"points,omitempty"`
	Tag    string       `json:"tag,omitempty"`
	Action *BlockAction `json:"action,omitempty"`
}

// BlockStat is a figure and what it measures. Figures must be claims of
// SPEC section 9.
type BlockStat struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

// BlockStats is a section of figures.
type BlockStats struct {
	Heading string      `json:"heading"`
	Intro   string      `json:"intro,omitempty"`
	Stats   []BlockStat `json:"stats"`
	// Note qualifies the figures (where they come from).
	Note string `json:"note,omitempty"`
}

// BlockCTA is the closing call to action of a page.
type BlockCTA struct {
	Heading string        `json:"heading"`
	Text    string        `json:"text"`
	Actions []BlockAction `json:"actions"`
}

// BlockHeading introduces a section whose records come from a collection.
type BlockHeading struct {
	ID      string `json:"id,omitempty"`
	Heading string `json:"heading"`
	Intro   string `json:"intro,omitempty"`
}
