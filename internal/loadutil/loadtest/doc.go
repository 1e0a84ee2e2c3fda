// Package loadtest holds what the readers' hostile-corpus tests share: the
// watch that runs a hostile file through a reader under a memory and time
// budget (Watch, WantError), and the generators of the corpus's files that
// more than one package decodes (ProgressiveJPEG, DeflateTIFF,
// AsepriteLinks), and IsoMap, the generated Tiled map level's and scene's
// benchmarks build; all made at test time rather than committed.
//
// It is for _test.go files only. It imports only the standard library
// (testing among it); it must NOT import loadutil, the readers or any other
// Diorama package.
package loadtest
