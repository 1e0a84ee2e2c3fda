package raster

import (
	"cmp"
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"diorama/mathx"
)

// An empty clip draws nothing: every kind of command added under it,
// including Clear, leaves the frame untouched, through Draw and through the
// Renderer, for a new list and for the zero value.
func TestDrawListEmptyClipDrawsNothing(t *testing.T) {
	s := testSprite(t, 16, 16, 5)
	red := color.RGBA{200, 0, 0, 255}
	for _, clip := range []image.Rectangle{
		{},                         // the zero rectangle
		image.Rect(5, 5, 5, 12),    // zero width
		image.Rect(3, 9, 14, 9),    // zero height
		image.Rect(40, 40, 60, 60), // outside the frame is not empty, but draws nothing here either
	} {
		for _, zero := range []bool{false, true} {
			l := NewDrawList()
			if zero {
				l = new(DrawList)
			}
			l.SetClip(clip)
			l.Clear(red)
			l.Sprite(0, s, 0, 0, nil)
			l.CopySprite(0, s, 2, 2)
			l.FillRect(0, image.Rect(0, 0, 16, 16), red)
			l.Line(0, 0, 0, 15, 15, red)
			l.FillCircle(0, mathx.V2(8, 8), 6, red, true)
			got := mustFrame(t, 16, 16)
			l.Draw(got)
			for i, v := range got.Pix {
				if v != 0 {
					t.Fatalf("clip %v (zero value %v): byte %d is %d, want an untouched frame", clip, zero, i, v)
				}
			}
			rd := NewRenderer(2)
			rd.Render(got, l)
			rd.Close()
			for i, v := range got.Pix {
				if v != 0 {
					t.Fatalf("clip %v (zero value %v), Renderer: byte %d is %d", clip, zero, i, v)
				}
			}
			// ClearClip lifts the empty clip again.
			l.ClearClip()
			l.FillRect(1, image.Rect(0, 0, 1, 1), red)
			l.Draw(got)
			if got.Pix[0] != 200 {
				t.Fatalf("clip %v: after ClearClip the fill did not draw", clip)
			}
		}
	}
}

// sortedRef returns the command indices of l in stable depth order, the
// reference for Sort.
func sortedRef(l *DrawList) []uint32 {
	ref := make([]uint32, len(l.cmds))
	for i := range ref {
		ref[i] = uint32(i)
	}
	slices.SortStableFunc(ref, func(a, b uint32) int { return cmp.Compare(l.depths[a], l.depths[b]) })
	return ref
}

// sortCommands gives exactly the stable order, and runs only the radix passes the
// depth range needs: a Clear (drawn first, whatever the other depths) costs
// none, bytes that are equal in every key cost none.
func TestDrawListSortPasses(t *testing.T) {
	s := testSprite(t, 4, 4, 1)
	r := rand.New(rand.NewPCG(4, 4))
	cases := []struct {
		name   string
		clears int
		depth  func(i int) int64
		passes int
	}{
		{"empty", 0, nil, 0},
		{"one depth", 0, func(int) int64 { return 7 }, 0},
		{"one depth and Clear", 1, func(int) int64 { return -7 }, 0},
		{"byte range", 0, func(int) int64 { return int64(r.IntN(256)) - 1000 }, 1},
		{"byte range straddling 256", 0, func(int) int64 { return 250 + int64(r.IntN(200)) }, 1},
		{"byte range and Clear", 2, func(int) int64 { return int64(r.IntN(256)) }, 1},
		{"16-bit range and Clear", 1, func(int) int64 { return int64(r.IntN(1 << 16)) }, 2},
		{"20-bit range and Clear", 1, func(int) int64 { return int64(r.IntN(1 << 20)) }, 3},
		{"layers (low byte constant)", 1, func(int) int64 { return int64(r.IntN(200)) << 8 }, 1},
		{"extremes", 1, func(i int) int64 {
			return []int64{math.MaxInt64, math.MinInt64, 0, -1, 1, math.MinInt64 + 1}[i%6]
		}, 8},
		{"full range", 1, func(int) int64 { return int64(r.Uint64()) }, 8},
	}
	for _, c := range cases {
		for _, n := range []int{0, 1, 5, 3000} {
			if c.depth == nil && n > 0 {
				continue
			}
			l := NewDrawList()
			for i := 0; i < n; i++ {
				if c.clears > 0 && i%(n/c.clears+1) == n/3 {
					l.Clear(color.RGBA{1, 2, 3, 255})
				}
				l.Sprite(c.depth(i), s, 0, 0, nil)
			}
			l.sortCommands()
			if want := sortedRef(l); !slices.Equal(l.order, want) {
				t.Fatalf("%s, n=%d: order differs from the stable reference", c.name, n)
			}
			if n >= 1000 && l.passes != c.passes {
				t.Errorf("%s, n=%d: %d radix passes, want %d", c.name, n, l.passes, c.passes)
			}
		}
	}
}

// A command explicitly at the smallest depth keeps its place among Clears
// (insertion order), as a stable sort on math.MinInt64 would have it.
func TestDrawListSortMinDepthStable(t *testing.T) {
	s := testSprite(t, 4, 4, 1)
	r := rand.New(rand.NewPCG(5, 5))
	l := NewDrawList()
	for i := 0; i < 2000; i++ {
		switch r.IntN(5) {
		case 0:
			l.Clear(color.RGBA{uint8(i), 0, 0, 255})
		case 1:
			l.Sprite(math.MinInt64, s, 0, 0, nil)
		default:
			l.Sprite(int64(r.IntN(1000))-500, s, 0, 0, nil)
		}
	}
	l.sortCommands()
	if want := sortedRef(l); !slices.Equal(l.order, want) {
		t.Fatal("order differs from the stable reference")
	}
	// Sorting again (already sorted) and after appending keeps it right.
	l.sortCommands()
	l.Sprite(math.MinInt64, s, 0, 0, nil)
	l.sortCommands()
	if want := sortedRef(l); !slices.Equal(l.order, want) {
		t.Fatal("order after append differs from the stable reference")
	}
}
