# The release path rehearsed on this machine; the root Makefile includes this file.
#   make rehearse        every rehearsal: make rehearse-stack, then make rehearse-workflows (tools/rehearse/workflow/workflow.mk)
#   make rehearse-stack  build and package as CI's build job does (make deploy-build, staging), synthesize the
#                        stack (cdk synth), stand the template up on emulators of the AWS APIs and send one
#                        enquiry the whole way in Chromium (tools/rehearse/stack; docs/deploying.md, "The rehearsal")
#   make rehearse-deps   the emulators: goaws (SQS), the Lambda runtime interface emulator and gofakes3 (S3) built
#                        from their Go source (tools/rehearse/emulators/go.mod), dynalite (DynamoDB, npm), and
#                        aws-ses-v2-local (make contact-deps); Debian's awscli
GO  ?= go
NPM ?= npm

REHEARSE_DIR   := tools/rehearse/emulators
REHEARSE_BIN   := dist/rehearse/bin
REHEARSE_OUT   := dist/rehearse/cdk.out
REHEARSE_STACK := VoziaSite-staging

.PHONY: rehearse rehearse-stack rehearse-deps rehearse-synth

# Go's build cache makes an unchanged rebuild cheap.
$(REHEARSE_BIN)/%: $(REHEARSE_DIR)/go.mod $(REHEARSE_DIR)/go.sum
	@mkdir -p $(REHEARSE_BIN)
	$(GO) -C $(REHEARSE_DIR) build -o $(abspath $@) $(REHEARSE_TOOL_$*)
REHEARSE_TOOL_goaws          := github.com/Admiral-Piett/goaws/app/cmd
REHEARSE_TOOL_aws-lambda-rie := github.com/aws/aws-lambda-runtime-interface-emulator/cmd/aws-lambda-rie
REHEARSE_TOOL_gofakes3       := github.com/johannesboyne/gofakes3/cmd/gofakes3

# Python 3 for its mimetypes table, which the upload handler guesses
# content types with (tools/rehearse/stack/upload.go); the AWS CLI, which
# the preview workflows' scripts call, against the S3 emulator.
rehearse-deps: $(REHEARSE_BIN)/goaws $(REHEARSE_BIN)/aws-lambda-rie $(REHEARSE_BIN)/gofakes3 \
	$(REHEARSE_DIR)/node_modules/.installed contact-deps chromium deploy-deps
	@command -v python3 >/dev/null 2>&1 || { \
	  echo "installing Debian's python3"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq python3 >/dev/null; }
	@[ -x /usr/bin/aws ] || { \
	  echo "installing Debian's awscli"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq awscli >/dev/null; }

# The cloud assembly of the staging stack, from what CI's build job makes.
rehearse-synth: deploy-deps
	$(MAKE) --no-print-directory deploy-build DEPLOY_ENV=staging
	rm -rf $(REHEARSE_OUT)
	cd deploy && npx --no-install cdk --no-notices synth $(REHEARSE_STACK) -c env=staging -o ../$(REHEARSE_OUT) -q

rehearse-stack: rehearse-deps rehearse-synth
	REHEARSE_CDK_OUT=$(abspath $(REHEARSE_OUT)) $(GO) test -count=1 -timeout 15m -v ./tools/rehearse/stack

rehearse: rehearse-stack
