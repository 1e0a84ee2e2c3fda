// Package loadtest holds what the scene loaders' tests check the same way:
// ImportsOnly, which keeps a loader's non-test files to the standard
// library and the few Diorama and module packages its doc.go allows.
//
// It is for _test.go files only. It imports only the standard library
// (testing among it); it must NOT import loadutil, the loaders or any other
// Diorama package.
package loadtest
