# Deployment chores; the root Makefile includes this file.
#   make deploy        build, package the Lambdas, deploy one stage (DEPLOY_ENV), print its URL
#   make deploy-build  build and package only, for DEPLOY_ENV, with no credentials needed (CI's build job)
#   make deploy-synth  synthesize the stack from what deploy-build made into dist/deploy/cdk.out, building nothing
#   make deploy-upload deploy that assembly (CI's deploy jobs run the two as separate steps)
#   make deploy-plan   build, package, and show what a deployment would change (cdk diff)
#   make deploy-deps   npm ci in deploy/ (only when node_modules is missing or older than the lock)
#   make redrive       ENV=staging|production: send the dead letters back to the delivery queue (docs/deploying.md: Alarms);
#                      with REDRIVE_FROM and REDRIVE_TO (queue URLs), by the SQS API alone (an emulator)
#   make test-deploy   the stacks synthesized (both stages and the pull request previews): assertions, cdk-nag's
#                      AwsSolutions checks, cfn-lint; the workflows' pins, permissions and lint
#   make cfn-lint      install cfn-lint (pip) when missing
# DEPLOY_ENV is staging, production or preview (deploy/environments.json; preview is
# the pull request previews' stack, deployed once and then fed by .github/workflows/preview.yml). The mail
# settings of the contact function come from CONTACT_SES_FROM, CONTACT_SES_TO,
# CONTACT_SES_IDENTITY (and optionally CONTACT_SES_REGION, CONTACT_RATE_PER_MINUTE,
# CONTACT_RATE_BURST); unset ones keep the values of the previous deployment.
# CERTIFICATE_ARN (ACM, us-east-1) serves the site on its base URL's host;
# production requires it (environments.json: requireCertificate).
GO  ?= go
NPM ?= npm

DEPLOY_ENV      ?= staging
DEPLOY_APPROVAL ?= broadening
DEPLOY_OUT      := dist/deploy
DEPLOY_STACK     = VoziaSite-$(DEPLOY_ENV)
DEPLOY_BASE_URL  = $(shell node -p "(require('./deploy/environments.json')['$(DEPLOY_ENV)'] || {}).baseUrl || ''")
CDK              = cd deploy && npx --no-install cdk --no-notices
DEPLOY_CONTEXT   = -c env=$(DEPLOY_ENV) -c previousDigests=../$(DEPLOY_OUT)/previous-digests.json \
                   $(if $(CERTIFICATE_ARN),-c certificateArn=$(CERTIFICATE_ARN))
# The previews' stack takes no parameters.
DEPLOY_PARAMS    = $(if $(filter preview,$(DEPLOY_ENV)),,$(DEPLOY_SITE_PARAMS))
DEPLOY_SITE_PARAMS = $(foreach p,SES_FROM:ContactSesFrom SES_TO:ContactSesTo SES_IDENTITY:ContactSesIdentity \
                     SES_REGION:ContactSesRegion RATE_PER_MINUTE:ContactRatePerMinute RATE_BURST:ContactRateBurst,\
                     $(if $(CONTACT_$(word 1,$(subst :, ,$(p)))),--parameters '$(DEPLOY_STACK):$(word 2,$(subst :, ,$(p)))=$(CONTACT_$(word 1,$(subst :, ,$(p))))'))
# The web editor's sign-in relay (deploy/lib/editor.ts).
DEPLOY_SITE_PARAMS += $(if $(OAUTH_CLIENT_ID),--parameters '$(DEPLOY_STACK):OAuthClientId=$(OAUTH_CLIENT_ID)') \
                      $(if $(OAUTH_SECRET_NAME),--parameters '$(DEPLOY_STACK):OAuthAppStoredAs=$(OAUTH_SECRET_NAME)') \
                      $(if $(OAUTH_SCOPE),--parameters '$(DEPLOY_STACK):OAuthScope=$(OAUTH_SCOPE)')
# The GitHub deploy role's OIDC provider (deploy/lib/deploy-role.ts): empty, the
# stack creates the account's provider; the first stack of an account only.
DEPLOY_SITE_PARAMS += $(if $(GITHUB_OIDC_PROVIDER_ARN),--parameters '$(DEPLOY_STACK):GitHubOidcProviderArn=$(GITHUB_OIDC_PROVIDER_ARN)')

.PHONY: deploy deploy-plan deploy-deps deploy-inputs deploy-build deploy-digests deploy-synth deploy-upload test-deploy aws-credentials cfn-lint redrive redrive-stage

deploy-deps: deploy/node_modules/.installed

# The default credential chain's sources; cdk reports credentials that exist
# but do not work.
aws-credentials:
	@if [ -z "$$AWS_ACCESS_KEY_ID$$AWS_PROFILE$$AWS_WEB_IDENTITY_TOKEN_FILE$$AWS_CONTAINER_CREDENTIALS_FULL_URI$$AWS_CONTAINER_CREDENTIALS_RELATIVE_URI" ] \
	   && [ ! -f "$${AWS_SHARED_CREDENTIALS_FILE:-$$HOME/.aws/credentials}" ] && [ ! -f "$${AWS_CONFIG_FILE:-$$HOME/.aws/config}" ]; then \
	  echo "No AWS credentials: set AWS_PROFILE (aws configure sso / aws sso login) or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, and AWS_REGION. Nothing was built or deployed." >&2; \
	  exit 1; \
	fi
	@if [ -z "$(DEPLOY_BASE_URL)" ]; then echo "DEPLOY_ENV=$(DEPLOY_ENV): not in deploy/environments.json (staging or production)" >&2; exit 1; fi

# The site built for the stage's URL and the Lambda packages. Needs no
# credentials, and CI runs it in a job that has none (the build runs
# content, and content is untrusted): the deployment job only uploads.
deploy-build: deps
	@if [ -z "$(DEPLOY_BASE_URL)" ]; then echo "DEPLOY_ENV=$(DEPLOY_ENV): not in deploy/environments.json" >&2; exit 1; fi
	$(GO) run ./cmd/build -base-url $(DEPLOY_BASE_URL)$(if $(filter-out 0000000000000000000000000000000000000000,$(PUBLISHED)), -published $(PUBLISHED))
	$(MAKE) --no-print-directory lambda lambda-oauth

# The digests the live site published at its last deployment (none:
# invalidate all). DEPLOY_DIGESTS=none reads none (a rehearsal, where no
# site is live).
deploy-digests:
	@mkdir -p $(DEPLOY_OUT)
ifeq ($(DEPLOY_DIGESTS),none)
	@rm -f $(DEPLOY_OUT)/previous-digests.json
	@echo "DEPLOY_DIGESTS=none: the live site's digests are not read; every path will be invalidated"
else
	@node -e "fetch(process.argv[1], {signal: AbortSignal.timeout(10000)}).then(r => r.ok ? r.text() : Promise.reject(r.status)).then(t => require('fs').writeFileSync(process.argv[2], t)).catch(e => { require('fs').rmSync(process.argv[2], {force: true}); console.log('no previous digests at ' + process.argv[1] + ' (' + e + '): expected for a first deployment; every path will be invalidated'); })" \
	  "$(DEPLOY_BASE_URL)/_deploy/digests.json" "$(DEPLOY_OUT)/previous-digests.json"
endif

deploy-inputs: aws-credentials deploy-build deploy-deps deploy-digests

deploy: aws-credentials deploy-build deploy-synth deploy-upload

# Synthesizes the stage's stack from what deploy-build made (in CI, the
# build job's artifact) into dist/deploy/cdk.out: no Go, no build, only the
# CDK app. deploy-upload deploys that assembly as it is, so what CI's
# synth step wrote is what reaches CloudFormation, and a rehearsal can run
# the synth as written and stand the same assembly up locally.
# DEPLOY_INPUTS: the files the synth reads (deploy/bin/site.ts refuses to
# synthesize without any of them), which CI's build job must hand on in its
# artifact: tools/rehearse/workflow checks that it does.
DEPLOY_ASSEMBLY := $(DEPLOY_OUT)/cdk.out
DEPLOY_INPUTS   := dist/site/index.html dist/cdn/routes.json dist/cdn/viewer-request.js \
                   dist/functions/contact.zip dist/functions/deliver.zip dist/functions/oauth.zip
deploy-synth: aws-credentials deploy-deps deploy-digests
	@for f in $(DEPLOY_INPUTS); do \
	  [ -f "$$f" ] || { echo "$$f is missing: run make deploy-build DEPLOY_ENV=$(DEPLOY_ENV) first (CI: the build job's artifact)" >&2; exit 1; }; done
	rm -rf $(DEPLOY_ASSEMBLY)
	$(CDK) synth $(DEPLOY_STACK) $(DEPLOY_CONTEXT) --quiet --output ../$(DEPLOY_ASSEMBLY)

# Deploys the assembly deploy-synth wrote (CI runs the two as its deploy
# jobs' last steps); the stack's parameters are given here.
deploy-upload: aws-credentials deploy-deps
	@[ -f $(DEPLOY_ASSEMBLY)/$(DEPLOY_STACK).template.json ] || { echo "$(DEPLOY_ASSEMBLY) holds no $(DEPLOY_STACK): run make deploy-synth DEPLOY_ENV=$(DEPLOY_ENV) first" >&2; exit 1; }
	$(CDK) deploy --app ../$(DEPLOY_ASSEMBLY) $(DEPLOY_STACK) $(DEPLOY_PARAMS) --require-approval $(DEPLOY_APPROVAL) --outputs-file ../$(DEPLOY_OUT)/outputs.json
	@node -p "require('./$(DEPLOY_OUT)/outputs.json')['$(DEPLOY_STACK)'].SiteUrl" > $(DEPLOY_OUT)/site-url
	@echo "$(DEPLOY_ENV) is live at $$(cat $(DEPLOY_OUT)/site-url)"

deploy-plan: deploy-inputs
	$(CDK) diff $(DEPLOY_STACK) $(DEPLOY_CONTEXT)

# The CloudFormation linter test-deploy runs on the synthesized templates.
CFN_LINT_VERSION ?= 1.51.0
cfn-lint:
	@command -v cfn-lint >/dev/null 2>&1 || { \
	  echo "installing cfn-lint $(CFN_LINT_VERSION)"; \
	  command -v pip3 >/dev/null 2>&1 || { $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq python3-pip >/dev/null; }; \
	  pip3 install --quiet --break-system-packages cfn-lint==$(CFN_LINT_VERSION); }

test-deploy: deploy-deps cfn-lint
	cd deploy && npx --no-install tsc --noEmit -p .
	cd deploy && node --import tsx --test test/*.test.ts
	cd deploy && $(GO) tool actionlint ../.github/workflows/*.yml

# make redrive ENV=staging|production: SQS's own redrive of the stage's
# dead-letter queue back to the delivery queue, after the cause of the
# DeadLetters alarm is fixed (docs/deploying.md: Alarms). The ledger keeps an enquiry
# that was in fact delivered from going out twice. Needs the AWS CLI. The
# stage is checked first (a typo must not reach AWS), and an AWS CLI that
# fails is reported as that, not as a stack without a dead-letter queue.
# The values reach the commands through the environment, never pasted
# into their text: ENV="x'; rm -rf ~" is a stage name that is refused.
REDRIVE_ENV = $(or $(ENV),$(DEPLOY_ENV))
redrive-stage redrive: export REDRIVE_STAGE = $(REDRIVE_ENV)
redrive: export REDRIVE_FROM_URL = $(REDRIVE_FROM)
redrive: export REDRIVE_TO_URL = $(REDRIVE_TO)
redrive-stage:
	@node -e "const s = process.env.REDRIVE_STAGE, e = require('./deploy/environments.json'), ok = Object.keys(e).filter((k) => k !== 'preview'); \
	  if (!ok.includes(s)) { console.error('ENV=' + JSON.stringify(s) + ': no such stage with a dead-letter queue; use ENV=' + ok.join(' or ENV=') + ' (deploy/environments.json)'); process.exit(1); }"

# REDRIVE_FROM=URL REDRIVE_TO=URL moves the dead letters by the SQS API
# alone (functions/contact/cmd/redrive), for an SQS without SQS's own move
# task: the stack's rehearsal redrives its emulated queue this way.
redrive: redrive-stage aws-credentials
ifneq ($(REDRIVE_FROM),)
	@$(GO) run ./functions/contact/cmd/redrive -from "$$REDRIVE_FROM_URL" -to "$$REDRIVE_TO_URL"
else
	@command -v aws >/dev/null 2>&1 || { echo "make redrive needs the AWS CLI (aws); nothing was moved" >&2; exit 1; }
	@arn=$$(aws cloudformation describe-stacks --stack-name "VoziaSite-$$REDRIVE_STAGE" \
	    --query "Stacks[0].Outputs[?OutputKey=='DeadLetterQueueArn'].OutputValue" --output text) \
	  || { echo "could not read the outputs of VoziaSite-$$REDRIVE_STAGE (the AWS CLI's error is above: credentials, AWS_REGION, or a stack not deployed); nothing was moved" >&2; exit 1; }; \
	  [ -n "$$arn" ] && [ "$$arn" != None ] || { echo "VoziaSite-$$REDRIVE_STAGE has no DeadLetterQueueArn output: deploy it first" >&2; exit 1; }; \
	  echo "moving the dead letters of $$arn back to the delivery queue"; \
	  aws sqs start-message-move-task --source-arn "$$arn"
endif
