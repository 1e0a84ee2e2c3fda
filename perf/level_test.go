package perf

import (
	"bytes"
	"testing"

	"diorama/mathx"
)

// TestBlockCacheSamePicture: walls drawn once per block size and moved
// give the same frames as every wall block drawn where it stands, at
// several camera positions over a scaled room.
func TestBlockCacheSamePicture(t *testing.T) {
	frames := func(cache bool) [][]byte {
		noBlockCache = !cache
		defer func() { noBlockCache = false }()
		s, err := New(Config{Test: Units, Count: 1500, Workers: 1, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		var out [][]byte
		for _, at := range []mathx.Vec2{{X: 0, Y: 0}, {X: 40, Y: 10}, {X: 10, Y: 70}, {X: 60, Y: 60}} {
			s.Cam.Center = s.World.Grid.ToScreen(mathx.V3(at.X, at.Y, 0))
			if err := s.Render(0.5); err != nil {
				t.Fatal(err)
			}
			s.Sync()
			out = append(out, bytes.Clone(s.Frame.Pix))
		}
		return out
	}
	a, b := frames(true), frames(false)
	for k := range a {
		if !bytes.Equal(a[k], b[k]) {
			t.Fatalf("view %d differs with the block cache", k)
		}
	}
}
