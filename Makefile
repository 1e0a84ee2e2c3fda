# Diorama's two everyday commands are `make demo` and `make test`; see README.md.
GO ?= go
SHELL := /bin/bash

.PHONY: peers demo test deps vet fmtcheck bench golden web web-check android android-check fuzz

## demo: run the demo: a window when a display is present, else headless output in out/
demo:
	./scripts/deps.sh desktop
	$(GO) run ./cmd/demo

## test: install missing system packages (scripts/deps.sh), then gofmt check, go vet,
## every test (the desktop tests start their own Xvfb; the web test runs headless
## Chromium), the js/wasm build and the Android checks (bionic-ABI sysroot, library and APK checks)
## (-timeout 30m: the cross-CPU determinism package runs every trace under qemu and
## nears go test's default 10 minutes on a loaded machine)
test: deps
	./scripts/no-binaries.sh
	$(MAKE) --no-print-directory fmtcheck vet
	$(GO) test -timeout 30m ./...
	$(GO) test -race -run 'Race|Parallel|Renderer' ./raster/...
	$(GO) test -tags purego ./raster/...
	GOARCH=arm64 $(GO) test -exec qemu-aarch64-static -run 'Vector|KernelChoices' ./raster/
	GOARCH=386 $(GO) test ./mathx/... ./physics/... ./ai/... ./iso/... ./scene/... ./level/... ./loop/... ./raster/... ./audio/...
	$(MAKE) --no-print-directory web-check android-check peers fuzz

deps:
	./scripts/deps.sh test

## fmtcheck: every Go file git knows or would add is gofmt-clean; a file gofmt cannot
## parse fails too (gofmt -l prints nothing for it and exits 2)
fmtcheck:
	@files=$$(git ls-files --cached --others --exclude-standard '*.go' 2>/dev/null || find . -name '*.go'); \
	files=$$(for f in $$files; do [ -e "$$f" ] && echo "$$f"; done); \
	out=$$(gofmt -l $$files) || { echo "fmtcheck: gofmt failed (a file above does not parse)"; exit 1; }; \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...
	GOARCH=386 $(GO) vet ./mathx/... ./physics/... ./ai/... ./iso/... ./scene/... ./level/... ./loop/... ./raster/... ./atlas/... ./audio/...

## bench: the rasterizer benchmarks quoted in README.md, and the frame upload
bench:
	$(GO) test -run '^$$' -bench . -benchtime 1s ./raster/
	$(GO) test -run '^$$' -bench Upload -benchtime 200x ./platform/desktop/

## golden: regenerate every golden file on purpose, in every package whose tests define
## -update (scripts/golden.sh; review the diff before committing): packages whose files changed
## run again (a golden drawn from an embedded file needs the next build); an unchanged tree stays clean
golden:
	GO=$(GO) ./scripts/golden.sh

## web: build the web example (or WEBPKG=./path) into out/web: main.wasm, index.html, wasm_exec.js
WEBPKG ?= ./platform/web/example
web:
	./scripts/web.sh out/web $(WEBPKG)

## web-check: js/wasm vet, the portable platform tests run as wasm under node, the web build
web-check:
	GOOS=js GOARCH=wasm $(GO) vet ./platform ./platform/headless ./platform/web/...
	GOOS=js GOARCH=wasm $(GO) test -exec="$$($(GO) env GOROOT)/lib/wasm/go_js_wasm_exec" ./platform ./platform/headless ./platform/web
	./scripts/web.sh out/web $(WEBPKG)

## android: signed, 16 KB-aligned arm64 APK of the Android example in out/android/diorama.apk,
## with the NDK in ANDROID_NDK_HOME, else on the repository's bionic sysroot (scripts/android-ndk.sh)
android:
	./scripts/deps.sh android
	./scripts/android.sh apk

## android-check: cgo-free android build+vet of every package; cgo vet of platform/android and
## bionic layout probes on the repository's bionic sysroot; the APK built and checked (apksigner
## v2/v3, 16 KB alignment, aapt badging, the native library's imports, versions, note, segments)
android-check:
	./scripts/deps.sh android
	./scripts/android.sh check

## fuzz: every fuzz target for FUZZTIME each (default 300x inputs; crashers fail the run)
fuzz:
	./scripts/fuzz.sh

## peers: vet and test the comparison modules under perf/peers (their own go.mod each,
## so `go test ./...` at the root does not reach them)
peers:
	@for d in perf/peers/*/; do \
		echo "== $$d"; \
		(cd $$d && $(GO) vet ./... && $(GO) test ./...) || exit 1; \
	done
