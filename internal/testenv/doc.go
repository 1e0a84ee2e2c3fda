// Package testenv holds what tests across the repository need from their
// environment: the shared test data folder beside the repository
// (../shared/testdata), found from any package's test directory, skipped
// with a message when absent and failing instead when CI=true.
//
// testenv imports only the standard library and is imported only from
// _test.go files.
package testenv
