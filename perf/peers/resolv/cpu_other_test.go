//go:build !linux

package resolvpeer

// cpuNanos is unavailable off Linux; CPU metrics then read 0.
func cpuNanos() int64 { return 0 }
