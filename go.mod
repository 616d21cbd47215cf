module github.com/kinenix/expressions

go 1.24.0

require (
	github.com/cockroachdb/apd/v3 v3.2.3
	github.com/leanovate/gopter v0.2.11
	github.com/stretchr/testify v1.12.1
	github.com/tliron/glsp v0.2.2
	github.com/xuri/excelize/v2 v2.10.1
	go.yaml.in/yaml/v3 v3.0.6
	golang.org/x/text v0.34.0
)

require (
	github.com/richardlehane/mscfb v1.0.6 // indirect
	github.com/richardlehane/msoleps v1.0.6 // indirect
	github.com/tiendc/go-deepcopy v1.7.2 // indirect
	github.com/xuri/efp v0.0.1 // indirect
	github.com/xuri/nfp v0.0.2-0.20250530014748-2ddeb826f9a9 // indirect
	golang.org/x/crypto v0.48.0 // indirect
	golang.org/x/net v0.50.0 // indirect
)
