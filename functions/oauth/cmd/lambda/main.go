// Command lambda is the sign-in relay of the web editor as an AWS Lambda
// behind CloudFront at /oauth/* (deploy/lib/oauth.ts). Its settings come
// from the environment: OAUTH_ORIGIN (the site's origin), OAUTH_CLIENT_ID
// (the GitHub OAuth app), OAUTH_SECRET_ID (the name of the Secrets Manager secret
// holding the app's client secret, read at run time, never in the
// template), OAUTH_SCOPE (repo for a private repository, public_repo for a
// public one: see oauth.Config.Scope).
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"

	"github.com/aws/aws-lambda-go/lambda"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager"

	"github.com/vozia/site/functions/oauth"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stderr, nil))
	cfg, err := config.LoadDefaultConfig(context.Background())
	if err != nil {
		log.Error("aws config", "err", err)
		os.Exit(1)
	}
	sm := secretsmanager.NewFromConfig(cfg)
	id := os.Getenv("OAUTH_SECRET_ID")
	h, err := oauth.New(oauth.Config{
		Origin:   os.Getenv("OAUTH_ORIGIN"),
		ClientID: os.Getenv("OAUTH_CLIENT_ID"),
		Scope:    os.Getenv("OAUTH_SCOPE"),
		Secret: oauth.CachedSecret(func(ctx context.Context) (string, error) {
			out, err := sm.GetSecretValue(ctx, &secretsmanager.GetSecretValueInput{SecretId: aws.String(id)})
			if err != nil {
				return "", err
			}
			if out.SecretString == nil || *out.SecretString == "" {
				return "", fmt.Errorf("secret %s is empty", id)
			}
			return *out.SecretString, nil
		}),
		Log: log,
	})
	if err != nil {
		log.Error("oauth", "err", err)
		os.Exit(1)
	}
	lambda.Start(oauth.FunctionURL(h, log))
}
