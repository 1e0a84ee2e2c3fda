package level

import (
	"diorama/scene"
	"fmt"
	"testing"
	"testing/fstest"
)

// FuzzBuildImageLevel: a map image made from the fuzzer's bytes (a width,
// then one pixel a byte: wall, door or floor) with the player on its first
// floor pixel either fails with an error or builds a world whose wall
// blocks cover exactly the wall pixels, once each, and which steps.
func FuzzBuildImageLevel(f *testing.F) {
	f.Add([]byte{5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 1, 1, 1, 2, 1, 1, 1, 0, 0, 0, 1, 1, 1, 1, 1, 1})
	f.Add([]byte{3, 0, 1, 0, 1, 0, 1, 0, 1, 0})
	f.Add([]byte{1, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 2 {
			return
		}
		w := 1 + int(data[0])%32
		px := data[1:]
		h := len(px) / w
		if h < 1 || h > 32 {
			return
		}
		rows := make([]string, h)
		player := -1
		for y := range rows {
			b := make([]byte, w)
			for x := range b {
				b[x] = "w.d."[px[y*w+x]%4]
				if b[x] == '.' && player < 0 {
					player = y*w + x
				}
			}
			rows[y] = string(b)
		}
		if player < 0 {
			return
		}
		fsys := fstest.MapFS{
			"map.png":  {Data: levelPNG(t, rows)},
			"map.json": {Data: []byte(fmt.Sprintf(`{"player": {"sp": {"x": %d.5, "y": %d.5}}, "doors": [], "overlords": []}`, player%w, player/w))},
		}
		wd, err := LoadImageLevel(fsys, "map.png", "map.json", Options{})
		if (wd == nil) == (err == nil) {
			t.Fatalf("world %v with error %v", wd != nil, err)
		}
		if err != nil {
			return
		}
		cover := make([]int, w*h)
		for _, e := range wd.AppendEntities(nil, scene.Object) {
			b := def(t, wd, e).Drawing.Box
			for y := int(b.Min.Y); y < int(b.Max.Y); y++ {
				for x := int(b.Min.X); x < int(b.Max.X); x++ {
					cover[y*w+x]++
				}
			}
		}
		for k, n := range cover {
			if (rows[k/w][k%w] == 'w') != (n == 1) || n > 1 {
				t.Fatalf("map %q: pixel %d covered %d times", rows, k, n)
			}
		}
		wd.Step()
	})
}
