package iso

import (
	"fmt"

	"diorama/mathx"
)

// ObjectGrid is a static spatial index of objects (walls, buildings,
// props) by their map-pixel bounds, so that a frame only looks at the
// objects near the view: the cost of [ObjectGrid.AddVisible] follows what
// is on screen, not how many objects the map holds. Moving objects
// (characters) are few and go to the Painter directly.
type ObjectGrid struct {
	objs   []Object
	rects  []mathx.Rect
	origin mathx.Point
	chunk  int
	cols   int
	rows   int
	start  []int32 // CSR: chunk c holds items[start[c]:start[c+1]]
	items  []int32
	stamp  []uint32
	epoch  uint32
}

// maxChunks bounds the index size.
const maxChunks = 1 << 22

// NewObjectGrid indexes objs (kept by reference) in square chunks of
// chunk map pixels.
func NewObjectGrid(objs []Object, chunk int) (*ObjectGrid, error) {
	if chunk < 16 {
		return nil, fmt.Errorf("iso: object grid chunk %d pixels (at least 16)", chunk)
	}
	og := &ObjectGrid{objs: objs, chunk: chunk, rects: make([]mathx.Rect, len(objs)), stamp: make([]uint32, len(objs))}
	var u mathx.Rect
	for i, o := range objs {
		if !o.Box.IsFinite() {
			return nil, fmt.Errorf("iso: object %d has an invalid box", i)
		}
		var r mathx.Rect
		for _, p := range o.Parts {
			if p.Sprite != nil {
				r = r.Union(p.rect())
			}
		}
		og.rects[i] = r
		u = u.Union(r)
	}
	og.origin = u.Min
	og.cols = u.Dx()/chunk + 1
	og.rows = u.Dy()/chunk + 1
	if og.cols*og.rows > maxChunks {
		return nil, fmt.Errorf("iso: object grid of %d×%d chunks is too large; use a bigger chunk", og.cols, og.rows)
	}
	og.start = make([]int32, og.cols*og.rows+1)
	og.each(func(c, _ int) { og.start[c+1]++ })
	for c := 1; c < len(og.start); c++ {
		og.start[c] += og.start[c-1]
	}
	og.items = make([]int32, og.start[len(og.start)-1])
	fill := append([]int32(nil), og.start[:len(og.start)-1]...)
	og.each(func(c, i int) {
		og.items[fill[c]] = int32(i)
		fill[c]++
	})
	return og, nil
}

// each calls f(chunk, object) for every chunk each object's rectangle
// touches.
func (og *ObjectGrid) each(f func(c, i int)) {
	for i, r := range og.rects {
		if r.Empty() {
			continue
		}
		c0, c1, r0, r1 := og.span(r)
		for cy := r0; cy <= r1; cy++ {
			for cx := c0; cx <= c1; cx++ {
				f(cy*og.cols+cx, i)
			}
		}
	}
}

// span returns the chunk columns and rows r touches, clamped to the grid.
func (og *ObjectGrid) span(r mathx.Rect) (c0, c1, r0, r1 int) {
	c0 = mathx.ClampInt(floorDivInt(r.Min.X-og.origin.X, og.chunk), 0, og.cols-1)
	c1 = mathx.ClampInt(floorDivInt(r.Max.X-1-og.origin.X, og.chunk), 0, og.cols-1)
	r0 = mathx.ClampInt(floorDivInt(r.Min.Y-og.origin.Y, og.chunk), 0, og.rows-1)
	r1 = mathx.ClampInt(floorDivInt(r.Max.Y-1-og.origin.Y, og.chunk), 0, og.rows-1)
	return
}

// AddVisible adds to pt every indexed object whose image overlaps the
// painter's camera view, each once, and returns how many it added.
func (og *ObjectGrid) AddVisible(pt *Painter) int {
	view := pt.Cam.View()
	if len(og.objs) == 0 || view.Empty() {
		return 0
	}
	og.epoch++
	if og.epoch == 0 { // wrapped: forget old stamps
		clear(og.stamp)
		og.epoch = 1
	}
	c0, c1, r0, r1 := og.span(view)
	n := 0
	for cy := r0; cy <= r1; cy++ {
		for cx := c0; cx <= c1; cx++ {
			c := cy*og.cols + cx
			for _, i := range og.items[og.start[c]:og.start[c+1]] {
				if og.stamp[i] == og.epoch {
					continue
				}
				og.stamp[i] = og.epoch
				if og.rects[i].Overlaps(view) {
					pt.objs = append(pt.objs, og.objs[i])
					n++
				}
			}
		}
	}
	return n
}
