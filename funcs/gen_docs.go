package funcs

// docs/functions.md is rendered from the table by Markdown. Regenerate it
// after changing the table; TestDocsUpToDate fails while it is stale.
//go:generate go run ./internal/mkdocs -o ../docs/functions.md
