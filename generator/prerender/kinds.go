package prerender

import (
	"crypto/sha256"
	"encoding/hex"

	"github.com/vozia/site/internal/filecache"
)

// Kinds keeps the section kinds each server bundle says it renders
// (Renderer.SectionKinds), on disk by the hash of the bundle's bytes (and,
// as every filecache entry, the build's own version): they are a property
// of the bundle alone. A build whose pages all come from the render cache
// then checks the content's kinds against the bundle's without starting a
// runtime: compiling the bundle and running it took a sixth of the CPU of
// an unchanged site's build. A bundle of other bytes is run again. The zero
// Kinds keeps nothing.
type Kinds struct{ dir filecache.Dir }

// NewKinds returns the Kinds kept under root (none when empty).
func NewKinds(root string) Kinds { return Kinds{filecache.New(root, "kinds", ".json")} }

func kindsKey(server []byte) string {
	sum := sha256.Sum256(server)
	return hex.EncodeToString(sum[:])
}

// Of returns the kinds kept for the bundle server, if any.
func (k Kinds) Of(server []byte) ([]string, bool) {
	var kinds []string
	if !k.dir.GetJSON(kindsKey(server), &kinds) || kinds == nil {
		return nil, false
	}
	return kinds, true
}

// Keep keeps the kinds of the bundle server, as the only entry.
func (k Kinds) Keep(server []byte, kinds []string) {
	if kinds == nil {
		kinds = []string{}
	}
	k.dir.KeepJSON(kindsKey(server), kinds)
}
