package determinism_test

import (
	"fmt"

	"diorama/internal/determinism"
)

// Two traces of the same seed agree tick by tick; cmd/trace prints the
// same lines on every platform, which is what the tests compare.
func ExampleTrace() {
	var a, b []uint64
	_ = determinism.Trace(7, 120, func(_ int, h uint64) { a = append(a, h) })
	_ = determinism.Trace(7, 120, func(_ int, h uint64) { b = append(b, h) })
	same := len(a) == len(b)
	for k := range a {
		same = same && a[k] == b[k]
	}
	fmt.Println(len(a), "hashes, identical:", same)
	// Output: 121 hashes, identical: true
}
