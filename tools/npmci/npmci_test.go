package npmci

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// clone writes a project folder named site, as a fresh clone of the
// project has it, and returns it: its dependency and development
// dependency are packages beside it (file: dependencies, which npm ci
// installs as links without the network), and its lock files say
// version.
func clone(t *testing.T, version string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "site")
	files := map[string]string{
		"dep/package.json":    `{"name": "dep", "version": "` + version + `"}`,
		"devdep/package.json": `{"name": "devdep", "version": "1.0.0"}`,
		"package.json":        `{"name": "app", "version": "1.0.0", "dependencies": {"dep": "file:dep"}, "devDependencies": {"devdep": "file:devdep"}}`,
		"package-lock.json": `{"name": "app", "version": "1.0.0", "lockfileVersion": 3, "requires": true, "packages": {
  "": {"name": "app", "version": "1.0.0", "dependencies": {"dep": "file:dep"}, "devDependencies": {"devdep": "file:devdep"}},
  "dep": {"version": "` + version + `"},
  "devdep": {"version": "1.0.0", "dev": true},
  "node_modules/dep": {"resolved": "dep", "link": true},
  "node_modules/devdep": {"resolved": "devdep", "link": true, "dev": true}}}`,
	}
	for name, data := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// installer runs npm-ci.sh with a cache folder of its own and an npm that
// logs each "npm ci" before running the real one.
type installer struct {
	cache, log, npm string
	out             string // what the last run printed
}

func newInstaller(t *testing.T) *installer {
	t.Helper()
	real, err := exec.LookPath("npm")
	if err != nil {
		t.Fatalf("npm: %v (make test installs Node with npm on a fresh machine's image)", err)
	}
	dir := t.TempDir()
	in := &installer{cache: filepath.Join(dir, "cache"), log: filepath.Join(dir, "npm.log"), npm: filepath.Join(dir, "npm")}
	stub := "#!/bin/sh\n[ \"$1\" = ci ] && echo \"$PWD\" >> " + in.log + "\nexec " + real + " \"$@\"\n"
	if err := os.WriteFile(in.npm, []byte(stub), 0o755); err != nil {
		t.Fatal(err)
	}
	return in
}

// cleanEnv is this process's environment without npm's settings and
// NODE_ENV: the tests give the script the settings they mean to.
func cleanEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); k != "NODE_ENV" && !strings.HasPrefix(strings.ToLower(k), "npm_config_") {
			env = append(env, kv)
		}
	}
	return env
}

// install runs the script on dir with the installer's cache folder and
// the settings env, and says in which folders npm ci ran since the last
// call.
func (in *installer) install(t *testing.T, dir string, env ...string) []string {
	t.Helper()
	return in.run(t, dir, append(cleanEnv(), append([]string{"NODE_MODULES_CACHE=" + in.cache}, env...)...))
}

// run runs the script on dir in the environment env (command), checks
// that it installed, and says in which folders npm ci ran since the last
// call.
func (in *installer) run(t *testing.T, dir string, env []string) []string {
	t.Helper()
	out, err := in.command(t, dir, env).CombinedOutput()
	if err != nil {
		t.Fatalf("npm-ci.sh %s: %v\n%s", dir, err, out)
	}
	in.out = string(out)
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "dep", "package.json")); err != nil {
		t.Fatalf("npm-ci.sh %s left no installed dependency: %v", dir, err)
	}
	log, _ := os.ReadFile(in.log)
	os.Remove(in.log)
	return strings.Fields(string(log))
}

// command is the script on dir as make runs it (from the project's root,
// here dir's parent, naming dir from there), in the environment env, with
// the installer's npm and an npm cache of its own.
func (in *installer) command(t *testing.T, dir string, env []string) *exec.Cmd {
	t.Helper()
	script, err := filepath.Abs("npm-ci.sh")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(script, filepath.Base(dir))
	cmd.Dir = filepath.Dir(dir)
	cmd.Env = append(env, "NPM="+in.npm, "npm_config_cache="+filepath.Join(in.cache, "..", "npm"))
	return cmd
}

func TestSecondCloneCopiesTheFirstInstall(t *testing.T) {
	in := newInstaller(t)
	first, second := clone(t, "1.0.0"), clone(t, "1.0.0")

	if ran := in.install(t, first); len(ran) != 1 {
		t.Fatalf("the first install ran npm ci in %q, want once", ran)
	}
	if ran := in.install(t, second); len(ran) != 0 {
		t.Errorf("a second clone with the same lock file ran npm ci (in %q), want a copy of the first", ran)
	}
	// A copy, not links into what is kept: a clone that writes in its
	// node_modules (the build keeps its cache there) changes no other.
	if err := os.WriteFile(filepath.Join(second, "node_modules", ".written"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	third := clone(t, "1.0.0")
	in.install(t, third)
	if _, err := os.Stat(filepath.Join(third, "node_modules", ".written")); err == nil {
		t.Error("a file written in one clone's node_modules appeared in the next clone's")
	}
}

func TestChangedLockFileInstallsAgain(t *testing.T) {
	in := newInstaller(t)
	var versions = []string{"1.0.0", "1.1.0", "1.2.0"}
	for _, v := range versions {
		dir := clone(t, v)
		if ran := in.install(t, dir); len(ran) != 1 {
			t.Errorf("lock file of %s: npm ci ran in %q, want once (a lock file never installed before)", v, ran)
		}
		got, err := os.ReadFile(filepath.Join(dir, "node_modules", "dep", "package.json"))
		if err != nil || !strings.Contains(string(got), v) {
			t.Errorf("lock file of %s installed %s (%v)", v, got, err)
		}
	}
	// The two most recent installs are kept, the oldest goes.
	kept, err := filepath.Glob(filepath.Join(in.cache, "*", "*", "node_modules"))
	if err != nil || len(kept) != 2 {
		t.Errorf("kept %q, want the 2 most recent installs", kept)
	}
	dir := clone(t, versions[0])
	if ran := in.install(t, dir); len(ran) != 1 {
		t.Errorf("the oldest lock file again: npm ci ran in %q, want once (its install was dropped)", ran)
	}
	dir = clone(t, versions[2])
	if ran := in.install(t, dir); len(ran) != 0 {
		t.Errorf("the newest lock file again: npm ci ran in %q, want a copy", ran)
	}
}

func TestEmptyCacheSettingAlwaysInstalls(t *testing.T) {
	in := newInstaller(t)
	for range 2 {
		dir := clone(t, "1.0.0")
		if ran := in.install(t, dir, "NODE_MODULES_CACHE="); len(ran) != 1 {
			t.Errorf("with NODE_MODULES_CACHE empty, npm ci ran in %q, want every time", ran)
		}
		if strings.Contains(in.out, "not kept") {
			t.Errorf("with NODE_MODULES_CACHE empty, as asked, the install says %q, want nothing", in.out)
		}
	}
	if _, err := os.Stat(in.cache); err == nil {
		t.Error("with NODE_MODULES_CACHE empty, an install was kept")
	}
}

// A cache folder that cannot be written costs the copy, never the
// install; nor does a machine without a home folder fail, and it says
// why the install was not kept.
func TestUnwritableCacheStillInstalls(t *testing.T) {
	in := newInstaller(t)
	if err := os.WriteFile(in.cache, []byte("a file where the folder would be"), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := clone(t, "1.0.0")
	if ran := in.install(t, dir); len(ran) != 1 {
		t.Errorf("npm ci ran in %q, want once", ran)
	}
	dir = clone(t, "1.0.0")
	var noHome []string
	for _, kv := range cleanEnv() {
		if k, _, _ := strings.Cut(kv, "="); k != "HOME" && k != "XDG_CACHE_HOME" && k != "NODE_MODULES_CACHE" {
			noHome = append(noHome, kv)
		}
	}
	in.run(t, dir, noHome) // fails the test unless it installed
	if !strings.Contains(in.out, "site installed by npm ci and not kept for other clones: no HOME") {
		t.Errorf("without HOME the install says %q, want why it was not kept", in.out)
	}
}

// An install under settings that leave packages out (a production
// install, without the development packages) is never handed to a clone
// that asks for the default: the development packages are the app's
// TypeScript and axe-core.
func TestInstallWithOtherSettingsIsKeptApart(t *testing.T) {
	in := newInstaller(t)
	hasDev := func(dir string) bool {
		_, err := os.Stat(filepath.Join(dir, "node_modules", "devdep", "package.json"))
		return err == nil
	}
	// A setting in a configuration file that npm reads (here the user's,
	// which the global one is like) counts by its value: the same file
	// without it later asks for the default.
	userconfig := filepath.Join(t.TempDir(), "npmrc")
	if err := os.WriteFile(userconfig, []byte("omit=dev\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	fromFile := "npm_config_userconfig=" + userconfig
	for _, setting := range []string{"NODE_ENV=production", "npm_config_omit=dev", fromFile} {
		prod := clone(t, "1.0.0")
		in.install(t, prod, setting)
		if hasDev(prod) {
			t.Fatalf("%s installed the development packages: the test does not test what it means to", setting)
		}
	}
	if err := os.WriteFile(userconfig, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, env := range [][]string{nil, {fromFile}} {
		dir := clone(t, "1.0.0")
		in.install(t, dir, env...)
		if !hasDev(dir) {
			t.Errorf("a default install (settings %q) after production ones has no development packages", env)
		}
	}
}

// A copy that a killed run left half written is never taken, and goes.
func TestLeftCopyIsRemoved(t *testing.T) {
	in := newInstaller(t)
	first := clone(t, "1.0.0")
	in.install(t, first)
	places, err := filepath.Glob(filepath.Join(in.cache, "*"))
	if err != nil || len(places) != 1 {
		t.Fatalf("kept folders %q (%v), want one", places, err)
	}
	// An install being dropped when a stop came is removed at once:
	// nothing takes it, whatever its age.
	dropped := filepath.Join(places[0], ".old-left")
	if err := os.MkdirAll(filepath.Join(dropped, "node_modules", "half"), 0o755); err != nil {
		t.Fatal(err)
	}
	left := filepath.Join(places[0], ".new-left")
	if err := os.MkdirAll(filepath.Join(left, "node_modules", "half"), 0o755); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-2 * time.Hour)
	if err := os.Chtimes(left, old, old); err != nil {
		t.Fatal(err)
	}
	dir := clone(t, "1.0.0") // the lock file kept: a copy
	if ran := in.install(t, dir); len(ran) != 0 {
		t.Errorf("npm ci ran in %q, want a copy", ran)
	}
	if _, err := os.Stat(left); err == nil {
		t.Error("a copy left half written two hours ago is still there")
	}
	if _, err := os.Stat(dropped); err == nil {
		t.Error("an install left half dropped is still there")
	}
}

// A Ctrl-C as the copy into a clone ends leaves the clone without
// node_modules, never with a folder it would take for a whole install,
// and the kept install as it was: the next run copies it whole.
func TestCtrlCAsTheCopyEnds(t *testing.T) {
	in := newInstaller(t)
	in.install(t, clone(t, "1.0.0"))
	dir := clone(t, "1.0.0")

	// A cp that makes the copy into the clone whole, leaves a mark, and
	// is then still running when the terminal's Ctrl-C comes: the stop
	// lands after the last byte is copied and before the script has moved
	// the copy into place.
	realCp, err := exec.LookPath("cp")
	if err != nil {
		t.Fatal(err)
	}
	bin := t.TempDir()
	copied := filepath.Join(bin, "copied")
	fake := "#!/bin/sh\ncase \"$3\" in\n*/node_modules.copy) " + realCp + " \"$@\" && : > " + copied + " && exec sleep 600; exit 1;;\nesac\nexec " + realCp + " \"$@\"\n"
	if err := os.WriteFile(filepath.Join(bin, "cp"), []byte(fake), 0o755); err != nil {
		t.Fatal(err)
	}

	cmd := in.command(t, dir, append(cleanEnv(), "NODE_MODULES_CACHE="+in.cache, "PATH="+bin+":"+os.Getenv("PATH")))
	// A process group of its own, as a terminal gives a command: Ctrl-C
	// goes to every process of it, the script and its cp alike.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	stop := func() { syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL); <-exited }
	bound := time.After(2 * time.Minute)
	for {
		if _, err := os.Stat(copied); err == nil {
			break
		}
		select {
		case <-exited:
			t.Fatalf("npm-ci.sh ended before its copy into the clone did:\n%s", out.String())
		case <-bound:
			stop()
			t.Fatalf("the copy into the clone had not ended after two minutes:\n%s", out.String())
		case <-time.After(10 * time.Millisecond):
		}
	}
	if err := syscall.Kill(-cmd.Process.Pid, syscall.SIGINT); err != nil {
		stop()
		t.Fatal(err)
	}
	select {
	case <-exited:
	case <-time.After(2 * time.Minute):
		stop()
		t.Fatalf("npm-ci.sh went on for two minutes after Ctrl-C:\n%s", out.String())
	}
	if code := cmd.ProcessState.ExitCode(); code == 0 {
		t.Errorf("npm-ci.sh stopped by Ctrl-C exited 0, as if it had installed:\n%s", out.String())
	}
	for _, name := range []string{"node_modules", "node_modules.copy"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			t.Errorf("Ctrl-C left %s in the clone", name)
		}
	}

	if ran := in.install(t, dir); len(ran) != 0 {
		t.Errorf("after the stop, npm ci ran in %q, want a copy of the kept install", ran)
	}
}
