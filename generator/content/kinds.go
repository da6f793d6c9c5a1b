package content

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/vozia/site/generator/content/field"
)

// A page is an ordered list of sections. Each section is one kind, chosen
// by its `kind:` key. A kind is one file of package sections
// (sections/<kind>.go): its struct with the doc comments editors read,
// its Validate, the collections it reads (CollectionReader) and how it
// words their records (RecordWorder, RecordFinisher), and an init that
// registers it here (RegisterKind). The decoder (generator/decode)
// imports that package, so every program that reads content has the
// kinds; reading them without it panics (registered). From the registered
// kinds the decoder checks each section against its kind's struct; the
// app's TypeScript union and its renderer registry
// (frontend/src/sections/registry.gen.ts) are generated; the build checks
// that the server bundle renders exactly these kinds (generator/guard);
// and the editor's table of kinds and field reference in
// content/README.md are written.

// Section is one section of a page: Kind names the kind and Value points to
// the kind's struct. On the wire it is the struct's fields plus "kind".
type Section struct {
	Kind  string
	Pos   field.Pos
	Value any
}

// MarshalJSON writes {"kind": ..., <the kind's fields>}.
func (s Section) MarshalJSON() ([]byte, error) {
	body, err := json.Marshal(s.Value)
	if err != nil {
		return nil, err
	}
	kind, _ := json.Marshal(s.Kind)
	var b bytes.Buffer
	b.WriteString(`{"kind":`)
	b.Write(kind)
	if len(body) > 2 {
		b.WriteByte(',')
		b.Write(body[1:])
	} else {
		b.WriteByte('}')
	}
	return b.Bytes(), nil
}

// Kind declares one kind of section (RegisterKind).
type Kind struct {
	Name string
	// Doc says what the section shows, for content/README.md.
	Doc string
	// OwnBackground is for sections that draw their own background (the
	// black heroes and call to action, the form, text pages): they take
	// no part in the alternation of white and grey of the light sections.
	OwnBackground bool
	// Interactive is for sections whose component has state or handlers:
	// they hydrate as a piece of their own. The others keep their server
	// HTML and are not rendered again to hydrate (frontend/src/lib/hydration.tsx).
	Interactive bool
	// Lazy is for kinds that few pages show: in the browser their
	// component and its CSS are files of their own, which only the pages
	// showing the kind load (inlined and preloaded by the page, fetched
	// before a client-side navigation to it), so that no other page
	// carries their bytes (generator/bundle). A lazy kind's component
	// takes from the app what the app has, which the app's entry must
	// export (frontend/src/lib/kind-kit.ts: the build names what is
	// missing).
	Lazy bool
	// LeadPlace is the place (a key of ImageSizes) in which the section
	// shows its first image, as its component gives <Picture place=…>:
	// when the section leads a page, the head preloads that image at
	// those sizes (generator/pictures). Empty for a kind that shows no
	// image, or whose images never lead a page (a Markdown text's).
	LeadPlace string
	new       func() any
}

// Type is the Go type of the kind's fields.
func (k Kind) Type() reflect.Type { return reflect.TypeOf(k.new()).Elem() }

// kinds is every kind of section, sorted by name so that what is
// generated from it does not depend on the order of the files. It is
// written only by the init functions of the kinds' files.
var kinds []Kind

// RegisterKind adds the kind whose fields are T; each kind's file of
// package sections calls it from init. A name registered twice panics.
func RegisterKind[T any](k Kind) {
	k.new = func() any { return new(T) }
	i, found := slices.BinarySearchFunc(kinds, k.Name, func(e Kind, name string) int { return strings.Compare(e.Name, name) })
	if found {
		panic(fmt.Sprintf("content: section kind %q registered twice", k.Name))
	}
	kinds = slices.Insert(kinds, i, k)
}

// LazyKinds names the kinds declared Lazy, sorted.
func LazyKinds() []string {
	var out []string
	for _, k := range registered() {
		if k.Lazy {
			out = append(out, k.Name)
		}
	}
	return out
}

// SectionKinds names every kind of section, sorted: the build checks that
// the server bundle has a renderer for each, and for no other.
func SectionKinds() []string { return kindNames() }

// registered is kinds, once package sections has registered them: a
// program that reads the kinds without importing it is a mistake, not a
// site without sections.
func registered() []Kind {
	if len(kinds) == 0 {
		panic("content: no section kinds registered: import github.com/vozia/site/generator/content/sections")
	}
	return kinds
}

// CollectionReader is implemented by kinds that show collection records:
// the page receives exactly the collections its sections read.
type CollectionReader interface{ Reads() []string }

// eachRead calls fn with the name and file of each collection sec reads.
// A name the loader does not know is skipped: the section's Validate
// rejects it.
func eachRead(sec *Section, fn func(name string, c collectionFile)) {
	r, ok := sec.Value.(CollectionReader)
	if !ok {
		return
	}
	for _, name := range r.Reads() {
		if c, ok := collectionFiles[name]; ok {
			fn(name, c)
		}
	}
}

// The vocabulary several kinds share.

// BlockAction is a call to action drawn as a button: an Action (href, or
// an address of site.yaml by name) plus how it looks and, for site: email,
// the subject of the e-mail.
type BlockAction struct {
	Action
	// Subject is the e-mail's subject; the build appends it to Href.
	Subject string `yaml:"subject,omitempty" json:"-"`
	// Secondary draws the action as an outlined button.
	Secondary bool `json:"secondary,omitempty"`
}

func (a BlockAction) Validate() error {
	if err := a.Action.Validate(); err != nil {
		return err
	}
	if a.Subject != "" && a.Site != "email" {
		return field.AtField("subject", "subject is only for site: email")
	}
	return nil
}

// BlockStat is a figure and what it measures.
type BlockStat struct {
	// Value is the figure, drawn large ("30+"); quote it when it is a number.
	Value string `json:"value"`
	// Label is what the figure measures.
	Label string `json:"label"`
}

func kindNames() []string {
	out := make([]string, len(registered()))
	for i, k := range kinds {
		out[i] = k.Name
	}
	return out
}
