package perf

import (
	"image"
	"image/color"
	"testing"

	"diorama/mathx"
	"diorama/raster"
)

// TestStampMatchesDrawSprite: the batched blit, split in any number of
// bands, writes exactly the pixels raster.DrawSprite writes for the same
// positions in the same order, including sprites cut by the frame's edges
// and translucent sprites refused.
func TestStampMatchesDrawSprite(t *testing.T) {
	sp := bulletSprite()
	st := newStamp(sp)
	if st == nil {
		t.Fatal("the opaque bullet sprite was refused")
	}
	var r mathx.Rand
	r.Seed(3)
	const fw, fh = 37, 29
	xy := make([]int32, 0, 2*400)
	for k := 0; k < 400; k++ {
		xy = append(xy, int32(r.IntN(fw+8)-4), int32(r.IntN(fh+8)-4))
	}
	want, _ := raster.NewFrame(fw, fh)
	want.Clear(color.RGBA{10, 20, 30, 255})
	for k := 0; k < len(xy); k += 2 {
		raster.DrawSprite(want, want.Bounds(), sp, int(xy[k]), int(xy[k+1]), nil)
	}
	for _, n := range []int{1, 2, 3, 7, -1, -2} {
		// Negative: the stamp prepared for the frame's stride (whole
		// stamps stored by offset), -n bands.
		if n < 0 {
			st.prepare(fw)
			n = -n
		}
		got, _ := raster.NewFrame(fw, fh)
		got.Clear(color.RGBA{10, 20, 30, 255})
		for b := 0; b < n; b++ {
			y0, y1 := frameBand(fh, n, b)
			// Split the positions over two lists, as two slot chunks.
			st.blitBand(got, y0, y1, [][]int32{xy[:200], xy[200:]})
		}
		for k := range want.Pix {
			if got.Pix[k] != want.Pix[k] {
				t.Fatalf("%d bands: byte %d (pixel %d, %d) is %d, DrawSprite wrote %d",
					n, k, k/4%fw, k/4/fw, got.Pix[k], want.Pix[k])
			}
		}
	}
	img := image.NewRGBA(image.Rect(0, 0, 2, 2))
	img.SetRGBA(0, 0, color.RGBA{100, 0, 0, 128})
	if newStamp(raster.MustSprite(img)) != nil {
		t.Fatal("a translucent sprite was accepted for the opaque blit")
	}
	// One colour: repeats may be skipped; two colours: they may not.
	img.SetRGBA(0, 0, color.RGBA{100, 0, 0, 255})
	img.SetRGBA(1, 1, color.RGBA{0, 100, 0, 255})
	if !st.mono || newStamp(raster.MustSprite(img)).mono {
		t.Fatalf("mono: bullet %v, two-colour sprite true", st.mono)
	}
}

// TestBatchedBulletsSamePicture: the bullet test's frame is byte-identical
// whether bullets are drawn by the batched blit or one draw-list command
// each, for 1, 2, 3, 9 and 16 workers (one slot chunk and one band of rows
// per worker: 480 rows in 9 bands leave a short last one) and pipelined.
func TestBatchedBulletsSamePicture(t *testing.T) {
	var ref []byte
	for _, listed := range []bool{true, false} {
		for _, w := range []int{1, 2, 3, 9, 16, -2} {
			s := newScene(t, Config{Test: Bullets, Count: 700, Workers: max(w, -w), Seed: 2, Pipeline: w < 0})
			s.listBullets = listed
			for k := 0; k < 2*TPS; k++ {
				s.Tick()
			}
			if err := s.Render(0.5); err != nil {
				t.Fatal(err)
			}
			s.Sync()
			if s.Drawn < 2500 {
				t.Fatalf("only %d bullets drawn", s.Drawn)
			}
			pix := s.Frame.Image().Pix
			if ref == nil {
				ref = append([]byte(nil), pix...)
				continue
			}
			for k := range pix {
				if pix[k] != ref[k] {
					t.Fatalf("listed %v, %d workers (negative: pipelined) differ from the draw lists at byte %d", listed, w, k)
				}
			}
		}
	}
}

// TestBulletWorkersDeterministic: stepping bullets on 2 physics goroutines
// (the scene's workers) leaves the same world state as on 1, with enough
// bullets alive (over 4,096) for the second goroutine to run.
func TestBulletWorkersDeterministic(t *testing.T) {
	var hashes []uint64
	for _, w := range []int{1, 2} {
		s := newScene(t, Config{Test: Bullets, Count: 1200, Workers: w, Seed: 7})
		if s.World.Phys.Workers() != w {
			t.Fatalf("physics steps bullets on %d goroutines, want %d", s.World.Phys.Workers(), w)
		}
		for k := 0; k < 3*TPS; k++ {
			s.Tick()
		}
		if s.World.Bullets().Len() < 5000 {
			t.Fatalf("only %d bullets alive", s.World.Bullets().Len())
		}
		hashes = append(hashes, s.World.StateHash())
	}
	if hashes[0] != hashes[1] {
		t.Fatalf("state hash with 1 worker %#x, with 2 %#x", hashes[0], hashes[1])
	}
}

// TestUnitWorkersDeterministic: steering 2,000 units with the force pass
// on 2 goroutines leaves the same world state as on 1.
func TestUnitWorkersDeterministic(t *testing.T) {
	var hashes []uint64
	for _, w := range []int{1, 2} {
		s := newScene(t, Config{Test: Units, Count: 2000, Workers: w, Seed: 7, steerWorkers: w})
		if s.World.Crowd().Config().Workers != w {
			t.Fatalf("steer runs on %d goroutines, want %d", s.World.Crowd().Config().Workers, w)
		}
		for k := 0; k < TPS; k++ {
			s.Tick()
		}
		hashes = append(hashes, s.World.StateHash())
	}
	if hashes[0] != hashes[1] {
		t.Fatalf("state hash with 1 worker %#x, with 2 %#x", hashes[0], hashes[1])
	}
}
