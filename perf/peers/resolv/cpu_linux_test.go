//go:build linux

package resolvpeer

import "syscall"

// cpuNanos returns the process's user+system CPU time (garbage collection
// included, which matters for resolv), steadier than wall time on a shared,
// loaded machine.
func cpuNanos() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
