# The contact function's chores; the root Makefile includes this file.
#   make lambda         dist/functions/contact.zip and deliver.zip for Lambda (provided.al2023, arm64)
#   make contact-deps   the local SES API the tests send through (npm)
#   make test-contact   vet and test functions/... alone
#   make bench-contact  the handler's benchmarks
#   make fuzz-contact   explore the decoder and validator (FUZZTIME, default 60s)
GO  ?= go
NPM ?= npm

CONTACT_DIR       := functions/contact
CONTACT_SES_LOCAL := $(CONTACT_DIR)/testdata/ses-local
CONTACT_BUILD     := dist/functions/contact
FUZZTIME          ?= 60s

.PHONY: lambda contact-deps test-contact bench-contact fuzz-contact

# Static, stripped, and without the RPC shim the old go1.x runtime needed:
# the provided.al2023 runtime runs bootstrap directly. Go's build cache makes
# an unchanged rebuild cheap, and the zip is byte-identical for the same binary.
# The contact function (cmd/lambda) and the delivery function (cmd/deliver).
lambda:
	@mkdir -p $(CONTACT_BUILD) dist/functions/deliver
	CGO_ENABLED=0 GOOS=linux GOARCH=arm64 $(GO) build -tags lambda.norpc -trimpath -ldflags='-s -w' \
	  -o $(CONTACT_BUILD)/bootstrap ./$(CONTACT_DIR)/cmd/lambda
	$(GO) run ./$(CONTACT_DIR)/cmd/lambdazip -o dist/functions/contact.zip $(CONTACT_BUILD)/bootstrap
	CGO_ENABLED=0 GOOS=linux GOARCH=arm64 $(GO) build -tags lambda.norpc -trimpath -ldflags='-s -w' \
	  -o dist/functions/deliver/bootstrap ./$(CONTACT_DIR)/cmd/deliver
	$(GO) run ./$(CONTACT_DIR)/cmd/lambdazip -o dist/functions/deliver.zip dist/functions/deliver/bootstrap
	@ls -l dist/functions/contact.zip dist/functions/deliver.zip

# The install: the root Makefile's %/node_modules/.installed.
contact-deps: $(CONTACT_SES_LOCAL)/node_modules/.installed

test-contact: contact-deps
	$(GO) vet ./functions/...
	$(GO) test -count=1 ./functions/...

bench-contact: contact-deps
	$(GO) test -run '^$$' -bench . -benchmem ./$(CONTACT_DIR)/...

# make fuzz's loop (the root Makefile) on this target alone, so that a
# failing input is printed as there.
fuzz-contact:
	@$(MAKE) --no-print-directory fuzz FUZZ_TARGETS=$(CONTACT_DIR):FuzzDecodeAndValidate
