module github.com/kinenix/expressions

go 1.24.0

require (
	github.com/cockroachdb/apd/v3 v3.2.3
	github.com/leanovate/gopter v0.2.11
	github.com/stretchr/testify v1.12.1
	go.yaml.in/yaml/v3 v3.0.6
	golang.org/x/text v0.34.0
)
