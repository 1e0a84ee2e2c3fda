//go:build !linux

package physics

// cpuNanos is unavailable off Linux; CPU metrics then read 0.
func cpuNanos() int64 { return 0 }

// threadNanos is unavailable off Linux; it reads 0.
func threadNanos() int64 { return 0 }
