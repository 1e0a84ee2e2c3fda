//go:build !js

package web

import (
	"bytes"
	_ "embed"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

//go:embed index.html
var indexHTML []byte

// BuildFlags are the go build flags Build (and scripts/web.sh) use: no
// symbol table or DWARF and no local paths in the binary, which makes
// main.wasm smaller (the demo 9.75 MB -> 9.57 MB) and reproducible at no
// cost at run time (panics still print function names and lines).
var BuildFlags = []string{"-trimpath", "-ldflags=-s -w"}

// Build compiles the Go main package pkg (a path as the go command takes
// it, relative to this process's working directory) for js/wasm into
// dir/main.wasm and writes dir/index.html and dir/wasm_exec.js (from the
// Go installation), with BuildFlags, making a folder any static server can serve. It runs
// the go command found in PATH.
func Build(dir, pkg string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("web: %w", err)
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		return fmt.Errorf("web: go command not found: %w", err)
	}
	root, err := exec.Command(goBin, "env", "GOROOT").Output()
	if err != nil {
		return fmt.Errorf("web: go env GOROOT: %w", err)
	}
	// lib/wasm since Go 1.24 (go.mod needs 1.26).
	support, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(root)), "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		return fmt.Errorf("web: wasm_exec.js not found in GOROOT: %w", err)
	}
	cmd := exec.Command(goBin, append(append([]string{"build"}, BuildFlags...), "-o", filepath.Join(dir, "main.wasm"), pkg)...)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("web: GOOS=js GOARCH=wasm go build %s: %w\n%s", pkg, err, out.String())
	}
	if err := os.WriteFile(filepath.Join(dir, "wasm_exec.js"), support, 0o644); err != nil {
		return fmt.Errorf("web: %w", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "index.html"), indexHTML, 0o644); err != nil {
		return fmt.Errorf("web: %w", err)
	}
	return nil
}
