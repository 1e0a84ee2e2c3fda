//go:build unix

package testenv

import (
	"syscall"
	"time"
)

// CPUTime is the process's user and system CPU time, for benchmarks that
// report CPU per unit of work beside wall time: on a shared, loaded
// machine other processes stretch wall time, not this. It is 0 where the
// platform does not give it.
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
