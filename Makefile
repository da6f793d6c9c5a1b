# The two commands of the README, and the rest of the project's chores.
#   make dev     install what is missing, serve on 127.0.0.1:8080, rebuild on save, live reload
#   make serve   install what is missing, build, serve on 127.0.0.1:8080
#   make test    install what is missing, run every test
#   make deploy  build and deploy one stage to AWS (deploy/deploy.mk)
SHELL := /bin/bash
GO    ?= go
NPM   ?= npm
SUDO  := $(if $(filter 0,$(shell id -u)),,sudo)

.PHONY: dev serve build test bench deps chromium types clean
.DEFAULT_GOAL := build

# npm ci runs when node_modules is missing or older than the lock file.
frontend/node_modules/.installed: frontend/package.json frontend/package-lock.json
	cd frontend && $(NPM) ci --no-audit --no-fund --loglevel=error
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
	$(GO) run ./cmd/serve -watch $(if $(ADDR),-addr $(ADDR))

# Browser tests drive Debian's Chromium; nothing downloads a browser.
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "installing Debian's chromium"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium >/dev/null; }

test: deps chromium contact-deps
	cd frontend && npx --no-install tsc --noEmit -p .
	$(GO) vet ./...
	$(GO) test -count=1 -timeout 20m ./...
	$(MAKE) --no-print-directory test-deploy

# Benchmarks: build of the shipped site, pages per second on a generated
# 1,000-route site, the contact handler and the local server under load.
bench: deps contact-deps
	$(GO) build -o dist/bin/build ./cmd/build
	@echo "== full build of the shipped site, prebuilt binary, 5 runs (target: under 1.5 s)"
	@TIMEFORMAT="wall %Rs"; for i in 1 2 3 4 5; do out=$$(mktemp -d); time dist/bin/build -out $$out/site >/dev/null; rm -rf $$out; done
	@echo "== benchmarks (BenchmarkBuild1000Routes target: at least 100 pages/s)"
	$(GO) test -run '^$$' -bench . -benchmem ./generator/... ./internal/devserver/... ./functions/...

# Refresh the generated files: the TypeScript types of the content, the
# icon names and the field reference of content/README.md.
types:
	$(GO) test ./generator/content -run 'TestTypeScript|TestIcons|TestReference' -update

clean:
	rm -rf dist frontend/out

include functions/contact/contact.mk
include deploy/deploy.mk
