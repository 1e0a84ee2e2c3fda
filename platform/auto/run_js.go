//go:build js

package auto

import (
	"diorama/platform"
	"diorama/platform/web"
)

// Run runs g in the browser page's canvas; opt is unused.
func Run(g platform.Game, cfg platform.Config, opt Options) error {
	defer startSound(g, opt)()
	return web.Run(g, cfg)
}
