# The web editor's sign-in relay; the root Makefile includes this file.
#   make lambda-oauth   dist/functions/oauth.zip for Lambda (provided.al2023, arm64)
OAUTH_BUILD := dist/functions/oauth

.PHONY: lambda-oauth

lambda-oauth:
	@mkdir -p $(OAUTH_BUILD)
	CGO_ENABLED=0 GOOS=linux GOARCH=arm64 $(GO) build -tags lambda.norpc -trimpath -ldflags='-s -w' \
	  -o $(OAUTH_BUILD)/bootstrap ./functions/oauth/cmd/lambda
	$(GO) run ./functions/contact/cmd/lambdazip -o dist/functions/oauth.zip $(OAUTH_BUILD)/bootstrap
	@ls -l dist/functions/oauth.zip
