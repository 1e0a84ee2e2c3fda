package perf

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"diorama/atlas"
	"diorama/iso"
	"diorama/mathx"
	"diorama/physics"
	"diorama/raster"
	"diorama/scene"
)

// Screen size of both tests: the seed's 800×480.
const (
	ScreenW = 800
	ScreenH = 480
)

// TPS is the fixed simulation rate: one tick per 60 FPS frame.
const TPS = 60

// RoomSize is the side, in tiles (walls included), of the seed's
// "sparsely populated room": on a 32×16 dimetric grid a 24×24 diamond is
// 768×384 map pixels, so the whole room fits in the 800×480 frame.
const RoomSize = 24

// TileW is the width in pixels of a floor tile (2:1 dimetric).
const TileW = 32

// pillar is a 2×2 solid block inside the room, by its lowest cell.
type pillar struct{ i, j int }

// pillars of the room: off the axes and diagonals of the centre so that
// some ring directions hit them and others fly on. Scaled rooms (the unit
// sweep) repeat the pattern every RoomSize cells.
var pillars = []pillar{{5, 8}, {15, 5}, {17, 14}, {7, 16}}

// level is a built room: its world plus the solid mask.
type level struct {
	w     *scene.World
	size  int
	solid []bool // size×size, row-major (j*size + i)
	boxes []physics.TileBox
}

// solidAt reports whether world cell (i, j) is a wall.
func (l *level) solidAt(i, j int) bool {
	if i < 0 || j < 0 || i >= l.size || j >= l.size {
		return true
	}
	return l.solid[j*l.size+i]
}

// roomSolid returns the solid cells of a room of the given side: a
// one-tile wall ring and the 2×2 pillars, row-major (j*size + i).
func roomSolid(size int) []bool {
	solid := make([]bool, size*size)
	for k := 0; k < size; k++ {
		solid[k] = true
		solid[(size-1)*size+k] = true
		solid[k*size] = true
		solid[k*size+size-1] = true
	}
	for bj := 0; bj+RoomSize <= size+RoomSize/2; bj += RoomSize {
		for bi := 0; bi+RoomSize <= size+RoomSize/2; bi += RoomSize {
			for _, pl := range pillars {
				i, j := bi+pl.i, bj+pl.j
				if i+1 >= size-1 || j+1 >= size-1 {
					continue
				}
				solid[j*size+i], solid[j*size+i+1] = true, true
				solid[(j+1)*size+i], solid[(j+1)*size+i+1] = true, true
			}
		}
	}
	return solid
}

// Room returns the bullet test's room for peers that rebuild the scene
// their own way: its side in tiles and its solid cells, row-major
// (j*side + i), walls and pillars. The player stands at (side/2, side/2).
func Room() (side int, solid []bool) { return RoomSize, roomSolid(RoomSize) }

// Muzzle is how far from the shooter's centre a bullet starts.
const Muzzle = muzzle

// newLevel builds a square room of the given side (in tiles, walls
// included): a one-tile wall ring, 2×2 pillars, a floor layer and the
// walls drawn as depth-sorted blocks (the outer ring low so it never
// hides what is inside).
func newLevel(size int, seed uint64, maxBullets int) (*level, error) {
	if size < 8 || size > 4096 {
		return nil, fmt.Errorf("perf: room size %d out of range [8, 4096]", size)
	}
	p, err := iso.Dimetric(TileW)
	if err != nil {
		return nil, err
	}
	g, err := iso.NewDiamond(p, size, size)
	if err != nil {
		return nil, err
	}
	w, err := scene.NewWorld(scene.Config{Grid: g, TPS: TPS, Seed: seed, MaxBullets: maxBullets})
	if err != nil {
		return nil, err
	}
	l := &level{w: w, size: size, solid: roomSolid(size)}
	tm := physics.SolidTiles{Cols: size, Rows: size, TileW: 1, TileH: 1, Solid: l.solid}
	if l.boxes, err = physics.MergeTiles(tm); err != nil {
		return nil, err
	}
	if _, _, err := w.Phys.AddSolidTiles(tm); err != nil {
		return nil, err
	}
	// Floor: a checker of two greens, nothing under walls.
	tl := iso.TileLayer{
		Tiles: make([]int32, size*size),
		Sprites: []*raster.Sprite{
			raster.MustSprite(iso.TileImage(p, color.RGBA{86, 122, 78, 255})),
			raster.MustSprite(iso.TileImage(p, color.RGBA{78, 112, 72, 255})),
		},
	}
	for j := 0; j < size; j++ {
		for i := 0; i < size; i++ {
			c, r := g.CellTile(i, j)
			t := int32((i + j) & 1)
			if l.solid[j*size+i] {
				t = -1
			}
			tl.Tiles[r*size+c] = t
		}
	}
	w.Layers = append(w.Layers, scene.Layer{Name: "ground", TileLayer: tl})
	// Blocks of one size share their sprites: a block's faces are the
	// same pixels wherever it stands (cells move it by whole pixels), so
	// each size is drawn once and moved (a large unit room has thousands
	// of pillars; drawing each took most of its setup time).
	type blockKey struct{ w, h, z int }
	blocks := map[blockKey]iso.Object{}
	at0 := g.ToScreen(mathx.V3(0, 0, 0))
	for _, db := range drawnBlocks(l.boxes) {
		b, h := db.TileBox, db.h
		top, left, right := color.RGBA{150, 140, 128, 255}, color.RGBA{110, 100, 92, 255}, color.RGBA{90, 82, 76, 255}
		if noBlockCache {
			o, err := g.BlockObject(b.Col, b.Row, b.W, b.H, 0, h, top, left, right)
			if err != nil {
				return nil, err
			}
			if _, err := w.Create(scene.EntityDef{Kind: scene.Object, Name: "wall", Class: "wall",
				Pos: mathx.V3(float64(b.Col)+float64(b.W)/2, float64(b.Row)+float64(b.H)/2, 0), Drawing: o}); err != nil {
				return nil, err
			}
			continue
		}
		key := blockKey{b.W, b.H, h}
		o0, ok := blocks[key]
		if !ok {
			if o0, err = g.BlockObject(0, 0, b.W, b.H, 0, h, top, left, right); err != nil {
				return nil, err
			}
			blocks[key] = o0
		}
		d := g.ToScreen(mathx.V3(float64(b.Col), float64(b.Row), 0)).Sub(at0)
		shift := mathx.Point{X: int(math.Round(d.X)), Y: int(math.Round(d.Y))}
		off := mathx.V3(float64(b.Col), float64(b.Row), 0)
		o := iso.Object{Box: iso.Box{Min: o0.Box.Min.Add(off), Max: o0.Box.Max.Add(off)}, Parts: make([]iso.Part, len(o0.Parts))}
		for k, pt := range o0.Parts {
			pt.At = pt.At.Add(shift)
			o.Parts[k] = pt
		}
		if _, err := w.Create(scene.EntityDef{Kind: scene.Object, Name: "wall", Class: "wall",
			Pos: mathx.V3(float64(b.Col)+float64(b.W)/2, float64(b.Row)+float64(b.H)/2, 0), Drawing: o}); err != nil {
			return nil, err
		}
	}
	return l, nil
}

// drawnBlocks cuts the wall boxes into the blocks drawn for them: walls
// longer than RoomSize cells (the outer ring of a scaled room) in pieces
// of at most RoomSize, so no face sprite grows with the room (a 460-cell
// wall's top face alone was a 7,000×3,700-pixel sprite) and the depth
// sort relates units to the nearby piece of a wall. The seed's room is
// drawn as it was.
func drawnBlocks(boxes []physics.TileBox) []drawnBlock {
	var out []drawnBlock
	for _, b := range boxes {
		h := 24
		if b.W > 2 || b.H > 2 {
			h = 6 // the outer ring: low, so the near walls hide nothing
		}
		for b.W > RoomSize {
			out = append(out, drawnBlock{physics.TileBox{Col: b.Col, Row: b.Row, W: RoomSize, H: b.H}, h})
			b.Col, b.W = b.Col+RoomSize, b.W-RoomSize
		}
		for b.H > RoomSize {
			out = append(out, drawnBlock{physics.TileBox{Col: b.Col, Row: b.Row, W: b.W, H: RoomSize}, h})
			b.Row, b.H = b.Row+RoomSize, b.H-RoomSize
		}
		out = append(out, drawnBlock{b, h})
	}
	return out
}

// drawnBlock is a block drawn for a wall: cells and height in pixels.
type drawnBlock struct {
	physics.TileBox
	h int
}

// noBlockCache draws every wall block's sprites anew (tests compare).
var noBlockCache = false

// Frames is the number of animation frames of every unit sprite (the
// seed's "30 total frames of animation per sprite").
const Frames = 30

// unitKinds are the sizes (in pixels) of the seed's "completely different
// sprites, various sizes": 6 for 20–60 enemies, 11 for 115.
var unitKinds = []image.Point{
	{12, 18}, {14, 22}, {10, 14}, {16, 20}, {12, 24}, {18, 26},
	{14, 16}, {20, 28}, {10, 20}, {16, 24}, {12, 12},
}

// unitColours tint each kind.
var unitColours = []color.RGBA{
	{200, 60, 60, 255}, {60, 120, 210, 255}, {220, 180, 40, 255}, {150, 70, 200, 255},
	{60, 190, 140, 255}, {230, 120, 40, 255}, {120, 120, 120, 255}, {90, 60, 40, 255},
	{240, 100, 170, 255}, {40, 160, 200, 255}, {170, 210, 60, 255},
}

// unitFrame draws frame f of a kind: a body that bobs, two legs that
// swing, an eye that turns: every frame differs.
func unitFrame(size image.Point, c color.RGBA, f int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, size.X, size.Y))
	ph := 2 * math.Pi * float64(f) / Frames
	bob := int(math.Round(math.Sin(2*ph) * 1))
	legH := size.Y / 4
	bodyTop := 1 + bob + 1
	bodyBot := size.Y - legH
	cx := float64(size.X) / 2
	rx := float64(size.X)/2 - 0.5
	ry := float64(bodyBot-bodyTop) / 2
	cy := float64(bodyTop) + ry
	for y := bodyTop; y < bodyBot; y++ {
		for x := 0; x < size.X; x++ {
			dx, dy := (float64(x)+0.5-cx)/rx, (float64(y)+0.5-cy)/ry
			d := dx*dx + dy*dy
			switch {
			case d <= 0.8:
				shade := uint8(255 - 40*dy*dy)
				img.SetRGBA(x, y, color.RGBA{mul8(c.R, shade), mul8(c.G, shade), mul8(c.B, shade), 255})
			case d <= 1:
				img.SetRGBA(x, y, color.RGBA{c.R / 2, c.G / 2, c.B / 2, 128}) // translucent rim (premultiplied)
			}
		}
	}
	swing := int(math.Round(math.Sin(ph) * float64(size.X) / 6))
	for _, lx := range []int{size.X/3 + swing, 2*size.X/3 - swing} {
		for y := bodyBot - 1; y < size.Y; y++ {
			for x := lx - 1; x <= lx; x++ {
				if x >= 0 && x < size.X {
					img.SetRGBA(x, y, color.RGBA{40, 30, 30, 255})
				}
			}
		}
	}
	ex := int(cx + math.Cos(ph)*rx*0.5)
	ey := int(cy - ry*0.3)
	if ex >= 0 && ex < size.X && ey >= 0 && ey < size.Y {
		img.SetRGBA(ex, ey, color.RGBA{255, 255, 255, 255})
	}
	return img
}

func mul8(a, b uint8) uint8 { return uint8((uint32(a)*uint32(b) + 127) / 255) }

// unitLooks packs every kind's frames into one atlas and registers one
// look per kind: an idle clip (the first 10 frames, slow) and a walk
// clip of all 30 frames in each of IsoMob's four facings.
func unitLooks(w *scene.World, kinds int) ([]scene.LookID, error) {
	if kinds < 1 || kinds > len(unitKinds) {
		return nil, fmt.Errorf("perf: %d unit kinds, want 1..%d", kinds, len(unitKinds))
	}
	b := atlas.NewBuilder(atlas.Options{Trim: true})
	for k := 0; k < kinds; k++ {
		for f := 0; f < Frames; f++ {
			if err := b.Add(fmt.Sprintf("unit%d/%02d", k, f), unitFrame(unitKinds[k], unitColours[k], f)); err != nil {
				return nil, err
			}
		}
	}
	a, err := b.Build()
	if err != nil {
		return nil, err
	}
	sprites, err := a.Sprites()
	if err != nil {
		return nil, err
	}
	dirs := atlas.IsoMobDirections
	looks := make([]scene.LookID, kinds)
	for k := 0; k < kinds; k++ {
		walk, err := a.ClipFromNames(fmt.Sprintf("unit%d-walk", k), fmt.Sprintf("unit%d/", k), 2, atlas.Forward, 0)
		if err != nil {
			return nil, err
		}
		idle := atlas.Clip{Name: fmt.Sprintf("unit%d-idle", k), Frames: append([]int(nil), walk.Frames[:10]...),
			Durations: make([]int, 10), Dir: atlas.PingPong}
		for i := range idle.Durations {
			idle.Durations[i] = 4
		}
		l := &scene.Look{Frames: sprites, Dirs: dirs}
		for range dirs.Angles {
			wc, ic := walk, idle
			l.Clips[scene.Walk] = append(l.Clips[scene.Walk], &wc)
			l.Clips[scene.Idle] = append(l.Clips[scene.Idle], &ic)
		}
		id, err := w.Looks().Add(l)
		if err != nil {
			return nil, err
		}
		looks[k] = id
	}
	return looks, nil
}

// bulletSprite is a 4×4 yellow dot with cut corners, fully opaque: four
// opaque runs and no blending, the cheapest sprite the RLE blitter draws
// (translucent corners would double its runs and add blending; callgrind:
// about 890 instructions per 4×4 bullet blit with them).
func bulletSprite() *raster.Sprite {
	img := image.NewRGBA(image.Rect(0, 0, 4, 4))
	for y := 0; y < 4; y++ {
		for x := 0; x < 4; x++ {
			if (x == 0 || x == 3) && (y == 0 || y == 3) {
				continue
			}
			img.SetRGBA(x, y, color.RGBA{255, 236, 80, 255})
		}
	}
	return raster.MustSprite(img)
}
