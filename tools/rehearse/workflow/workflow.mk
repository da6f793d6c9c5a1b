# The workflows rehearsed on this machine; the root Makefile includes this file.
#   make rehearse-workflows  (part of make rehearse) the workflows run as GitHub chains them
#                            (tools/rehearse/workflow): site.yml on a push to main (both stages' builds,
#                            each deploy job up to its synth, the assembly stood up locally in
#                            CloudFormation's place), preview.yml then preview-publish.yml, opened then closed. make test runs the
#                            static checks of the data flow; .ci/run runs make rehearse next to it.
# REHEARSE_STACK_CMD stands each synthesized assembly up ({cdk-out}, {stack} replaced): by default the
# stand-up of tools/rehearse/stack when it is there (-check: stand up, report, exit); empty, the assembly
# is only checked (its stack, its template, its assets). docs/deploying.md: "The rehearsal: the workflows".
REHEARSE_STANDUP   := $(wildcard tools/rehearse/stack/main.go)
REHEARSE_STACK_CMD ?= $(if $(REHEARSE_STANDUP),go run ./tools/rehearse/stack -check -cdk-out {cdk-out} -stack {stack})

.PHONY: rehearse rehearse-workflows jq

rehearse: rehearse-workflows

# The workflows' scripts use jq, as GitHub's runners have it.
jq:
	@command -v jq >/dev/null 2>&1 || { \
	  echo "installing Debian's jq"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq jq >/dev/null; }

rehearse-workflows: deps deploy-deps jq $(if $(REHEARSE_STANDUP),rehearse-deps)
	REHEARSE=all REHEARSE_STACK_CMD='$(REHEARSE_STACK_CMD)' $(GO) test -count=1 -timeout 40m -v -run 'Test' ./tools/rehearse/workflow/...
