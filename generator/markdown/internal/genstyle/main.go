// Command genstyle writes generator/markdown's codestyle.xml, chroma's
// style of the code blocks (markdown.HighlightStyle). The package's
// go:generate runs it, from the package's folder (make types).
package main

import (
	"bytes"
	"fmt"
	"os"

	"github.com/vozia/site/generator/markdown"
	"github.com/vozia/site/generator/markdown/internal/stylexml"
)

func main() {
	data, err := stylexml.Of(markdown.HighlightStyle)
	if err == nil {
		if old, _ := os.ReadFile(markdown.CodeStyleFile); !bytes.Equal(old, data) {
			err = os.WriteFile(markdown.CodeStyleFile, data, 0o644)
			fmt.Println("wrote generator/markdown/" + markdown.CodeStyleFile)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "genstyle:", err)
		os.Exit(1)
	}
}
