package ascii

import (
	"bytes"
	"testing"
)

// BenchmarkParse256 parses a 256×256 level with walls around, half walls
// and spawns scattered inside; reports ns per cell.
func BenchmarkParse256(b *testing.B) {
	const n = 256
	var src bytes.Buffer
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			switch {
			case x == 0 || y == 0 || x == n-1 || y == n-1:
				src.WriteByte('w')
			case x == 1 && y == 1:
				src.WriteByte('s')
			case (x*7+y*13)%97 == 0:
				src.WriteByte('e')
			case (x*3+y*5)%31 == 0:
				src.WriteByte('t')
			default:
				src.WriteByte('-')
			}
		}
		src.WriteByte('\n')
	}
	data := src.Bytes()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := (Loader{}).Parse("b.lev", data); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/(n*n), "ns/cell")
}
