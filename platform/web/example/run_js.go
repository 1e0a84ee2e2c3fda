//go:build js && wasm

package main

import (
	"diorama/platform"
	"diorama/platform/web"
)

func run(g platform.Game, cfg platform.Config) error { return web.Run(g, cfg) }
