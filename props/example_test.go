package props_test

import (
	"fmt"

	"diorama/props"
)

// A game reads its own rules from a level object's properties with
// defaults, whatever format the level came in.
func ExampleList() {
	ps := props.List{
		{Name: "wave", Type: props.ClassType, Members: props.List{
			{Name: "size", Type: props.IntType, Value: "4", Int: 4, Float: 4},
		}},
		{Name: "speed", Type: props.FloatType, Value: "1.5", Float: 1.5},
	}
	size := int64(1)
	if w, ok := ps.Get("wave"); ok {
		size = w.Members.Int("size", size)
	}
	fmt.Println(size, ps.Float("speed", 1), ps.Bool("boss", false))
	// Output: 4 1.5 false
}
