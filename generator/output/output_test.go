package output

import (
	"slices"
	"testing"
)

// TestChanged: what a Builder tells make dev changed between two builds.
func TestChanged(t *testing.T) {
	build := func(home, routes string) *Files {
		var o Files
		o.Add(StageDocument, "index.html", []byte("<p>"+home+"</p><script>"+routes+"</script>"))
		// A reader sees the page without the route table's name.
		doc := []byte("<p>about</p><script>" + routes + "</script>")
		o.Add(StageDocument, "about/index.html", doc)
		o.Seen("about/index.html", doc[:12], []byte("site"), doc[len(doc)-9:])
		o.Add(StageData, "data/"+routes+".json", []byte(routes))
		o.Add(StageBundle, "assets/app.js", []byte("js"))
		return &o
	}
	first := build("home", "routes-a")
	if got := Changed(nil, first); got != nil {
		t.Errorf("with no earlier build: %q, want nil", got)
	}
	if got := Changed(first, build("home", "routes-a")); got == nil || len(got) != 0 {
		t.Errorf("the same build: %q, want none (and not nil)", got)
	}
	// The route table's name changed everywhere: the data file is not
	// listed, and neither is the page whose reader's parts are the same.
	if got, want := Changed(first, build("home 2", "routes-b")), []string{"index.html"}; !slices.Equal(got, want) {
		t.Errorf("changed %q, want %q", got, want)
	}
	more := build("home", "routes-a")
	more.Add(StageDocument, "new/index.html", []byte("new"))
	if got, want := Changed(first, more), []string{"new/index.html"}; !slices.Equal(got, want) {
		t.Errorf("a page added: %q, want %q", got, want)
	}
	if got, want := Changed(more, first), []string{"new/index.html"}; !slices.Equal(got, want) {
		t.Errorf("a page removed: %q, want %q", got, want)
	}
}
