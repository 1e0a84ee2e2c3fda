# Diorama's two everyday commands are `make demo` and `make test`; see README.md.
GO ?= go
SHELL := /bin/bash

.PHONY: demo test vet fmtcheck bench golden

## demo: run the demo (headless until the desktop window lands: writes out/demo.gif and out/demo.png)
demo:
	$(GO) run ./cmd/demo

## test: install missing system packages, then gofmt check, go vet and every test
test: fmtcheck vet
	./scripts/deps.sh test
	$(GO) test ./...
	$(GO) test -race -run 'Race|Parallel|Renderer' ./raster/...

fmtcheck:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...

## bench: the rasterizer benchmarks quoted in README.md
bench:
	$(GO) test -run '^$$' -bench . -benchtime 1s ./raster/

## golden: regenerate golden images on purpose (review the diff before committing)
golden:
	$(GO) test ./... -run Golden -update
