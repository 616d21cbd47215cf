# kinenix expressions: build, test and check.
# The generators and linters are pinned in tools.mod and run with
# `go tool -modfile=tools.mod`, so the library's go.mod stays free of them.

GO        ?= go
TOOL      := $(GO) tool -modfile=tools.mod
FUZZTIME  ?= 60s
# Go minimizes each new interesting input for up to 60s by default, time in
# which no input is fuzzed (0 execs/sec); 5s keeps the budget for fuzzing
# and still shrinks a crasher (the targets bound their inputs' size too).
FUZZMINTIME ?= 5s
PROPTEST_FACTOR ?= 1
# The race detector needs cgo and a C compiler; without them `make test`
# runs the tests without -race (and says so).
RACE := $(shell [ "$$($(GO) env CGO_ENABLED)" = 1 ] && set -- $$($(GO) env CC) && command -v "$$1" >/dev/null 2>&1 && echo -race)

.PHONY: all generate check-generated lint test install site e2e fuzz bench bench-sheet proptest-long example dist dist-check vscode vscode-test

all: check-generated lint test

## generate: regenerate the parsers from grammar/*.peg, docs/functions.md
## and eval's closures by shape
generate:
	$(GO) generate ./...

# GENERATED are what go generate writes: the parsers, the docs and eval's
# closures by shape.
GENERATED := gen docs eval/shapes.go

## check-generated: fail when generated files differ from what is committed
check-generated: generate
	@git diff --exit-code -- $(GENERATED) || { echo "generated files are stale: run 'make generate' and commit"; exit 1; }
	@test -z "$$(git status --porcelain -- $(GENERATED))" || { git status --porcelain -- $(GENERATED); echo "untracked generated files"; exit 1; }

## lint: gofmt, go vet (the playground's WebAssembly too), staticcheck
lint:
	@out=$$(gofmt -l $$(git ls-files '*.go')); test -z "$$out" || { echo "gofmt would change:"; echo "$$out"; exit 1; }
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./cmd/kinenix/internal/play/...
	$(TOOL) staticcheck ./...

## test: all tests, with the race detector when cgo and a C compiler are
## there. The property tests run with -v so their case counts show; their
## full log is printed only on failure.
test:
	@if [ -z "$(RACE)" ]; then echo "make test: no C compiler for cgo (or CGO_ENABLED=0), so the tests run without -race"; fi
	@command -v nvim >/dev/null || echo "WARNING: nvim not found: TestNeovim (kinenix lsp in a real editor) is SKIPPED; install Debian's neovim"
	$(GO) test $(RACE) -count=1 $$($(GO) list ./... | grep -v /proptest)
	@$(GO) test $(RACE) -count=1 -v ./proptest/ > .proptest.log 2>&1; rc=$$?; \
	grep -E '^(proptest:|ok |FAIL)' .proptest.log; \
	if [ $$rc -ne 0 ]; then cat .proptest.log; fi; rm -f .proptest.log; exit $$rc

## install: build kinenix and put it in $(go env GOBIN), or $(go env GOPATH)/bin
install:
	$(GO) install ./cmd/kinenix

## site: the playground as a static site in site/dist/ (no server): the
## page's files, the library compiled to WebAssembly (kinenix.wasm) and
## Go's own wasm_exec.js, copied from the Go that builds it. Serve the
## folder from any static host, e.g. cd site/dist && python3 -m http.server
SITE := site/dist
site:
	rm -rf $(SITE) && mkdir -p $(SITE)
	cp cmd/kinenix/internal/play/assets/* $(SITE)/
	@root=$$($(GO) env GOROOT); for f in "$$root/lib/wasm/wasm_exec.js" "$$root/misc/wasm/wasm_exec.js"; do \
		if [ -f "$$f" ]; then cp "$$f" $(SITE)/wasm_exec.js; exit 0; fi; done; \
		echo "wasm_exec.js not found under $$root/lib/wasm or $$root/misc/wasm"; exit 1
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags='-s -w' -o $(SITE)/kinenix.wasm ./cmd/kinenix/internal/play/wasm
	@echo "site: $(SITE)/ ($$(wc -c < $(SITE)/kinenix.wasm) bytes of WebAssembly, $$(gzip -9 -c $(SITE)/kinenix.wasm | wc -c) gzipped)"

## e2e: the tests with real clients, verbose; each skips with a message when
## its client is not installed: kinenix lsp in Neovim (E2E_TESTS: a -run
## pattern over ./cmd/...), and in e2e/ (its own module) kinenix play in
## headless Chromium, and the static site of `make site` (built first),
## with screenshots in $KINENIX_ARTIFACTS or e2e/artifacts
E2E_TESTS ?= ^TestNeovim$$
e2e: site
	@command -v nvim >/dev/null || echo "WARNING: nvim not found: TestNeovim (kinenix lsp in a real editor) is SKIPPED; install Debian's neovim"
	$(GO) test -count=1 -v -run '$(E2E_TESTS)' ./cmd/...
	cd e2e && $(GO) vet ./... && $(GO) test -count=1 -v ./...

## fuzz: run every fuzz target (each func FuzzX of a _test.go outside
## bench/ and e2e/, found in the sources) for FUZZTIME
fuzz:
	@set -e; for f in $$(grep -rl --include='*_test.go' '^func Fuzz' . | grep -v '^./bench/\|^./e2e/' | sort); do \
	  for t in $$(sed -n 's/^func \(Fuzz[A-Za-z0-9_]*\)(.*/\1/p' $$f); do \
	    echo "fuzz: $$t in ./$$(dirname $${f#./})"; \
	    $(GO) test -run='^$$' -fuzz="^$$t\$$" -fuzztime=$(FUZZTIME) -fuzzminimizetime=$(FUZZMINTIME) ./$$(dirname $${f#./}); \
	  done; \
	done

## proptest-long: the property tests with 100 times more cases, and the
## properties that preview and validate -data agree, and that the editor
## and the playground agree with them (cmd/kinenix), with 200 times more
## (2,400 and 20,000 cases)
proptest-long:
	PROPTEST_FACTOR=100 $(GO) test -count=1 -timeout=2h ./proptest/
	PROPTEST_FACTOR=200 $(GO) test -count=1 -timeout=2h -run '^(TestPropValidateAgreesWithPreview|TestPropToolsAgreeWithValidate)$$' ./cmd/kinenix/

## bench: the side-by-side benchmark against expr-lang and CEL, then the
## targets of a flow over a whole sheet (bench-sheet)
bench:
	cd bench && $(GO) run ./cmd/benchtable
	$(MAKE) bench-sheet

## bench-sheet: kinenix preview and validate over sheets of 10,000 to
## 1,000,000 rows and the heavy flow, with the ratios of issue #20
bench-sheet:
	cd bench && $(GO) run ./cmd/sheetbench

## example: render the bundled example
example:
	$(GO) run ./cmd/kinenix render -data examples/premium-report.json '$${len(packages)} packages for $${join(ok_ids, '"', '"')}'

## dist: the release archives of kinenix for linux, darwin and windows on
## amd64 and arm64 (.tar.gz, .zip for windows; each with the binary,
## LICENSE and README.md) and SHA256SUMS, in dist/; VERSION is stamped in
## (default: git describe, or v0.0.0-dev without tags)
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null | grep '^v' || echo v0.0.0-dev)
dist:
	$(GO) run ./tools/dist -version '$(VERSION)' -out dist

## dist-check: make dist, then the linux/amd64 binary's version, checked
## against SHA256SUMS (on linux/amd64 only; elsewhere it says so), and in
## a git clone the revision it records (go records none in a git worktree,
## whose .git is a file)
dist-check: dist
	cd dist && sha256sum -c SHA256SUMS
	@if [ "$$($(GO) env GOHOSTOS)/$$($(GO) env GOHOSTARCH)" = linux/amd64 ]; then \
		rm -rf dist/.check && mkdir dist/.check && tar -xzf dist/kinenix_$(VERSION)_linux_amd64.tar.gz -C dist/.check && \
		out=$$(dist/.check/kinenix_$(VERSION)_linux_amd64/kinenix version) && echo "$$out" && rm -rf dist/.check && \
		case "$$out" in "kinenix $(VERSION) "*) ;; *) echo "dist-check: expected 'kinenix $(VERSION) ...'"; exit 1;; esac; \
		if [ -d .git ] && rev=$$(git rev-parse HEAD 2>/dev/null); then case "$$out" in *"(revision $$rev, "*) ;; \
			*) echo "dist-check: expected the revision $$rev in the version"; exit 1;; esac; fi; \
	else echo "dist-check: not on linux/amd64: the binary's version is not run"; fi

## vscode: the VS Code extension, editors/vscode/kinenix.vsix (npm ci from
## the committed package-lock.json, tsc, @vscode/vsce)
VSCODE := editors/vscode
vscode: $(VSCODE)/node_modules/.package-lock.json
	cd $(VSCODE) && npm run --silent compile
	cp LICENSE $(VSCODE)/LICENSE
	cd $(VSCODE) && npm run --silent package

## vscode-test: the extension's tests without VS Code: the grammar
## (vscode-tmgrammar-test on editors/vscode/test/*.test.md) and the
## language client's server options against a freshly built kinenix lsp
vscode-test: $(VSCODE)/node_modules/.package-lock.json
	$(GO) build -o $(VSCODE)/out/bin/kinenix ./cmd/kinenix
	cd $(VSCODE) && npm run --silent compile && npm run --silent test:grammar && KINENIX_BIN=out/bin/kinenix npm run --silent test:server

$(VSCODE)/node_modules/.package-lock.json: $(VSCODE)/package-lock.json $(VSCODE)/package.json
	cd $(VSCODE) && npm ci --ignore-scripts --no-audit --no-fund
