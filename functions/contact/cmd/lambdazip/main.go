// Command lambdazip packs one executable as a Lambda deployment package:
//
//	go run ./functions/contact/cmd/lambdazip -o dist/functions/contact.zip dist/functions/contact/bootstrap
//
// The entry is named bootstrap, as the provided.al2023 runtime expects, with
// mode 0755 and a fixed time, so the same binary always gives the same zip
// (and `zip` need not be installed).
package main

import (
	"archive/zip"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "lambdazip:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	fs := flag.NewFlagSet("lambdazip", flag.ContinueOnError)
	out := fs.String("o", "", "zip file to write")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" || fs.NArg() != 1 {
		return errors.New("usage: lambdazip -o OUT.zip EXECUTABLE")
	}
	return pack(*out, fs.Arg(0))
}

// pack writes the zip next to out and renames it into place, so a failed
// build never leaves a truncated package behind for a deploy to pick up.
func pack(out, exe string) (err error) {
	src, err := os.Open(exe)
	if err != nil {
		return err
	}
	defer src.Close()
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(out), ".lambdazip-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()

	zw := zip.NewWriter(tmp)
	h := &zip.FileHeader{
		Name:     "bootstrap",
		Method:   zip.Deflate,
		Modified: time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC),
	}
	h.SetMode(0o755)
	w, err := zw.CreateHeader(h)
	if err != nil {
		return err
	}
	if _, err := io.Copy(w, src); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	if err := tmp.Chmod(0o644); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), out)
}
