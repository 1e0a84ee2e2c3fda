package perf

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"time"

	"diorama/iso"
	"diorama/mathx"
	"diorama/physics"
	"diorama/raster"
)

// Seed 000 §3.6.2 timed Tanktrum's render tick on the same control map,
// stopping the view over parts of the map with different numbers of
// entities on screen: without culling 144 elements were drawn every tick
// in 11 ms; with culling (a rectangle test per object) Table 3.1.

// SeedOnScreen are the on-screen entity counts of seed 000's Table 3.1;
// Table31 its average render tick in ms with culling for each.
var (
	SeedOnScreen = []int{19, 30, 56, 100, 160}
	Table31      = []float64{10, 15, 15, 16, 18}
)

// Seed 000's render tick without culling: 144 elements, always 11 ms.
const (
	SeedNoCullElements = 144
	SeedNoCullMS       = 11
)

// CullScale is the control map scale of the culling table: 201 tanks and
// 68 walls on a 48×48-tile room, about three screens of 800×480 at 32×16
// tiles, so the view can hold from a handful to over 160 entities (the
// seed's room at the same tile size fits on one screen).
const CullScale = 2

// CullScene is the control map drawn on the engine's iso grid at 800×480:
// a floor tile layer, the merged walls as depth-sorted blocks and the
// settled tanks as sprites, rendered either through the engine's culling
// (iso.Painter: tiles from the view's cell range, objects by a rectangle
// test against the view) or with every tile and object sent to the draw
// list and only clipped by the rasterizer.
type CullScene struct {
	Map   *ControlMap
	Grid  *iso.Grid
	Cam   *iso.Camera
	Frame *raster.Frame
	// Objects are the walls then the tanks; Walls of them are walls.
	Objects []iso.Object
	Walls   int

	floor  iso.TileLayer
	all    []iso.Tile // every floor tile, in painter's order
	pt     *iso.Painter
	sorter *iso.Sorter
	dl     *raster.DrawList
	ren    *raster.Renderer
}

var cullBG = color.RGBA{24, 24, 32, 255}

// NewCullScene builds the culling scene at the given control map scale,
// drawn by a renderer with the given worker count (0: GOMAXPROCS).
func NewCullScene(scale, workers int) (*CullScene, error) {
	m, err := NewControlMap(scale)
	if err != nil {
		return nil, err
	}
	tanks, err := m.Settle()
	if err != nil {
		return nil, err
	}
	p, err := iso.Dimetric(TileW)
	if err != nil {
		return nil, err
	}
	g, err := iso.NewDiamond(p, m.Side, m.Side)
	if err != nil {
		return nil, err
	}
	s := &CullScene{Map: m, Grid: g, Cam: iso.NewCamera(ScreenW, ScreenH)}
	if s.Frame, err = raster.NewFrame(ScreenW, ScreenH); err != nil {
		return nil, err
	}
	n := m.Side
	s.floor = iso.TileLayer{
		Tiles: make([]int32, n*n),
		Sprites: []*raster.Sprite{
			raster.MustSprite(iso.TileImage(p, color.RGBA{120, 110, 90, 255})),
			raster.MustSprite(iso.TileImage(p, color.RGBA{110, 100, 82, 255})),
		},
	}
	for j := 0; j < n; j++ {
		for i := 0; i < n; i++ {
			c, r := g.CellTile(i, j)
			t := int32((i + j) & 1)
			if m.Solid[j*n+i] {
				t = -1
			}
			s.floor.Tiles[r*n+c] = t
		}
	}
	boxes, err := physics.MergeTiles(m.tileMap())
	if err != nil {
		return nil, err
	}
	for _, b := range boxes {
		o, err := g.BlockObject(b.Col, b.Row, b.W, b.H, 0, 20,
			color.RGBA{60, 60, 60, 255}, color.RGBA{40, 40, 40, 255}, color.RGBA{30, 30, 30, 255})
		if err != nil {
			return nil, err
		}
		s.Objects = append(s.Objects, o)
	}
	s.Walls = len(s.Objects)
	// Tanks: solid-fill sprites as in Tanktrum (no texture), red AI and a
	// green player.
	ai, player := tankSprite(color.RGBA{190, 50, 40, 255}), tankSprite(color.RGBA{50, 170, 60, 255})
	for k, t := range tanks {
		sp := ai
		if k == len(tanks)-1 {
			sp = player
		}
		feet := mathx.V3(t.Pos.X/ControlTile, t.Pos.Y/ControlTile, 0)
		s.Objects = append(s.Objects, g.SpriteObject(sp, feet, 0.375, 0.5))
	}
	s.all = g.AppendVisible(nil, g.Bounds(), iso.Overdraw{})
	s.pt = iso.NewPainter(g, s.Cam)
	s.sorter = iso.NewSorter(p)
	s.dl = raster.NewDrawList()
	s.ren = raster.NewRenderer(workers)
	return s, nil
}

// tankSprite is a 20×14 solid-fill tank: a body and a darker barrel.
func tankSprite(c color.RGBA) *raster.Sprite {
	img := image.NewRGBA(image.Rect(0, 0, 20, 14))
	dark := color.RGBA{c.R / 2, c.G / 2, c.B / 2, 255}
	for y := 4; y < 14; y++ {
		for x := 1; x < 19; x++ {
			img.SetRGBA(x, y, c)
		}
	}
	for y := 0; y < 6; y++ {
		for x := 9; x < 11; x++ {
			img.SetRGBA(x, y, dark)
		}
	}
	return raster.MustSprite(img)
}

// Close stops the renderer's and sorter's goroutines.
func (s *CullScene) Close() {
	s.ren.Close()
	s.sorter.Close()
}

// OnScreen counts the entities (walls and tanks) with a part inside the
// camera's view: what the culled render draws.
func (s *CullScene) OnScreen() int {
	view := s.Cam.View()
	n := 0
	for _, o := range s.Objects {
		for _, p := range o.Parts {
			r := mathx.Rect{Min: p.At, Max: p.At.Add(mathx.Point{X: p.Sprite.W(), Y: p.Sprite.H()})}
			if r.Overlaps(view) {
				n++
				break
			}
		}
	}
	return n
}

// Render draws one frame into s.Frame, with the engine's culling or
// without (every tile and object queued, depth-sorted and clipped by the
// rasterizer), and returns how many draw commands the frame had.
func (s *CullScene) Render(cull bool) (int, error) {
	dl := s.dl
	dl.Reset()
	dl.Clear(cullBG)
	if cull {
		if err := s.pt.Layer(dl, &s.floor, 0); err != nil {
			return 0, err
		}
		for _, o := range s.Objects {
			if err := s.pt.Add(o); err != nil {
				return 0, err
			}
		}
		s.pt.Objects(dl, 1)
	} else {
		for _, t := range s.all {
			si := s.floor.Tiles[t.Row*s.Grid.Cols+t.Col]
			if si < 0 {
				continue
			}
			sp := s.floor.Sprites[si]
			b := s.Grid.TileBounds(t.Col, t.Row, 0)
			at := s.Cam.MapPixelToScreen(mathx.Point{X: b.Min.X, Y: b.Max.Y - sp.H()})
			dl.Sprite(0, sp, at.X, at.Y, nil)
		}
		s.sorter.Reset()
		for _, o := range s.Objects {
			if _, err := s.sorter.Add(o.Box); err != nil {
				return 0, err
			}
		}
		depth := int64(1)
		for _, k := range s.sorter.Sort() {
			for _, p := range s.Objects[k].Parts {
				at := s.Cam.MapPixelToScreen(p.At)
				dl.Sprite(depth, p.Sprite, at.X, at.Y, nil)
			}
			depth++
		}
	}
	n := dl.Len()
	s.ren.Render(s.Frame, dl)
	return n, nil
}

// Views returns camera centres (map pixels) whose on-screen entity counts
// come nearest each target, searched over a 16-pixel lattice of centres
// inside the map's bounds (the view may hang over the map's edge, as a
// camera following a player to a corner does), and the counts found.
func (s *CullScene) Views(targets []int) ([]mathx.Vec2, []int) {
	b := s.Grid.Bounds()
	type cand struct {
		c mathx.Vec2
		n int
	}
	var cs []cand
	save := s.Cam.Center
	for y := b.Min.Y; y <= b.Max.Y; y += 16 {
		for x := b.Min.X; x <= b.Max.X; x += 16 {
			s.Cam.Center = mathx.V2(float64(x), float64(y))
			cs = append(cs, cand{s.Cam.Center, s.OnScreen()})
		}
	}
	s.Cam.Center = save
	centres := make([]mathx.Vec2, len(targets))
	counts := make([]int, len(targets))
	for k, t := range targets {
		best := -1
		for i, c := range cs {
			if best < 0 || abs(c.n-t) < abs(cs[best].n-t) {
				best = i
			}
		}
		if best >= 0 {
			centres[k], counts[k] = cs[best].c, cs[best].n
		}
	}
	return centres, counts
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// CullRow is one row of the reproduced Table 3.1.
type CullRow struct {
	SeedOnScreen int     // the seed's entities on screen
	SeedCullMS   float64 // the seed's render tick with culling
	Center       mathx.Vec2
	OnScreen     int // entities on screen here
	// Draw commands per frame (tiles, wall faces, tanks, the clear).
	CullCmds, NoCullCmds int
	// Best mean render time per frame (draw list + raster), ms.
	CullMS, NoCullMS float64
}

// CullOptions sets how CullTable measures.
type CullOptions struct {
	Scale   int // control map scale (default CullScale)
	Workers int // renderer workers (default 1, as the seed's one thread)
	// Frames timed per repeat (default 20); Repeats whose best mean is
	// kept (default 20).
	Frames, Repeats int
}

// CullTable reproduces seed 000's Table 3.1: for each of the seed's
// on-screen counts it finds the view nearest that count and times frames
// with and without culling, alternating so load falls on both alike.
func CullTable(o CullOptions) ([]CullRow, error) {
	if o.Scale == 0 {
		o.Scale = CullScale
	}
	if o.Workers <= 0 {
		o.Workers = 1
	}
	if o.Frames <= 0 {
		o.Frames = 20
	}
	if o.Repeats <= 0 {
		o.Repeats = 20
	}
	s, err := NewCullScene(o.Scale, o.Workers)
	if err != nil {
		return nil, err
	}
	defer s.Close()
	centres, counts := s.Views(SeedOnScreen)
	rows := make([]CullRow, len(centres))
	for k := range rows {
		r := CullRow{SeedOnScreen: SeedOnScreen[k], SeedCullMS: Table31[k], Center: centres[k], OnScreen: counts[k],
			CullMS: math.Inf(1), NoCullMS: math.Inf(1)}
		s.Cam.Center = centres[k]
		if r.CullCmds, err = s.Render(true); err != nil {
			return nil, err
		}
		if r.NoCullCmds, err = s.Render(false); err != nil {
			return nil, err
		}
		for rep := 0; rep < o.Repeats; rep++ {
			for _, cull := range []bool{true, false} {
				t := time.Now()
				for f := 0; f < o.Frames; f++ {
					if _, err := s.Render(cull); err != nil {
						return nil, err
					}
				}
				ms := time.Since(t).Seconds() * 1e3 / float64(o.Frames)
				if cull {
					r.CullMS = math.Min(r.CullMS, ms)
				} else {
					r.NoCullMS = math.Min(r.NoCullMS, ms)
				}
			}
		}
		rows[k] = r
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("perf: no views")
	}
	return rows, nil
}
