package generator

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestPagesValidate runs two independent checkers on every page of the
// shipped site (tools/validate/validate.mjs): html-validate and
// structured-data-testing-tool with the Google, Twitter and Facebook
// presets. Any finding fails the test.
func TestPagesValidate(t *testing.T) {
	tool, err := filepath.Abs("../tools/validate")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(tool, "node_modules", "html-validate")); err != nil {
		t.Fatalf("the checkers are not installed: run make test (it installs tools/validate): %v", err)
	}
	dir := filepath.Join(t.TempDir(), "site")
	if err := shippedSite(t).WriteTo(dir); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("node", filepath.Join(tool, "validate.mjs"), dir)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Errorf("%v:\n%s", err, out)
	}
}
