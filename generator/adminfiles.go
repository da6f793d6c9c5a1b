package generator

import (
	"github.com/vozia/site/generator/bundle"
)

// addAdmin adds the web editor's files to the site (generator/admin).
func (bld *Builder) addAdmin(opt Options, b *bundle.Result, brand string, out *output) error {
	// A nil bundle is no key: the files are made again.
	var key any
	if b != nil {
		key = b
	}
	files, err := bld.admin.Files(opt.FrontendDir, key, brand)
	if err != nil {
		return err
	}
	for _, f := range files {
		out.add(StageAdmin, f.Path, f.Data)
	}
	return nil
}
