// Package webbench measures perf's bullet test compiled for js/wasm in
// headless Chromium against the same code run natively on the same
// machine (issue 19, item 7).
//
// The workload is Bench: for each ring size it calls perf.Run on the
// bullet test with one render worker (a browser gives Go one thread) and
// returns the per-frame times. The program in ./bench calls Bench in both
// builds: compiled for js/wasm it reads its parameters from the page's
// query string and POSTs its JSON report to the page's server; compiled
// natively it takes flags and prints the same JSON. Driver (not built for
// js) builds both, serves the wasm build on 127.0.0.1 with the headers
// that make the page cross-origin isolated (performance.now then ticks in
// 5 µs steps, not 100 µs), starts headless Chromium on it, and runs the
// native build with GOMAXPROCS=1, so a caller can alternate the two.
//
// `go run ./perf/cmd/report -web` runs both alternately at the seed's
// ring sizes and larger ones and writes the web section of
// perf/REPORT.md with its plots.
package webbench
