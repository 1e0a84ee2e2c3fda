//go:build unix

package vorbis

import "syscall"

// cpuSeconds is the process's user and system CPU time, so that
// benchmarks on a shared machine can report speed per CPU second as
// well as per wall-clock second.
func cpuSeconds() float64 { return rusage(syscall.RUSAGE_SELF) }

// childCPUSeconds is the same for the finished child processes (the
// peer decoder run as a command).
func childCPUSeconds() float64 { return rusage(syscall.RUSAGE_CHILDREN) }

func rusage(who int) float64 {
	var ru syscall.Rusage
	if syscall.Getrusage(who, &ru) != nil {
		return 0
	}
	return float64(ru.Utime.Sec+ru.Stime.Sec) + float64(ru.Utime.Usec+ru.Stime.Usec)/1e6
}
