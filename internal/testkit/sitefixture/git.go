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
	if out, err := exec.Command("git", "-C", repo, "init", "-q").CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	Commit(t, dir, "content")
	return dir
}

// Commit commits every change under dir, in the repository that holds it,
// as an editor's commit of the content.
func Commit(t testing.TB, dir, message string) {
	t.Helper()
	for _, args := range [][]string{{"add", "."}, {"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", message}} {
		if out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
}
