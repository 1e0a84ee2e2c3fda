// Command bench runs webbench.Bench, perf's bullet test on one render
// worker, and reports per-frame times as JSON (webbench.Report). Built
// for js/wasm and loaded in a page (platform/web's index.html) it reads
// its parameters from the page's query string (webbench.Params.Query) and
// POSTs the report to "result" beside the page; built natively it takes
// flags and prints the report on stdout:
//
//	go run ./perf/webbench/bench -rings=18,72 -warmup=300 -frames=600
//
// webbench.Driver builds and runs both.
package main

import (
	"runtime"

	"diorama/perf/webbench"
)

// run benches p and fills the report's common fields.
func run(p webbench.Params, err error) webbench.Report {
	rep := webbench.Report{GOOS: runtime.GOOS, GOARCH: runtime.GOARCH, Procs: runtime.GOMAXPROCS(0)}
	if err == nil {
		rep.Runs, err = webbench.Bench(p)
	}
	if err != nil {
		rep.Err = err.Error()
	}
	return rep
}
