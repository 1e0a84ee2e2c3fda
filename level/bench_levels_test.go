package level

import (
	"diorama/scene"
	"testing"
	"testing/fstest"
)

// BenchmarkLoadASCIISolid loads and builds a 1024×1024 ASCII level of
// solid wall (but the player's cell): the walls merge into 4096 blocks
// instead of a million entities. Reports ns and bytes allocated per cell.
func BenchmarkLoadASCIISolid(b *testing.B) {
	const n = 1024
	data := make([]byte, 0, (n+1)*n)
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			c := byte('w')
			if x == 1 && y == 1 {
				c = 's'
			}
			data = append(data, c)
		}
		data = append(data, '\n')
	}
	fsys := fstest.MapFS{"l.lev": {Data: data}}
	b.ReportAllocs()
	blocks := 0
	for b.Loop() {
		w, err := LoadASCII(fsys, "l.lev", Options{})
		if err != nil {
			b.Fatal(err)
		}
		blocks = len(w.AppendEntities(nil, scene.Object))
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/(n*n), "ns/cell")
	b.ReportMetric(float64(blocks), "blocks")
}
