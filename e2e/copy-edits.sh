#!/usr/bin/env bash
# The browser tests against an editor's legitimate edits: a copy of
# content/ with the home page's hero heading, the first FAQ question, the
# first case study's company and the first menu of the header renamed, the
# contact form's messages and the cookie banner's buttons reworded, and one
# more topic tag in the hero, and the e2e suite run on it (VOZIA_CONTENT,
# see internal/testkit/browsertest).
# A test that pins today's wording instead of reading it from the content
# fails here. Arguments go to go test (e.g. -run TestHomePage).
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r content "$tmp/content"
c=$tmp/content

# changed FILE WHY: print how FILE (under the copy) differs from the
# FILE.orig kept before an edit, or fail with WHY when it does not: the
# content model changed, and this script must with it.
changed() {
  local file=$c/$1
  if cmp -s "$file" "$file.orig"; then
    echo "copy-edits: $1: $2: the content model changed, update $0" >&2
    exit 1
  fi
  { diff "$file.orig" "$file" || true; } | grep '^>' | sed "s|^>|copy-edits: $1:|"
  rm "$file.orig"
}
# change FILE PATTERN REPLACEMENT: on the first line matching PATTERN (a
# plain YAML scalar after it), replace the line by sed's REPLACEMENT (\1 is
# PATTERN's text, \2 the value).
change() {
  local file=$c/$1 pattern=$2 replacement=$3
  cp "$file" "$file.orig"
  sed -i -E "0,/^($pattern)([^\"'{].*)$/s//$replacement/" "$file"
  changed "$1" "no line matches $pattern"
}
# edit FILE PATTERN: prefix the value of the first line matching PATTERN
# with "Edited ".
edit() { change "$1" "$2" '\1Edited \2'; }
# reword FILE PATTERN VALUE: make VALUE that line's value.
reword() { change "$1" "$2" "\\1$3"; }

# within FILE LINE TEXT: on the first line matching LINE (a regular
# expression), put "Edited " after the first TEXT (literal): for values
# inside a {title: ..., text: ...} mapping.
within() {
  local file=$c/$1 line=$2 text=$3
  cp "$file" "$file.orig"
  FROM=$text awk -v line="$line" 'BEGIN { t = ENVIRON["FROM"] } !done && $0 ~ line && (i = index($0, t)) { $0 = substr($0, 1, i + length(t) - 1) "Edited " substr($0, i + length(t)); done = 1 } { print }' "$file.orig" > "$file"
  changed "$1" "no line matches $line with $text"
}
edit pages/index.yaml              '    heading: '     # the first section is the hero
edit collections/faq.yaml          '- question: '
edit collections/case-studies.yaml '  company: '
edit layout.yaml                   '    - label: '     # the first entry of the header with a menu
edit layout.yaml                   '  sending: '
within layout.yaml '^    email: .*valid' 'email: '           # the form's errors follow its labels
within layout.yaml '^  success: ' '{title: '
within layout.yaml '^  failure: ' 'text: '
within layout.yaml '^  suspicious: ' 'text: '
# The cookie banner's decisions reworded, within the room a phone's row
# gives them (the build refuses longer ones), and its dialog's save button.
reword layout.yaml '  acceptAll: ' 'Allow all'
reword layout.yaml '  rejectAll: ' 'Essential only'
edit layout.yaml                   '  save: '
# One more topic tag in the hero, shown on every screen.
cp "$c/pages/index.yaml" "$c/pages/index.yaml.orig"
sed -i -E '0,/^    tags:$/s//&\n      - {label: Edited tag, icon: mic}/' "$c/pages/index.yaml"
changed pages/index.yaml "no hero tags"

VOZIA_CONTENT=$c go test -count=1 -timeout 20m "$@" ./e2e/
