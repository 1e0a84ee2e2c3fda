//go:build unix

package audio

import (
	"syscall"
	"time"
)

// cpuTime returns the process's CPU time (user and system), which a busy
// machine's other work does not inflate as it does wall-clock time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
