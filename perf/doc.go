// Package perf holds Diorama's performance tests: the seed's bullet test
// and unit test built on the real engine, sweeps that raise the counts
// until a frame no longer fits 60 FPS, and the report generator. Peers used
// only for comparison live in their own modules below perf/ so the
// engine's go.mod stays minimal.
package perf
