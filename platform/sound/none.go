//go:build !((linux && cgo && !android) || darwin || windows || js)

package sound

import (
	"errors"
	"io"
	"runtime"
)

func open(io.Reader, int) (device, error) {
	if runtime.GOOS == "android" {
		return nil, errors.New("no Android sound driver yet")
	}
	return nil, errors.New("this build has no sound driver (built without cgo)")
}
