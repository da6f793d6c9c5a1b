package generator

import (
	"github.com/vozia/site/generator/admin"
	"github.com/vozia/site/generator/bundle"
	"github.com/vozia/site/generator/codegen"
)

// addAdmin adds the web editor's files to the site. Its configuration's
// rules that depend on the site's brand (an article title's length) are
// filled in from site.yaml.
func (bld *Builder) addAdmin(opt Options, b *bundle.Result, brand string, out *output) error {
	files, err := bld.adminFiles(opt, b)
	if err != nil {
		return err
	}
	for _, f := range files {
		data := f.Data
		if f.Path == admin.ConfigFile {
			data = codegen.EditorConfigForBrand(data, brand)
		}
		out.add(StageAdmin, f.Path, data)
	}
	return nil
}

// adminFiles are the files of the web editor at /admin/ (generator/admin).
// They depend only on the frontend: made again only when the app was
// bundled again (b is a new bundle), which is when the frontend changed.
func (bld *Builder) adminFiles(opt Options, b *bundle.Result) ([]admin.File, error) {
	if bld.admin != nil && bld.adminFor == b && b != nil {
		return bld.admin, nil
	}
	files, err := admin.Build(opt.FrontendDir)
	if err != nil {
		return nil, err
	}
	bld.admin, bld.adminFor = files, b
	return files, nil
}
