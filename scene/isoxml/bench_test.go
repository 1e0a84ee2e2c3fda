package isoxml

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"
)

// BenchmarkLoad10k loads a generated scene with 400 walls, 100 floors and
// 10,000 objects and characters; reports ns per body element.
func BenchmarkLoad10k(b *testing.B) {
	var body strings.Builder
	n := 0
	for i := 0; i < 10; i++ {
		for j := 0; j < 10; j++ {
			x, y := i*640, j*640
			fmt.Fprintf(&body, `<floor id="F%d_%d" x="%d" y="%d" z="0" width="640" height="640" src="tex"/>`+"\n", i, j, x, y)
			fmt.Fprintf(&body, `<wall id="WV%d_%d" x="%d" y="%d" z="0" dir="vert" size="640" height="64" src="tex"/>`+"\n", i, j, x, y)
			fmt.Fprintf(&body, `<wall id="WH%d_%d" x="%d" y="%d" z="0" dir="horiz" size="640" height="64" src="tex"/>`+"\n", i, j, x, y)
			n += 3
		}
	}
	for k := 0; k < 10000; k++ {
		kind, def := "object", "crate"
		if k%4 == 0 {
			kind, def = "character", "hero"
		}
		fmt.Fprintf(&body, `<%s id="E%d" x="%d.5" y="%d" z="0" def="%s" orientation="%d" hp="10"/>`+"\n", kind, k, (k*37)%6400, (k*91)%6400, def, (k%8)*45)
		n++
	}
	fsys := fstest.MapFS{"defs.xml": {Data: []byte(defsOK)}, "s.xml": {Data: []byte(scene("", "", body.String()))}}
	b.SetBytes(int64(len(fsys["s.xml"].Data)))
	b.ReportAllocs()
	for b.Loop() {
		s, err := Load(fsys, "s.xml")
		if err != nil || len(s.Objects)+len(s.Characters) != 10000 {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/element")
}
