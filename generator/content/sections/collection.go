package sections

import (
	"fmt"
	"slices"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/field"
)

func init() {
	content.RegisterKind[CollectionSection](content.Kind{
		Name: "collection",
		Doc:  "The records of a collection as cards, under a heading.",
	})
}

// CollectionSection shows the records of one collection as cards.
type CollectionSection struct {
	// Collection names the collection whose records the cards show.
	Collection string `json:"collection"`
	// ID is the section's anchor, for links to it (#id).
	ID string `json:"id,omitempty"`
	// Heading is the section's h2.
	Heading string `json:"heading"`
	// Intro is the paragraph under the heading.
	Intro string `json:"intro,omitempty"`
}

// cardCollections are the collections a collection section can show (the
// app draws each record as a card).
var cardCollections = []string{"values", "partnerGroups", "reviews"}

// CardCollections are the collections a collection section can show, for
// the generated types and guide.
func CardCollections() []string { return slices.Clone(cardCollections) }

func (c CollectionSection) Validate() error {
	if !slices.Contains(cardCollections, c.Collection) {
		return fmt.Errorf("collection %q cannot be shown as cards%s (can: %s)", c.Collection, field.DidYouMean(c.Collection, cardCollections), field.JoinQuoted(cardCollections))
	}
	return nil
}

func (c CollectionSection) Reads() []string { return []string{c.Collection} }
