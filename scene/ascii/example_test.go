package ascii_test

import (
	"fmt"
	"testing/fstest"

	"diorama/scene/ascii"
)

// Loading a seed 004 text level from any fs.FS (os.DirFS and embed.FS work
// the same) and reading its grid and spawn points.
func ExampleLoad() {
	fsys := fstest.MapFS{"levels/one.lev": {Data: []byte(
		"wwwww\n" +
			"ws-pw\n" +
			"w-t-w\n" +
			"wb-ew\n" +
			"wwwww\n")}}
	l, err := ascii.Load(fsys, "levels/one.lev")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("size", l.Width, "x", l.Height)
	c, _ := l.At(2, 2)
	fmt.Println("cell (2,2):", c)
	for _, s := range l.Spawns {
		fmt.Println(s.Kind, "at", s.At.X, s.At.Y)
	}
	// Output:
	// size 5 x 5
	// cell (2,2): half-wall-top
	// player at 1 1
	// pickup at 3 1
	// enemy at 3 3
}

// A custom legend: '~' is water (a cell kind of the game's own) and '$'
// places a coin. Errors name the file, line and column.
func ExampleLoader() {
	const water ascii.Cell = 10
	const coin ascii.SpawnKind = 10
	leg := ascii.DefaultLegend()
	leg['~'] = ascii.Symbol{Cell: water}
	leg['$'] = ascii.Symbol{Cell: ascii.Empty, Spawn: coin}
	ld := ascii.Loader{Legend: leg}

	l, _ := ld.Parse("pond.lev", []byte("w~~w\nw$sw\n"))
	c, _ := l.At(1, 0)
	fmt.Println(c == water, l.SpawnPoints(coin))

	_, err := ld.Parse("pond.lev", []byte("w~~w\nw$s?\n"))
	fmt.Println(err)
	// Output:
	// true [{1 1}]
	// pond.lev:2:4: unknown character '?' (not in the legend)
}
