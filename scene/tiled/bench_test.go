package tiled

import (
	"encoding/binary"
	"fmt"
	"strings"
	"testing"
	"testing/fstest"
)

func BenchmarkLoad(b *testing.B) {
	for _, name := range []string{"ortho.tmx", "ortho.tmj", "infinite.tmx", "infinite.tmj"} {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Load(testFS, name); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N), "µs/map")
		})
	}
}

// A 256×256 layer (65536 cells) in each encoding, in TMX, and in TMJ as
// an array of GIDs and in base64.
func BenchmarkLayer256(b *testing.B) {
	const n = 256
	raw := make([]byte, 4*n*n)
	csv := make([]byte, 0, 4*n*n)
	for i := 0; i < n*n; i++ {
		g := uint32(i%4 + 1)
		binary.LittleEndian.PutUint32(raw[4*i:], g)
		if i > 0 {
			csv = append(csv, ',')
		}
		csv = fmt.Appendf(csv, "%d", g)
	}
	for _, enc := range []string{"csv", "base64", "zlib", "gzip", "zstd", "tmj", "tmj-base64"} {
		payload, attrs := "", ""
		switch enc {
		case "tmj":
			payload, attrs = "["+string(csv)+"]", ""
		case "tmj-base64":
			payload, attrs = `"`+compress64(b, "", raw)+`"`, `"encoding": "base64",`
		case "csv":
			payload, attrs = string(csv), `encoding="csv"`
		case "base64":
			payload, attrs = compress64(b, "", raw), `encoding="base64"`
		default:
			payload, attrs = compress64(b, enc, raw), `encoding="base64" compression="`+enc+`"`
		}
		src := fmt.Sprintf(`<map orientation="orthogonal" width="%d" height="%d" tilewidth="8" tileheight="8">
<tileset firstgid="1" name="t" tilewidth="8" tileheight="8" tilecount="4" columns="2"><image source="t.png"/></tileset>
<layer name="L" width="%d" height="%d"><data %s>%s</data></layer></map>`, n, n, n, n, attrs, payload)
		name := "m.tmx"
		if strings.HasPrefix(enc, "tmj") {
			name = "m.tmj"
			src = fmt.Sprintf(`{"orientation": "orthogonal", "width": %d, "height": %d, "tilewidth": 8, "tileheight": 8,
"tilesets": [{"firstgid": 1, "name": "t", "tilewidth": 8, "tileheight": 8, "tilecount": 4, "columns": 2, "image": "t.png"}],
"layers": [{"type": "tilelayer", "name": "L", "width": %d, "height": %d, %s "data": %s}]}`, n, n, n, n, attrs, payload)
		}
		fsys := fstest.MapFS{name: {Data: []byte(src)}}
		b.Run(enc, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				m, err := Load(fsys, name)
				if err != nil || m.Layers[0].At(n-1, n-1) != 4 {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/(n*n), "ns/cell")
		})
	}
}

func BenchmarkDrawOrderIso(b *testing.B) {
	l := Layout{Orientation: Isometric, Width: 128, Height: 128, TileWidth: 64, TileHeight: 32}
	var sum float64
	visit := func(x, y int) { sum += l.TileDrawPos(x, y).X }
	b.ReportAllocs()
	for b.Loop() {
		l.DrawOrder(0, 0, 128, 128, visit)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/(128*128), "ns/tile")
}
