//go:build !linux && !js

package webbench

// matchPriority does nothing off Linux (no /proc to find the browser's
// processes in).
func matchPriority(int) int { return 0 }
