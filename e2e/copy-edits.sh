#!/usr/bin/env bash
# The browser tests against an editor's legitimate edits: a copy of
# content/ with the home page's hero heading, the first FAQ question, the
# first case study's company and the first menu of the header renamed, and
# the e2e suite run on it (VOZIA_CONTENT, see internal/testkit/browsertest).
# A test that pins today's wording instead of reading it from the content
# fails here. Arguments go to go test (e.g. -run TestHomePage).
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r content "$tmp/content"
c=$tmp/content

# edit FILE PATTERN: prefix the value of the first line matching PATTERN
# (a plain YAML scalar) with "Edited ", and fail if nothing changed.
edit() {
  local file=$c/$1 pattern=$2
  cp "$file" "$file.orig"
  sed -i -E "0,/^($pattern)([^\"'{].*)$/s//\\1Edited \\2/" "$file"
  if cmp -s "$file" "$file.orig"; then
    echo "copy-edits: no line of $1 matches ${pattern}: the content model changed, update $0" >&2
    exit 1
  fi
  { diff "$file.orig" "$file" || true; } | grep '^>' | sed "s|^>|copy-edits: $1:|"
  rm "$file.orig"
}
edit pages/index.yaml              '    heading: '     # the first section is the hero
edit collections/faq.yaml          '- question: '
edit collections/case-studies.yaml '  company: '
edit layout.yaml                   '    - label: '     # the first entry of the header with a menu

VOZIA_CONTENT=$c go test -count=1 -timeout 20m "$@" ./e2e/
