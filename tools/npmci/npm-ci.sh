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
# lock files, Node's and npm's versions, the platform and npm's settings.
# It is taken right after npm ci, before anything runs in the tree (the
# build keeps its own cache under node_modules/.cache), and a clone gets
# its own copy, not links into the kept one, so nothing a clone does
# reaches another. The copy is trusted as far as whoever can write to the
# folder, as Go's build cache is. Each DIR keeps its 2 most recently used
# installs.
#
# NODE_MODULES_CACHE names the folder (default:
# $XDG_CACHE_HOME/vozia-site/node_modules, or ~/.cache/... without it),
# one folder in it for each project folder, its path's / as _; set it
# empty to always run npm ci. To drop every kept install, remove the
# folder; a clone's node_modules is its own and stays.
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

# What decides what npm ci writes: the lock files, Node, npm, the
# platform, and npm's settings, which can leave packages out
# (NODE_ENV=production or npm_config_omit=dev leave out the development
# packages, the app's TypeScript and axe-core among them): the
# environment's and the .npmrc files'. An install under other settings is
# kept apart, and never handed to a clone that asks for the default.
key=$({
	cat "$dir/package.json" "$dir/package-lock.json"
	node --version
	"$npm" --version
	uname -sm
	echo "NODE_ENV=${NODE_ENV-}"
	env | grep -i '^npm_config_' | LC_ALL=C sort || true
	cat "$dir/.npmrc" "${HOME:-/nonexistent}/.npmrc" 2>/dev/null || true
} | sha256sum | cut -c1-32)
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
# A copy cut short by a stop (Ctrl-C) is removed on the way out, and one
# that a killed run left is removed by the next run after an hour (a copy
# under way in another clone takes seconds).
tmp=
trap '[ -z "$tmp" ] || rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
keep() {
	mkdir -p "$place" || return
	find "$place" -maxdepth 1 -name '.new-*' -mmin +60 -exec rm -rf {} + 2>/dev/null || true
	tmp=$(mktemp -d "$place/.new-XXXXXX") || return
	if cp -a "$dir/node_modules" "$tmp/node_modules" && mv -T "$tmp" "$kept" 2>/dev/null; then
		tmp=
		ls -1dt "$place"/*/ | tail -n +3 | xargs -r rm -rf
	fi
}
keep || echo "npm-ci.sh: $dir's install not kept in $cache" >&2
