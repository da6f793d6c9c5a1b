// Not Go: this file only keeps `go ... ./...` out of deploy/node_modules,
// where the aws-cdk package ships Go project templates.
module github.com/vozia/site/deploy

go 1.26
