#!/usr/bin/env bash
# web.sh [DIR] [PKG] — build a Go main package for js/wasm into DIR
# (default out/web) with index.html and wasm_exec.js: a folder any static
# server can serve, e.g.  python3 -m http.server -d out/web 8080
set -euo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}
DIR=${1:-out/web}
PKG=${2:-./platform/web/example}
mkdir -p "$DIR"
# -trimpath -ldflags="-s -w": no symbol table, DWARF or local paths (the
# same flags as web.BuildFlags; panics still name functions and lines).
GOOS=js GOARCH=wasm CGO_ENABLED=0 $GO build -trimpath -ldflags="-s -w" -o "$DIR/main.wasm" "$PKG"
cp "$($GO env GOROOT)/lib/wasm/wasm_exec.js" "$DIR/" # there since Go 1.24; go.mod needs 1.26
cp platform/web/index.html "$DIR/index.html"
echo "web: built $PKG into $DIR, main.wasm $(wc -c <"$DIR/main.wasm") bytes (serve it with any static server)" >&2
