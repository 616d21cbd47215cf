// Package e2e holds the end-to-end tests that drive the kinenix binary with
// real clients: the playground page of `kinenix play` in headless Chromium
// through chromedp. It is its own module, so that chromedp and the Chrome
// protocol packages never enter the library's go.mod, and `go test ./...`
// of the library needs no browser. Run it with `make e2e`; a test whose
// client is not installed skips with a message that says so.
package e2e
