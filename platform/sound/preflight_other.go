//go:build !linux || android

package sound

func preflight() error { return nil }
