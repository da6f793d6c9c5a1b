# The commands of the README, and the rest of the project's chores.
#   make dev     install what is missing, serve on 127.0.0.1:8080, rebuild on save, live reload
#   make serve   install what is missing, build, serve on 127.0.0.1:8080
#   make check   what the daily build would refuse, in seconds, with no browser: run it before a push
#   make test    install what is missing, run every test
#   make deploy  build and deploy one stage to AWS (deploy/deploy.mk)
#   make rehearse  the release path on this machine: the CI workflows run job by job, the stack stood up on
#                  emulators, one enquiry the whole way (docs/deploying.md, "The rehearsal")
#   make lighthouse  Lighthouse on every route of the served site (tools/tools.mk); make lighthouse-photos, on pages with photos
SHELL := /bin/bash
GO    ?= go
NPM   ?= npm
# npm ci of a folder, or a copy of this machine's last npm ci of the same
# lock file (tools/npmci/npm-ci.sh says why and how).
NPM_CI = NPM=$(NPM) tools/npmci/npm-ci.sh
SUDO  := $(if $(filter 0,$(shell id -u)),,sudo)

.PHONY: dev serve build check test test-full test-copy-edits test-roundtrip bench deps chromium types typecheck clean article fuzz
.DEFAULT_GOAL := build

# Every folder's npm packages (the app's here, the others' in the included
# .mk files): installed, by npm ci or a copy (NPM_CI), when node_modules
# is missing or older than package.json or the lock file.
%/node_modules/.installed: %/package.json %/package-lock.json
	$(NPM_CI) $*
	touch $@

deps: frontend/node_modules/.installed

build: deps
	$(GO) run ./cmd/build

# ADDR=host:port serves elsewhere (when 8080 is taken).
serve: build
	$(GO) run ./cmd/serve $(if $(ADDR),-addr $(ADDR))

# The editor's way in: builds in memory, rebuilds on every save under
# content/ and frontend/src, reloads the open pages or shows the problems.
dev: deps
	$(GO) run ./cmd/dev $(if $(ADDR),-addr $(ADDR))

# The editor's command before a push: the production build in memory, as
# of today (schema, links, links and redirects to articles not yet
# published), then html-validate, the structured data and the feeds on
# what it would publish (tools/validate). No browser, nothing written to
# dist/site. make test adds the browser and unit tests.
check: deps validate-deps
	$(GO) run ./cmd/check$(if $(PUBLISHED), -published $(PUBLISHED))

# What is live, for make check: origin/main when the clone has it (or
# upstream/main, a fork's), which is what CI checks a pull request
# against, so that an address a commit dropped is refused here as there
# (an editor's trial: a rename committed passed every check on the
# machine). Without either, make check says it did not compare with the
# live site, and how to. PUBLISHED=HEAD checks against the
# last commit; PUBLISHED= (empty) only warns of what the last commit had.
PUBLISHED ?= $(firstword $(foreach b,origin/main upstream/main,$(shell git rev-parse --verify --quiet $(b) >/dev/null 2>&1 && echo $(b))))

# Browser tests drive Debian's headless Chromium (chromium-headless-shell),
# Lighthouse its desktop Chromium; nothing downloads a browser.
chromium:
	@command -v chromium >/dev/null 2>&1 && command -v chromium-headless-shell >/dev/null 2>&1 || { \
	  echo "installing Debian's chromium and chromium-headless-shell"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium chromium-headless-shell >/dev/null; }

# The app's TypeScript checked (esbuild bundles it without checking types).
typecheck: deps
	cd frontend && npx --no-install tsc --noEmit -p .

# go test's limit per package, a bound with margin: e2e took over 20 minutes
# at load 15 to 25 on 2 cores (29 November 2026).
TEST_TIMEOUT ?= 40m
# Its parts run side by side, each one's output printed whole when it
# ends. The browser tests (test-e2e, and the web editor's in cmd/dev) are
# the longest part, so they start first and run at the machine's normal
# priority, while the rest runs a little niced (NICE): on 2 cores every
# part competes for the same CPU time, and the browser tests, which wait
# on the browser between steps, then get the CPU when they need it, and
# their measurements of layout shift and long tasks see less of the rest
# of the suite. Not more niced than that: at nice 10, with other suites on
# the machine (load 30 to 45), the rest starved, and a local SES emulator
# did not answer within a minute. A part that fails fails make test, once
# the others have ended.
#
# The four installs (npm ci of the app, the local SES emulator, the
# checkers and the deployment) run side by side, before anything else:
# each waits on the disk and on its own single-threaded work as much as
# on the processor. On a fresh clone, one after the other they took 29
# to 58 s (32 to 56 CPU-s), side by side 21 to 24 s (37 to 42 CPU-s)
# (1 December 2026). A clone after the first on a machine copies them
# (NPM_CI): 4 s and 6 CPU-s, against 16 s and 28 CPU-s for npm ci from
# npm's filled cache (7 December 2026).
#
# go vet runs next, alone: it compiles every package, which the parts
# then take from Go's build cache. Run side by side from the start, the
# parts each compiled the same packages at the same time (a fresh clone
# has none in the cache), the work done up to three times. go vet checks
# every package, its tests included, with all its analyzers, so the
# parts' go test runs leave out the few that go test runs by itself
# (-vet=off) rather than run them twice. Nor do the installs run beside
# go vet: on a fresh clone, the four npm ci and go vet side by side took
# 58 to 61 s and 109 to 114 CPU-s, one after the other 48 to 67 s and 70
# to 95 CPU-s (30 November 2026).
NICE ?= nice -n 5
GOTEST := $(GO) test -count=1 -vet=off -timeout $(TEST_TIMEOUT)
# The tests' Go processes collect garbage at four times the live heap
# (GOGC=400, as cmd/dev sets for itself), unless GOGC is
# set: most Go tests build a site, a burst of short-lived allocation, and
# make test is bound by the processor. The generator's tests took 91 CPU-s
# against 107 at Go's default of 100 (alternating, twice, load 1.7 to
# 2.1), their peak memory 741 MB against 324; go vet and the test binaries'
# compiling and linking on a fresh clone 110 to 119 CPU-s against 119 to
# 136 (30 November 2026). make bench keeps its own GOGC=400, whatever is
# set, so that its figures compare from one run to the next.
TEST_GOGC ?= 400
# The tests' packages are compiled without the folder they sit in
# (-trimpath), so that Go's build cache serves them to every clone and
# worktree of the project on a machine, not to one folder only: the cache
# keys a package compiled with its folder's path by that path. A clean
# clone's go vet and test binaries took 45 CPU-s and 23 s with it, 95 and
# 49 s without (once the cache held the same sources built anywhere; 2
# December 2026). A failure's stack then names files by their module path
# (github.com/vozia/site/...). Nothing else changes: the Lambda packages
# are built with -trimpath already (deploy/).
#
# They are linked without DWARF (-ldflags=-w), which only a debugger reads:
# a failure's stack comes from the symbol table, which stays. A test
# binary with the build, the browser or goja in it links in 1.4 s instead
# of 2.5 (1.8 CPU-s instead of 3.0), and a fresh machine, whose cache holds
# none of them, links some 66 (5 December 2026). A -ldflags of one's own
# in GOFLAGS is kept as it is.
TEST_GOFLAGS := $(strip $(filter-out -trimpath,$(GOFLAGS)) -trimpath $(if $(filter -ldflags%,$(GOFLAGS)),,-ldflags=-w))
TEST_DEPS := deps contact-deps validate-deps deploy-deps
test test-vet test-e2e test-dev test-rest test-go test-fuzz fuzz test-contact test-full test-copy-edits test-roundtrip: export GOGC ?= $(TEST_GOGC)
test test-vet test-e2e test-dev test-rest test-go test-fuzz fuzz test-contact test-full test-copy-edits test-roundtrip: export GOFLAGS := $(TEST_GOFLAGS)
test: chromium
	@$(MAKE) --no-print-directory -j4 --output-sync=target $(TEST_DEPS)
	@$(MAKE) --no-print-directory test-vet
	@$(MAKE) --no-print-directory -j3 --output-sync=target test-e2e test-dev test-rest

.PHONY: test-e2e test-dev test-rest test-go test-vet test-fuzz
test-e2e:
	$(GOTEST) ./e2e/

test-dev:
	$(GOTEST) ./cmd/dev/

test-rest:
	@$(NICE) $(MAKE) --no-print-directory -j4 --output-sync=target test-go test-deploy typecheck

# Every Go package but the browser tests' (test-e2e, test-dev).
test-go:
	$(GOTEST) $$($(GO) list ./... | grep -v -e '/e2e$$' -e '/cmd/dev$$')

test-vet:
	$(GO) vet ./...

test-fuzz:
	@$(MAKE) --no-print-directory fuzz FUZZTIME=2000x

# What make test samples, in full, the browser tests on an editor's edits
# (test-copy-edits) and the fuzzing (test-fuzz); CI runs it after make
# test. make test checks each route at the layout's edges, and, on each
# page that has a part no page checked before it has: the common widths,
# the fade, axe-core, the keyboard walk, the hydration's cost and what
# hydration moves, and the fixture site's pages (e2e/partsSeen); here
# every 16 px from 320 to 1920 px and every page (from 640 px with the
# browser's text at 200 %, TestLargeText).
test-full: deps chromium test-copy-edits test-fuzz
	VOZIA_FULL=1 $(GO) test -count=1 -timeout 30m -run '^(TestEveryWidth|TestLargeText|TestSweepRoutes|TestHydrationHasNoLongTaskOfItsOwn|TestFixtureHydrates|TestHydrationMovesNothing)$$' ./e2e/

# The web editor's round trip: every file it opens, opened, changed by one
# field and saved in the real editor (cmd/dev/roundtrip_test.go); 4 to 6
# minutes on a busy machine, so outside make test. FILES=regexp runs the
# files whose path under content/ matches.
test-roundtrip: deps chromium
	VOZIA_ROUNDTRIP=1 VOZIA_ROUNDTRIP_FILES='$(FILES)' $(GO) test -count=1 -timeout 40m -run '^TestEditorRoundTrip$$' ./cmd/dev

# The browser tests on a copy of content/ with an editor's edits (the home
# page's hero heading, the first FAQ question, a case study's company, a
# menu of the header, the contact form's messages, the cookie banner's
# buttons, one more topic tag in the hero): a test that pins today's copy
# fails here.
test-copy-edits: deps chromium
	e2e/copy-edits.sh

# Fuzzing of every reader of content: front matter, page YAML, Markdown,
# image headers, SVG, audio headers and transcripts; of a problem's
# printing of the line of content it quotes (internal/problem); of the
# sign-in relay's Lambda entry over any Function URL event (path, query,
# method, headers, cookies); and of the contact function's decoder and
# validator over any enquiry's body (make fuzz-contact fuzzes it alone).
# make test runs each target's seeds (its testdata/fuzz findings among
# them) as go test runs any test. make test-full, which CI runs after make
# test, fuzzes each with 2,000 inputs more (test-fuzz): new inputs every
# run, a search rather than a check, and so with the sweeps, where it
# costs make test nothing (it took 27 CPU-s, some 13 s of make test on 2
# cores; 1 December 2026). A count, not a time: a time of a few seconds
# can run out before a loaded machine has started the fuzzing workers, and
# go test then fails with "context deadline exceeded". make fuzz fuzzes
# for FUZZTIME (default 1 min). A failing input is written to the target's
# testdata/fuzz/: commit it with the fix, as a seed.
FUZZTIME ?= 1m
FUZZ_TARGETS := generator/load:FuzzFrontMatter generator/load:FuzzPageYAML \
	generator/markdown:FuzzMarkdown generator/imagefiles:FuzzInspect generator/imagefiles:FuzzCleanSVG \
	functions/oauth:FuzzFunctionURL generator/media:FuzzProbe internal/problem:FuzzPrint \
	functions/contact:FuzzDecodeAndValidate
fuzz:
	@set -eo pipefail; for t in $(FUZZ_TARGETS); do \
	  echo "fuzz $${t#*:} ($(FUZZTIME))"; \
	  $(GO) test -vet=off -run '^$$' -fuzz "^$${t#*:}$$" -fuzztime $(FUZZTIME) ./$${t%%:*} | grep -v '^fuzz: elapsed' || { \
	    $(FUZZ_FOUND); exit 1; }; \
	done

# A failing input is printed whole as well: on a CI runner the file it was
# written to is gone with the job.
FUZZ_FOUND = for f in $$(git ls-files --others --exclude-standard -- '*/testdata/fuzz/*' 2>/dev/null); do \
	  echo "== $$f (commit it with the fix, as a seed)"; cat "$$f"; echo; done

# Benchmarks: cmd/build (prebuilt) against the Node prerender of the same
# app, routes and page JSON (bench/), alternating, on the shipped site and
# on the shipped site plus the 1,000 articles of BenchmarkBuild1000Routes
# (with their index pages, tags, feeds and share images): a build with a
# fresh output and cache (the app's bundles and the editor's modules kept
# with the app, as after its first build on a machine), the same without
# the editor, with nothing cached at all (bench/nothing-cached), and
# unchanged; each with the share of its CPU each stage took (bench/stages,
# from the build's profile); then the image stage against sharp (libvips); then the Go benchmarks (the contact handler
# and the local server under load among them); then make dev's edit loop;
# then what hydration costs a slow phone (bench/hydration): by wall time,
# then by wall time on Lighthouse's slow 4G network (the document arriving
# in pieces, as on a phone), then by thread time, with the app's own
# script tasks told apart and the tasks timed as Lighthouse's simulated
# throttling times them. bench/node is the plain Node prerender it
# compares cmd/build with, bench/sharp the image stage's peer.
#
# The builds under comparison write their output under dist/bench/tmp, on
# the disk where a build writes dist/site, not in the system's temporary
# folder: on one of our machines, each file created in a new folder made
# directly in /tmp took 1.4 ms of kernel time, against 0.03 to 0.1 ms in
# one made elsewhere on the same disk (30 November 2026), which weighed on
# whichever side writes more files (cmd/build writes the page data, the
# share images and the editor beside the pages).
BENCH_OUT = TMPDIR=$(abspath dist/bench/tmp)
bench: deps contact-deps chromium bench/node/node_modules/.installed bench/sharp/node_modules/.installed
	$(GO) run ./bench/host
	rm -rf dist/bench
	mkdir -p dist/bench/tmp
	$(GO) build -o dist/bin/build ./cmd/build
	$(GO) build -o dist/bin/bench-compare ./bench/compare
	$(GO) run ./bench/prepare -out dist/bench/shipped
	$(GO) run ./bench/prepare -articles 1000 -out dist/bench/1000
	dist/bin/build -cache dist/bench/cache-shipped -out dist/bench/primed/site >/dev/null
	dist/bin/build -cache dist/bench/cache-1000 -content dist/bench/1000/content -out dist/bench/primed/site >/dev/null
	$(BENCH_OUT) dist/bin/bench-compare -runs 5 -title "shipped site (targets: cmd/build at most 0.6x the Node wall time; unchanged, from its cache, at most 0.3 s)" \
	  -cmd 'cmd/build=dist/bin/build -cache {out}/cache -out {out}/site' \
	  -cmd 'cmd/build-no-editor=dist/bin/build -no-editor -cache {out}/cache -out {out}/site' \
	  -cmd 'cmd/build-nothing-cached=bench/nothing-cached -cache {out}/cache -out {out}/site' \
	  -cmd 'cmd/build-unchanged=dist/bin/build -cache dist/bench/cache-shipped -out {out}/site' \
	  -cmd 'Node=node bench/node/prerender.mjs frontend dist/bench/shipped/jobs.json {out}'
	$(BENCH_OUT) $(GO) run ./bench/stages -runs 3 -title "shipped site, fresh output and cache" -- dist/bin/build -cache {out}/cache -out {out}/site
	$(BENCH_OUT) $(GO) run ./bench/stages -runs 3 -title "shipped site, without the editor" -- dist/bin/build -no-editor -cache {out}/cache -out {out}/site
	$(BENCH_OUT) $(GO) run ./bench/stages -runs 3 -title "shipped site, unchanged" -- dist/bin/build -cache dist/bench/cache-shipped -out {out}/site
	$(BENCH_OUT) dist/bin/bench-compare -runs 3 -title "shipped site + 1,000 articles (targets: at most 0.7x the Node wall time, 2.0x its peak memory)" \
	  -cmd 'cmd/build=dist/bin/build -cache {out}/cache -content dist/bench/1000/content -out {out}/site' \
	  -cmd 'cmd/build-unchanged=dist/bin/build -cache dist/bench/cache-1000 -content dist/bench/1000/content -out {out}/site' \
	  -cmd 'cmd/build-whole=dist/bin/build -whole -cache {out}/cache -content dist/bench/1000/content -out {out}/site' \
	  -cmd 'Node=node bench/node/prerender.mjs frontend dist/bench/1000/jobs.json {out}'
	$(BENCH_OUT) $(GO) run ./bench/stages -runs 1 -title "shipped site + 1,000 articles, fresh output and cache" -- dist/bin/build -cache {out}/cache -content dist/bench/1000/content -out {out}/site
	$(GO) run ./bench/images
	GOGC=400 $(GO) test -run '^$$' -bench . -benchmem ./generator/... ./internal/devserver/... ./functions/... ./cmd/serve
	@echo "== make dev on the shipped content: file write to rebuilt page (target 150 ms for one page) and to reloaded page in Chromium (target 300 ms)"
	GOGC=400 $(GO) test -run '^$$' -bench BenchmarkEdit -benchtime 5x ./cmd/dev
	$(GO) run ./bench/hydration -runs 5
	$(GO) run ./bench/hydration -slow4g -runs 5
	$(GO) run ./bench/hydration -thread -runs 5

# The worst input of each of the build's budgets (pixels, SVG size and
# depth, file size; YAML aliases, depth, values and size; Markdown size
# and shape; bench/budgets), each refused under /usr/bin/time -v:
# the target is under 5 s and 1 GB of peak memory.
budgets: deps
	$(GO) build -o dist/bin/build ./cmd/build
	$(GO) run ./bench/budgets

# A new article: make article TITLE="Why patients answer a call" writes
# content/articles/<slug>/index.md (a draft, dated today), with COVER=file
# copied beside it, TAGS=a,b and AUTHOR=key, and prints its path and the
# address to open in make dev.
article:
	@$(GO) run ./cmd/newarticle -title "$(TITLE)" $(if $(COVER),-cover "$(COVER)") $(if $(TAGS),-tags "$(TAGS)") $(if $(AUTHOR),-author "$(AUTHOR)") $(if $(ADDR),-addr $(ADDR))

# Refresh the generated files (go generate ./..., generator/codegen/generate):
# the TypeScript types of the content and of the routing manifest
# (deploy/lib/routing-types.ts), the section registry, the web editor's
# configuration, the icon names, the code blocks' style and stylesheet and the kinds
# table and field reference of content/README.md. A test fails, naming the
# file, while any of them is stale.
types:
	$(GO) generate ./...

clean:
	rm -rf dist frontend/out

include functions/contact/contact.mk
include functions/oauth/oauth.mk
include deploy/deploy.mk
include tools/tools.mk
include tools/rehearse/rehearse.mk
include tools/rehearse/workflow/workflow.mk
