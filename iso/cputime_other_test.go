//go:build !unix

package iso

import "time"

// processCPU is not measured on this platform.
func processCPU() time.Duration { return 0 }
