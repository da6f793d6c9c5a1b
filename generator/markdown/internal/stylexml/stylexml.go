// Package stylexml writes one of chroma's styles as the XML that chroma
// reads back (chroma.NewXMLStyle), so that the build can carry the one
// style it highlights with instead of linking chroma's styles package,
// which parses all of them when a program starts.
package stylexml

import (
	"encoding/xml"
	"fmt"

	"github.com/alecthomas/chroma/v2/styles"
)

// Of is the XML of chroma's style name, with a line that says how it is
// made.
func Of(name string) ([]byte, error) {
	s, ok := styles.Registry[name]
	if !ok {
		return nil, fmt.Errorf("chroma has no style %q", name)
	}
	data, err := xml.MarshalIndent(s, "", "  ")
	if err != nil {
		return nil, err
	}
	head := "<!-- Code generated from chroma's style " + name + " (generator/markdown/internal/genstyle); DO NOT EDIT. Refresh: make types (go generate ./...) -->\n"
	return append(append([]byte(head), data...), '\n'), nil
}
