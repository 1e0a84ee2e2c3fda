//go:build android && cgo

package auto

import (
	"diorama/platform"
	"diorama/platform/android"
)

// Run runs g as the Android app; opt is unused.
func Run(g platform.Game, cfg platform.Config, opt Options) error {
	defer startSound(g, opt)()
	return android.Run(g, cfg)
}
