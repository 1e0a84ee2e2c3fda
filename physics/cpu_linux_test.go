//go:build linux

package physics

import (
	"syscall"
	"unsafe"
)

// cpuNanos returns the process's user+system CPU time, so benchmarks can
// report CPU per step alongside wall time on a shared, loaded machine.
func cpuNanos() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// threadNanos returns the calling thread's CPU time (CLOCK_THREAD_CPUTIME_ID,
// nanosecond precision): with the goroutine locked to its thread, the
// difference of two readings is the CPU the code in between used, without
// the time other processes held the core.
func threadNanos() int64 {
	var ts syscall.Timespec
	const clockThreadCPUTime = 3
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return 0
	}
	return ts.Nano()
}
