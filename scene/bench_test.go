package scene

import (
	"testing"

	"diorama/iso"
	"diorama/mathx"
	"diorama/raster"
)

// BenchmarkStep is one fixed tick of the arena: 1,000 characters walking
// and shooting, about 10,000 live bullets swept against walls and bodies,
// hit events applying damage, deaths respawning.
func BenchmarkStep(b *testing.B) {
	a := newArena(b, 128, 1000, 10000, 1)
	w := a.w
	for k := 0; k < 400; k++ {
		a.step()
	}
	bullets := 0
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		a.step()
		bullets += w.Bullets().Len()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/tick")
	b.ReportMetric(float64(bullets)/float64(b.N), "bullets")
	b.ReportMetric(float64(w.Len()), "entities")
}

// BenchmarkRender draws a busy 800×480 view of the same arena: the
// scene's pass into the draw list (interpolation, iso culling and depth
// sort), and the whole frame including rasterizing.
func BenchmarkRender(b *testing.B) {
	a := newArena(b, 128, 1000, 10000, 1)
	w := a.w
	for k := 0; k < 400; k++ {
		a.step()
	}
	cam := iso.NewCamera(800, 480)
	cam.Center = w.Grid.ToScreen(mathx.V3(64, 64, 0))
	pt := iso.NewPainter(w.Grid, cam)
	dl := raster.NewDrawList()
	fr, err := raster.NewFrame(800, 480)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("drawlist", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			dl.Reset()
			if _, err := w.Render(dl, pt, 0.5); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/frame")
		b.ReportMetric(float64(dl.Len()), "commands")
	})
	b.Run("frame", func(b *testing.B) {
		r := raster.NewRenderer(2)
		defer r.Close()
		b.ReportAllocs()
		for b.Loop() {
			dl.Reset()
			if _, err := w.Render(dl, pt, 0.5); err != nil {
				b.Fatal(err)
			}
			r.Render(fr, dl)
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/frame")
	})
}

// BenchmarkStateHash hashes the arena's whole state.
func BenchmarkStateHash(b *testing.B) {
	a := newArena(b, 128, 1000, 10000, 1)
	for k := 0; k < 400; k++ {
		a.step()
	}
	b.ReportAllocs()
	for b.Loop() {
		_ = a.w.StateHash()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/hash")
}
