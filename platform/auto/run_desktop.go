//go:build !js && !(android && cgo)

package auto

import (
	"errors"
	"fmt"

	"diorama/platform"
	"diorama/platform/desktop"
)

// Run runs g in a desktop window, or headless with a message when no
// window can be opened (no display, no OpenGL 3.3, or a build without
// cgo), or headless without one when opt.Headless is set. It must be
// called from the main goroutine.
func Run(g platform.Game, cfg platform.Config, opt Options) error {
	if opt.Headless {
		return headlessRun(g, cfg, opt)
	}
	err := desktop.Available()
	if err == nil {
		stop := startSound(g, opt)
		err = desktop.Run(g, cfg)
		stop()
		if !errors.Is(err, desktop.ErrWindow) {
			return err // the game ran (nil, or its own error)
		}
	}
	opt.defaultPaths()
	fmt.Fprintf(logTo(opt), "diorama: no window (%v); running headless instead, writing %s and %s\n",
		err, opt.path(".png"), opt.gifPath())
	return headlessRun(g, cfg, opt)
}
