// Package loadtest holds what the scene loaders' tests check the same way:
// ImportsOnly, which keeps a loader's non-test files to the standard
// library and the few Diorama and module packages its doc.go allows; and
// the generators of the hostile corpus's files that more than one package
// decodes (ProgressiveJPEG, DeflateTIFF), made at test time rather than
// committed.
//
// It is for _test.go files only. It imports only the standard library
// (testing among it); it must NOT import loadutil, the loaders or any other
// Diorama package.
package loadtest
