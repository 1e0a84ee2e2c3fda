package iso_test

import (
	"fmt"
	"math"

	"diorama/iso"
	"diorama/mathx"
)

// Add a batch of boxes at once: the same items as Add one at a time, and
// the first refused box stops the batch with its error.
func ExampleSorter_AddBoxes() {
	p, _ := iso.Dimetric(64)
	s := iso.NewSorter(p)
	n, err := s.AddBoxes([]iso.Box{
		{Min: mathx.V3(0, 5, 0), Max: mathx.V3(10, 5, 2)},          // a wall
		iso.Footprint(4, 3, 1, 1, 0, 1),                            // a block
		{Min: mathx.V3(1.2, 5.2, 0), Max: mathx.V3(1.6, 5.6, 1.5)}, // a character
	})
	fmt.Println(n, err, s.Sort())
	n, err = s.AddBoxes([]iso.Box{iso.Footprint(1, 1, 1, 1, 0, 1), {Max: mathx.V3(math.NaN(), 1, 1)}})
	fmt.Println(n, err, s.Len())
	// Output:
	// 3 <nil> [1 0 2]
	// 1 iso: depth sort: invalid box (0,0,0)–(NaN,1,1) 4
}
