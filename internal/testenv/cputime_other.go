//go:build !unix

package testenv

import "time"

// CPUTime is the process's user and system CPU time; 0 here, where it is
// not read.
func CPUTime() time.Duration { return 0 }
