package imagelevel_test

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"testing/fstest"

	"diorama/scene/imagelevel"
)

// Loading a seed 000 level: a map image (black walls, blue doors) and the
// JSON description it pairs with.
func ExampleLoad() {
	// A 5×5 map drawn in code; on disk it would be a PNG from any pixel
	// editor, opened through os.DirFS or an embed.FS.
	art := []string{
		"wwwww",
		"w...w",
		"wwDww",
		"w...w",
		"wwwww",
	}
	m := image.NewNRGBA(image.Rect(0, 0, 5, 5))
	for y, row := range art {
		for x, c := range row {
			switch c {
			case 'w':
				m.Set(x, y, color.Black)
			case 'D':
				m.Set(x, y, color.NRGBA{0, 0, 255, 255})
			default:
				m.Set(x, y, color.White)
			}
		}
	}
	var pngData bytes.Buffer
	png.Encode(&pngData, m)
	fsys := fstest.MapFS{
		"levels/1.png": {Data: pngData.Bytes()},
		"levels/1.json": {Data: []byte(`{
  "player": {"sp": {"x": 2.5, "y": 1.5}},
  "doors": [{"name": "GATE", "tile": {"x": 2, "y": 2}, "locked": true}],
  "overlords": [{"lock_on_entry": ["GATE"], "triggers": [{"x": 2.5, "y": 3.5}],
    "spawn_points": [{"x": 1.5, "y": 3.5}], "max_in_level": 2, "spawns_in_wave": 5}]
}`)},
	}
	l, err := imagelevel.Load(fsys, "levels/1.png", "levels/1.json")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("map", l.Grid.Width, "x", l.Grid.Height, "player at", l.Description.Player.Spawn)
	for _, d := range l.Doors {
		fmt.Println("door", d.Name, "at", d.At, d.Axis, "locked:", d.Locked)
	}
	o := l.Description.Overlords[0]
	fmt.Println("overlord spawns", o.SpawnsInWave, "at most", o.MaxInLevel, "at once from", o.SpawnPoints)
	fmt.Println("wall strips:", len(l.Grid.WallStrips()))

	// A door that is not between two walls is refused, naming the pixel.
	m.Set(1, 2, color.White)
	pngData.Reset()
	png.Encode(&pngData, m)
	fsys["levels/1.png"].Data = pngData.Bytes()
	_, err = imagelevel.Load(fsys, "levels/1.png", "levels/1.json")
	fmt.Println(err)
	// Output:
	// map 5 x 5 player at (2.5,1.5)
	// door GATE at {2 2} in-row locked: true
	// overlord spawns 5 at most 2 at once from [(1.5,3.5)]
	// wall strips: 6
	// levels/1.png: pixel (2,2): door not between two walls with floor on the other sides (left floor, right wall, above floor, below floor)
}
