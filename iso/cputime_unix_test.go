//go:build unix

package iso

import (
	"syscall"
	"time"
)

// processCPU returns the CPU time the process has used (user + system),
// which unlike wall time does not grow while other programs hold the
// cores.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
