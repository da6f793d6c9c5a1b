// Package npmci holds the tests of npm-ci.sh, the Makefiles' npm ci: a
// folder's node_modules installed by npm ci from its lock file, or copied
// from this machine's last install of the same lock file. The script says
// why; the tests run it as make does, with the real npm, on folders they
// write.
package npmci
