//go:build !(386 || amd64 || amd64p32 || arm || arm64 || loong64 || mips64le || mipsle || ppc64le || riscv64 || wasm)

package raster

// raster views pixel bytes as little-endian uint32 words; this file only
// builds on other (big-endian) targets and stops the build with a clear
// message.
var _ = raster_requires_a_little_endian_target
