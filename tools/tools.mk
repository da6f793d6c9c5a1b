# The visitor's view of the site; the root Makefile includes this file.
#   make lighthouse      build, serve with cmd/serve, run Lighthouse on every route, print the table,
#                        fail below a performance score of 100 or on an image audit
#   make lighthouse-photos  the same on the pages of a copy of the content with photos
#   make validate-deps   html-validate and structured-data-testing-tool, run on every page by make test
GO  ?= go
NPM ?= npm

.PHONY: lighthouse lighthouse-photos lighthouse-deps validate-deps

# The installs: the root Makefile's %/node_modules/.installed.
lighthouse-deps: tools/lighthouse/node_modules/.installed
validate-deps: tools/validate/node_modules/.installed

# A report more than a test (the figures move with the machine's load), but
# it fails when a route's median performance score is below 100. The
# routes are the build's route table (see tools/lighthouse/run.mjs);
# LIGHTHOUSE_FLAGS passes more, e.g. LIGHTHOUSE_FLAGS="-warm /" measures
# each route as the second page of a visit.
LIGHTHOUSE_FLAGS ?=
# lighthouse-serve SITE,FLAGS: serve SITE with cmd/serve on a free port and
# run tools/lighthouse/run.mjs on it.
define lighthouse-serve
	@set -e; log=$$(mktemp); \
	dist/bin/serve -addr 127.0.0.1:0 -dir $(1) -outbox dist/outbox/lighthouse.jsonl >$$log 2>&1 & pid=$$!; \
	trap 'kill $$pid 2>/dev/null; rm -f $$log' EXIT; \
	for i in $$(seq 100); do url=$$(grep -o 'http://[0-9.:]*' $$log | head -1); [ -n "$$url" ] && break; sleep 0.1; done; \
	[ -n "$$url" ] || { cat $$log; exit 1; }; \
	cd tools/lighthouse && CHROME_PATH=$${CHROME_PATH:-/usr/bin/chromium} node run.mjs -base $$url -site ../../$(1) $(2)
endef

lighthouse: deps chromium lighthouse-deps
	$(GO) run ./cmd/build -out dist/site >/dev/null
	$(GO) build -o dist/bin/serve ./cmd/serve
	$(call lighthouse-serve,dist/site,$(LIGHTHOUSE_FLAGS))

# The shipped site has no photo: this measures a copy of the content whose
# drawn covers and case-study images are photos, with portraits for the
# founders and authors (bench/prepare -photos), on every page that shows
# one; a route fails on its score or on any image audit (run.mjs).
lighthouse-photos: deps chromium lighthouse-deps
	rm -rf dist/bench/photos/content
	$(GO) run ./bench/prepare -photos -out dist/bench/photos
	$(GO) run ./cmd/build -content dist/bench/photos/content -cache dist/bench/photos/cache -out dist/bench/photos/site >/dev/null
	$(GO) build -o dist/bin/serve ./cmd/serve
	$(call lighthouse-serve,dist/bench/photos/site,-photos $(LIGHTHOUSE_FLAGS))
