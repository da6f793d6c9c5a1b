// The emulators of the AWS APIs that the stack's rehearsal stands the
// template up on (tools/rehearse/stack), built from their Go source:
// `go -C tools/rehearse/emulators build -o DIR <tool>` (make rehearse-deps).
// A module of their own keeps their dependencies out of the site's, and
// `go ... ./...` of the site out of node_modules/ (dynalite, from npm).
module github.com/vozia/site/tools/rehearse/emulators

go 1.26.6

tool (
	github.com/Admiral-Piett/goaws/app/cmd
	github.com/aws/aws-lambda-runtime-interface-emulator/cmd/aws-lambda-rie
	github.com/johannesboyne/gofakes3/cmd/gofakes3
)

require (
	github.com/Admiral-Piett/goaws v0.5.4 // indirect
	github.com/aws/aws-lambda-runtime-interface-emulator v0.0.0-20261030222936-bef5c4ba774d // indirect
	github.com/davecgh/go-spew v1.1.1 // indirect
	github.com/ghodss/yaml v1.0.0 // indirect
	github.com/go-chi/chi v1.5.5 // indirect
	github.com/go-chi/chi/v5 v5.4.0 // indirect
	github.com/google/uuid v1.6.0 // indirect
	github.com/gorilla/mux v1.8.0 // indirect
	github.com/gorilla/schema v1.4.1 // indirect
	github.com/jessevdk/go-flags v1.5.0 // indirect
	github.com/johannesboyne/gofakes3 v1.2.0 // indirect
	github.com/kr/text v0.2.0 // indirect
	github.com/mitchellh/copystructure v1.2.0 // indirect
	github.com/mitchellh/reflectwalk v1.0.2 // indirect
	github.com/orcaman/concurrent-map v1.0.0 // indirect
	github.com/pmezard/go-difflib v1.0.0 // indirect
	github.com/ryszard/goskiplist v0.0.0-20150312221310-2dfbae5fcf46 // indirect
	github.com/santhosh-tekuri/jsonschema/v5 v5.3.1 // indirect
	github.com/sirupsen/logrus v1.9.3 // indirect
	github.com/spf13/afero v1.2.1 // indirect
	github.com/stretchr/objx v0.5.2 // indirect
	github.com/stretchr/testify v1.9.0 // indirect
	go.etcd.io/bbolt v1.3.5 // indirect
	go.shabbyrobe.org/gocovmerge v0.0.0-20230507111327-fa4f82cfbf4d // indirect
	golang.org/x/sys v0.14.0 // indirect
	golang.org/x/text v0.13.0 // indirect
	golang.org/x/tools v0.8.0 // indirect
	gopkg.in/mgo.v2 v2.0.0-20180705113604-9856a29383ce // indirect
	gopkg.in/yaml.v2 v2.4.0 // indirect
	gopkg.in/yaml.v3 v3.0.1 // indirect
)
