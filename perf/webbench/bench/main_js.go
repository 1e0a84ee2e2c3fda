//go:build js

package main

import (
	"encoding/json"
	"syscall/js"

	"diorama/perf/webbench"
)

func main() {
	g := js.Global()
	rep := run(webbench.ParseQuery(g.Get("location").Get("search").String()))
	rep.Isolated = g.Get("crossOriginIsolated").Truthy()
	rep.UserAgent = g.Get("navigator").Get("userAgent").String()
	b, err := json.Marshal(rep)
	if err != nil {
		b, _ = json.Marshal(webbench.Report{GOOS: rep.GOOS, GOARCH: rep.GOARCH, Err: err.Error()})
	}
	// POST the report and wait for the answer (the program must not exit
	// before the request has gone out).
	done := make(chan struct{})
	var then, catch js.Func
	finish := func(js.Value, []js.Value) any {
		close(done)
		return nil
	}
	then, catch = js.FuncOf(finish), js.FuncOf(func(this js.Value, args []js.Value) any {
		g.Get("document").Get("body").Call("setAttribute", "data-error", args[0].Call("toString"))
		return finish(this, args)
	})
	opts := map[string]any{"method": "POST", "headers": map[string]any{"Content-Type": "application/json"}, "body": string(b)}
	g.Call("fetch", "result", opts).Call("then", then, catch)
	<-done
	then.Release()
	catch.Release()
	g.Get("document").Get("body").Call("setAttribute", "data-done", "1")
}
