// Package testenv holds what tests across the repository need from their
// environment: the shared test data folder beside the repository
// (../shared/testdata), found from any package's test directory, skipped
// with a message when absent and failing instead when CI=true (Missing,
// Tool; Optional for a check another tool adds to a test, left out with a
// log line, an error under CI=true); and
// AllocsOver, the exact allocation count the zero-allocation tests check
// over a window of frames (testing.AllocsPerRun's integer average hides
// anything under one allocation per call); GoldenHash, a hash kept in a
// golden file and rewritten by -update; and CPUTime, the process's CPU
// time that benchmarks report per unit of work beside wall time.
//
// testenv imports only the standard library and is imported only from
// _test.go files.
package testenv
