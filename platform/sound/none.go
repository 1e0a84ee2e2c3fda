//go:build !((linux && cgo && !android) || darwin || windows || js || (android && cgo))

package sound

import (
	"errors"
	"io"
	"runtime"
)

func open(io.Reader, int) (device, error) {
	return nil, errors.New("this " + runtime.GOOS + " build has no sound driver (built without cgo)")
}
