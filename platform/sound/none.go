//go:build !((linux && cgo && !android) || darwin || windows || js)

package sound

import (
	"errors"
	"runtime"

	"diorama/audio"
)

func open(*audio.Mixer) (device, error) {
	if runtime.GOOS == "android" {
		return nil, errors.New("no Android sound driver yet")
	}
	return nil, errors.New("this build has no sound driver (built without cgo)")
}
