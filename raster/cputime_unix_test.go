//go:build unix

package raster

import (
	"syscall"
	"time"
)

// cpuTime is the process's user and system CPU time (benchmarks report
// it per unit of work: a loaded machine stretches wall time, not this).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
