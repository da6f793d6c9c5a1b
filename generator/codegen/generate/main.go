// Command generate writes every file generated from the Go code
// (codegen.Files): the app's content types and section registry, the web
// editor's configuration and previews, the guide's kinds table and field
// reference, the icon names, the code blocks' stylesheet and the routing
// manifest's types. `go generate ./...` runs it (make types); a test fails
// while any of the files is stale.
//
//	go run ./generator/codegen/generate [-root .]
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"

	"github.com/vozia/site/generator/codegen"
	"github.com/vozia/site/generator/content/icons"
)

func main() {
	root := flag.String("root", ".", "the repository's root `dir`")
	again := flag.Bool("again", false, "the second run, after the icon names changed")
	flag.Parse()
	if err := run(*root, *again); err != nil {
		fmt.Fprintln(os.Stderr, "generate:", err)
		os.Exit(1)
	}
}

func run(root string, again bool) error {
	files, err := codegen.Files(root)
	if err != nil {
		return err
	}
	var changed []string
	for _, f := range files {
		p := filepath.Join(root, f.Path)
		if old, err := os.ReadFile(p); err == nil && bytes.Equal(old, f.Data) {
			continue
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			return err
		}
		changed = append(changed, f.Path)
		fmt.Println("wrote", f.Path)
	}
	// This program was built with the icon names as they were: what else
	// names the icons (the guide, the editor) is made again by a program
	// built with the new ones.
	if slices.Contains(changed, icons.GeneratedFile) && !again {
		cmd := exec.Command("go", "run", "./generator/codegen/generate", "-again")
		cmd.Dir, cmd.Stdout, cmd.Stderr = root, os.Stdout, os.Stderr
		return cmd.Run()
	}
	return nil
}
