package sitefixture

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// Committed copies the content tree in src into content/ of a new git
// repository and commits it, as the site's repository holds its content;
// it returns the content folder. The build reads what git's HEAD has
// published from there (generator/published).
func Committed(t testing.TB, src string) string {
	t.Helper()
	repo := t.TempDir()
	dir := filepath.Join(repo, "content")
	if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"init", "-q"}, {"add", "."}, {"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "content"}} {
		if out, err := exec.Command("git", append([]string{"-C", repo}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	return dir
}
