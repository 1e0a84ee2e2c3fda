package level_test

import (
	"errors"
	"fmt"
	"strings"
	"testing/fstest"

	"diorama/level"
	"diorama/scene"
)

// A level that needs more than its limits is refused before the world is
// made, naming the file and the limit to raise.
func ExampleBuildLimits() {
	// A 32×32 chequerboard of walls: no two walls merge into one block.
	var b strings.Builder
	for y := 0; y < 32; y++ {
		for x := 0; x < 32; x++ {
			switch {
			case x == 0 && y == 0:
				b.WriteByte('s')
			case (x+y)%2 == 1:
				b.WriteByte('w')
			default:
				b.WriteByte('-')
			}
		}
		b.WriteByte('\n')
	}
	fsys := fstest.MapFS{"chess.lev": {Data: []byte(b.String())}}

	_, err := level.LoadASCII(fsys, "chess.lev", level.Options{Limits: level.Limits{BuildLimits: level.BuildLimits{MaxEntities: 500}}})
	fmt.Println(err)
	fmt.Println(errors.Is(err, level.ErrLimit))

	w, err := level.LoadASCII(fsys, "chess.lev", level.Options{Limits: level.Limits{BuildLimits: level.BuildLimits{MaxEntities: 1024}}})
	fmt.Println(len(w.AppendEntities(nil, scene.Object)), "wall blocks", err)
	// Output:
	// chess.lev: walls: more than 500 entities (raise level.Options.Limits.MaxEntities)
	// true
	// 512 wall blocks <nil>
}
