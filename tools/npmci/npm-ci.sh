#!/usr/bin/env bash
# npm-ci.sh DIR: installs DIR's node_modules as `npm ci` does from DIR's
# lock file, or copies them from the machine's last install of the same
# lock file.
#
# Every clone of the project installs the same four trees (the app's, the
# deployment's, the checkers', the local SES emulator's): 470 MB in 23,000
# files, which npm ci unpacks again from its own cache each time. Side by
# side they took 16 s and 28 CPU-s of a clean clone's make test, before
# anything else could start, on a suite bound by its two cores; copies of
# the same trees took 4 s and 6 CPU-s (7 December 2026). So the first
# install of a lock file on a machine is kept, as Go keeps its build
# cache, and later ones copy it.
#
# The copy is keyed by a digest of what decides what npm ci writes: the
# lock files, Node's and npm's versions, the platform, and the values npm
# itself reports for the settings that change what it installs, from
# every place it reads them (the environment, the project's, the user's
# and the global .npmrc). It is taken right after npm ci, before anything
# runs in the tree (the build keeps its own cache under
# node_modules/.cache), and a clone gets its own copy, not links into the
# kept one, so nothing a clone does reaches another. The copy is trusted
# as far as whoever can write to the folder, as Go's build cache is. Each
# DIR keeps its 2 most recently used installs.
#
# NODE_MODULES_CACHE names the folder, an absolute path (default:
# $XDG_CACHE_HOME/vozia-site/node_modules, or ~/.cache/... without it),
# one folder in it for each project folder, its path's / as _; set it
# empty to always run npm ci. To drop every kept install, remove the
# folder; a clone's node_modules is its own and stays.
#
# A folder is kept under its key whole or not at all: it is written
# under another name and renamed to its key, and renamed away before it
# is deleted, so that a stop (Ctrl-C) or another clone's copy never meets
# half of one. What a stop leaves under another name is removed on the
# way out, or by a later run.
set -euo pipefail

dir=${1:?usage: npm-ci.sh DIR}
npm=${NPM:-npm}
# No user cache folder (no HOME), no copies.
home_cache=${XDG_CACHE_HOME:-${HOME:+$HOME/.cache}}
cache=${NODE_MODULES_CACHE-${home_cache:+$home_cache/vozia-site/node_modules}}

install() { (cd "$dir" && "$npm" ci --no-audit --no-fund --loglevel=error); }

if [ -z "$cache" ]; then
	# Set empty, copying is off, as asked (CI). Unset, with nowhere to keep
	# a copy, the developer is told why the next clone installs again.
	if [ -z "${NODE_MODULES_CACHE+set}" ]; then
		echo "npm-ci.sh: $dir installed by npm ci and not kept for other clones: no HOME or XDG_CACHE_HOME to keep it under (NODE_MODULES_CACHE names a folder)" >&2
	fi
	install
	exit
fi

# What decides what npm ci writes. npm's settings as npm reports them:
# omit, include and production leave packages out (NODE_ENV=production
# omits the development ones, the app's TypeScript and axe-core among
# them), the others change how or which platform's packages it installs.
key=$({
	cat "$dir/package.json" "$dir/package-lock.json"
	node --version
	"$npm" --version
	uname -sm
	(cd "$dir" && "$npm" config get omit include production ignore-scripts install-strategy install-links os cpu libc)
} | sha256sum | cut -c1-32)
# One folder per project folder, by its path from where make runs, the
# project's root.
place="$cache/$(realpath --relative-to=. "$dir" | tr / _)"
kept="$place/$key"

# What a stop must not leave: a copy into the clone, a copy being kept,
# a kept install being dropped.
partial=()
trap 'rm -rf "${partial[@]}"' EXIT
trap 'exit 130' INT TERM
# What an earlier run left under another name: a copy being kept for
# more than an hour (a copy under way in another clone takes seconds),
# any install being dropped.
find "$place" -maxdepth 1 \( -name '.new-*' -mmin +60 -o -name '.old-*' \) -exec rm -rf {} + 2>/dev/null || true

if [ -d "$kept/node_modules" ]; then
	rm -rf "$dir/node_modules" "$dir/node_modules.copy"
	partial=("$dir/node_modules.copy")
	if cp -a "$kept/node_modules" "$dir/node_modules.copy" 2>/dev/null && mv "$dir/node_modules.copy" "$dir/node_modules"; then
		touch "$kept"
		exit
	fi
	# Dropped by another clone as it was copied, or a full disk.
	echo "npm-ci.sh: could not copy $kept; running npm ci" >&2
	rm -rf "$dir/node_modules.copy"
fi

install

# Keeping is a saving, not the install: a folder that cannot be written
# leaves a note, and the install stands. A clone that installed the same
# lock file at the same time loses the rename and drops its copy.
keep() {
	mkdir -p "$place" || return
	local tmp
	tmp=$(mktemp -d "$place/.new-XXXXXX") || return
	partial=("$tmp")
	cp -a "$dir/node_modules" "$tmp/node_modules" || return
	mv -T "$tmp" "$kept" 2>/dev/null || return 0
	partial=()
	ls -1dt "$place"/*/ | tail -n +3 | while read -r old; do
		gone=$(mktemp -u "$place/.old-XXXXXX")
		mv -T "$old" "$gone" 2>/dev/null && rm -rf "$gone"
	done
}
keep || echo "npm-ci.sh: $dir's install not kept in $cache" >&2
