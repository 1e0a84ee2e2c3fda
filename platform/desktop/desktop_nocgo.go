//go:build !cgo || android || js || ios

package desktop

import (
	"errors"

	"diorama/platform"
)

// ErrUnavailable is returned when this build has no desktop backend
// (built without cgo, or for Android, iOS or js/wasm).
var ErrUnavailable = errors.New("desktop: not available in this build (needs cgo and a desktop OS)")

// ErrWindow is wrapped by every failure to open a window; here Run fails
// with ErrUnavailable, which does not wrap it.
var ErrWindow = errors.New("desktop: cannot open a window")

// Available reports why a window cannot be opened: here, always
// [ErrUnavailable].
func Available() error { return ErrUnavailable }

// Run reports [ErrUnavailable] without running the game.
func Run(g platform.Game, cfg platform.Config) error { return ErrUnavailable }
