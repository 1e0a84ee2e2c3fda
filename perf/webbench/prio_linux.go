package webbench

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// matchPriority gives every thread of every process in process group
// pgid this process's nice value. Chromium sets its zygote and renderers
// to nice 0 (5 for background ones) whatever it was started with, so
// under `nice -n -20` the page would run at a lower priority than the
// native build it is compared with. It returns how many threads it set.
func matchPriority(pgid int) int {
	raw, err := syscall.Getpriority(syscall.PRIO_PROCESS, 0)
	if err != nil {
		return 0
	}
	nice := 20 - raw // the system call returns 20 - nice
	procs, _ := filepath.Glob("/proc/[0-9]*/stat")
	n := 0
	for _, st := range procs {
		b, err := os.ReadFile(st)
		if err != nil {
			continue
		}
		// Fields after the command (in parentheses): state ppid pgrp ...
		i := strings.LastIndexByte(string(b), ')')
		f := strings.Fields(string(b[i+1:]))
		if i < 0 || len(f) < 3 || f[2] != strconv.Itoa(pgid) {
			continue
		}
		tasks, _ := filepath.Glob(filepath.Join(filepath.Dir(st), "task", "[0-9]*"))
		for _, t := range tasks {
			tid, err := strconv.Atoi(filepath.Base(t))
			if err != nil {
				continue
			}
			if syscall.Setpriority(syscall.PRIO_PROCESS, tid, nice) == nil {
				n++
			}
		}
	}
	return n
}
