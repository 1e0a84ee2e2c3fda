//go:build !(linux && cgo && !android)

package sound

// quietly runs open; only Linux's ALSA prints errors of its own.
func quietly(open func()) { open() }
