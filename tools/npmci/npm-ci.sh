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
# The copy is keyed by a digest of package.json, package-lock.json, Node's
# and npm's versions and the platform: what decides what npm ci writes.
# It is taken right after npm ci, before anything runs in the tree (the
# build keeps its own cache under node_modules/.cache), and a clone gets
# its own copy, not links into the kept one, so nothing a clone does
# reaches another. The copy is trusted as far as whoever can write to the
# folder, as Go's build cache is. Each DIR keeps its 2 most recently used
# installs.
#
# NODE_MODULES_CACHE names the folder (default: vozia-site/node_modules
# under the user's cache folder); set it empty to always run npm ci.
set -euo pipefail

dir=${1:?usage: npm-ci.sh DIR}
npm=${NPM:-npm}
# No user cache folder (no HOME), no copies.
home_cache=${XDG_CACHE_HOME:-${HOME:+$HOME/.cache}}
cache=${NODE_MODULES_CACHE-${home_cache:+$home_cache/vozia-site/node_modules}}

install() { (cd "$dir" && "$npm" ci --no-audit --no-fund --loglevel=error); }

if [ -z "$cache" ]; then
	install
	exit
fi

key=$({ cat "$dir/package.json" "$dir/package-lock.json"; node --version; "$npm" --version; uname -sm; } | sha256sum | cut -c1-32)
# One folder per project folder, by its path from where make runs, the
# project's root.
place="$cache/$(realpath --relative-to=. "$dir" | tr / _)"
kept="$place/$key"

if [ -d "$kept/node_modules" ]; then
	rm -rf "$dir/node_modules" "$dir/node_modules.copy"
	if cp -a "$kept/node_modules" "$dir/node_modules.copy" && mv "$dir/node_modules.copy" "$dir/node_modules"; then
		touch "$kept"
		exit
	fi
	echo "npm-ci.sh: could not copy $kept; running npm ci" >&2
	rm -rf "$dir/node_modules.copy"
fi

install

# Kept by a rename, so that a copy half written (a full disk, a stop) is
# never taken for an install; a clone that installed the same lock file at
# the same time loses the rename and drops its copy. Keeping is a saving,
# not the install: a folder that cannot be written leaves a note, and the
# install stands.
keep() {
	mkdir -p "$place" || return
	tmp=$(mktemp -d "$place/.new-XXXXXX") || return
	if cp -a "$dir/node_modules" "$tmp/node_modules" && mv -T "$tmp" "$kept" 2>/dev/null; then
		ls -1dt "$place"/*/ | tail -n +3 | xargs -r rm -rf
	else
		rm -rf "$tmp"
	fi
}
keep || echo "npm-ci.sh: $dir's install not kept in $cache" >&2
