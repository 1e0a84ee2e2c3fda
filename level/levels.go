package level

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"math/bits"
	"time"

	"diorama/internal/loadutil"
	"diorama/iso"
	"diorama/mathx"
	"diorama/raster"
	"diorama/scene"
)

// Colours of the levels that bring no graphics (ASCII and image levels).
var (
	floorColor = color.RGBA{96, 140, 80, 255}
	wallTop    = color.RGBA{170, 170, 180, 255}
	wallLeft   = color.RGBA{120, 120, 135, 255}
	wallRight  = color.RGBA{90, 90, 105, 255}
)

// maxPhysicsCells bounds the physics broad-phase grid of a level's world:
// on larger levels its cell grows (2, 4, ... world units) so the grid
// stays within 1Mi cells, about 24 MiB, instead of 24 bytes a map cell.
const maxPhysicsCells = 1 << 20

// gridWorld makes a diamond grid of cols × rows and a world on it.
func gridWorld(cols, rows int, opt *Options) (*scene.World, error) {
	cell := 1.0
	for float64(cols)*float64(rows) > maxPhysicsCells*cell*cell {
		cell *= 2
	}
	p, err := opt.proj()
	if err != nil {
		return nil, err
	}
	g, err := iso.NewDiamond(p, cols, rows)
	if err != nil {
		return nil, err
	}
	w, err := scene.NewWorld(scene.Config{Grid: g, Seed: opt.Seed, TPS: opt.TPS, MaxBullets: opt.MaxBullets, CellSize: cell})
	if err != nil {
		return nil, err
	}
	if err := opt.prepare(w); err != nil {
		return nil, err
	}
	return w, nil
}

// floorLayer is one flat tile on every cell where floor(k) holds.
func floorLayer(g *iso.Grid, c color.RGBA, floor func(k int) bool) (iso.TileLayer, error) {
	s, err := raster.NewSprite(iso.TileImage(g.Proj, c))
	if err != nil {
		return iso.TileLayer{}, err
	}
	l := iso.TileLayer{Tiles: make([]int32, g.Cols*g.Rows), Sprites: []*raster.Sprite{s}}
	for k := range l.Tiles {
		if !floor(k) {
			l.Tiles[k] = -1
		}
	}
	return l, nil
}

// BuildLimits bound the worlds BuildASCII, BuildImageLevel and
// BuildIsoXML make. Each is checked from the level's size and counts
// before the world, its layers or its entities are allocated, so a hostile
// level fails with an error (of kind ErrLimit) naming the file, what
// is too large and the field of Options.Limits that raises it,
// instead of exhausting memory or time. A zero field takes its value from
// DefaultBuildLimits.
type BuildLimits struct {
	// MaxCells bounds the grid (columns × rows); its floor layer and
	// physics map cost about 6 bytes a cell.
	MaxCells int64
	// MaxEntities bounds the entities made (wall blocks, spawn points and
	// what they spawn, doors, triggers, objects, characters) and, on its
	// own, the physics wall boxes. Walls are merged into blocks first, so
	// a level of long walls or large solid areas needs few.
	MaxEntities int
	// MaxFloorCells bounds the floor cells an IsoMob scene paints, summed
	// over its floors after each is clipped to the map.
	MaxFloorCells int64
	// MaxWallPixels bounds the pixels of the images an IsoMob scene's
	// walls are drawn with (one image a wall, as long and tall as it is
	// on screen), summed over its walls.
	MaxWallPixels int64
	// MaxTime bounds the time one build takes, checked between rows of
	// the grid and between entities.
	MaxTime time.Duration
}

// DefaultBuildLimits allow a 4096×4096 level, 131072 entities (a
// 4096×4096 level of solid wall takes 65536 blocks), 64Mi painted floor
// cells, 32Mi wall pixels (128 MiB of images) and 20 s.
var DefaultBuildLimits = BuildLimits{
	MaxCells:      1 << 24,
	MaxEntities:   1 << 17,
	MaxFloorCells: 1 << 26,
	MaxWallPixels: 1 << 25,
	MaxTime:       20 * time.Second,
}

// ErrLimit is the kind of the errors of a build that exceeds its
// BuildLimits, matched with errors.Is. It is the loaders' ErrLimit.
var ErrLimit = loadutil.ErrLimit

// withDefaults fills the fields that are not positive from DefaultBuildLimits.
func (l BuildLimits) withDefaults() BuildLimits { return loadutil.Defaults(l, DefaultBuildLimits) }

// budget is one build's BuildLimits and its clock.
type budget struct {
	file     string
	lim      BuildLimits
	deadline time.Time
	entities int
	used     []bool // mergeCells' scratch
}

func newBudget(file string, opt *Options) *budget {
	lim := opt.Limits.withDefaults()
	return &budget{file: file, lim: lim, deadline: time.Now().Add(lim.MaxTime)}
}

// limitErr is an ErrLimit error naming the file, what and the field
// that raises it.
func (b *budget) limitErr(field, format string, a ...any) error {
	return &loadutil.Error{File: b.file, Msg: fmt.Sprintf(format, a...) + " (raise level.Options.Limits." + field + ")", Kind: ErrLimit}
}

// cells checks a grid's size.
func (b *budget) cells(cols, rows int) error {
	if int64(cols)*int64(rows) > b.lim.MaxCells {
		return b.limitErr("MaxCells", "%d×%d grid exceeds %d cells", cols, rows, b.lim.MaxCells)
	}
	return nil
}

// reserve accounts for n more entities.
func (b *budget) reserve(n int, what string) error {
	b.entities += n
	if b.entities > b.lim.MaxEntities {
		return b.limitErr("MaxEntities", "%s: more than %d entities", what, b.lim.MaxEntities)
	}
	return nil
}

// clock fails once the build has run past MaxTime.
func (b *budget) clock() error {
	if time.Now().After(b.deadline) {
		return b.limitErr("MaxTime", "build took longer than %v", b.lim.MaxTime)
	}
	return nil
}

// failIn names the file in a build error; a BuildLimits error already
// names it.
func failIn(file string, err error) error {
	var le *loadutil.Error
	if errors.As(err, &le) && le.File == file && le.Kind == ErrLimit {
		return err
	}
	return fmt.Errorf("level: %s: %w", file, err)
}

// cellRect is a rectangle of grid cells: columns X..X+W-1, rows Y..Y+H-1.
type cellRect struct{ X, Y, W, H int }

// mergeCells covers the cells where in(k) holds with rectangles, as
// physics.MergeTiles does (rows top to bottom, each free cell starts a
// rectangle that grows right, then down while the whole row below is free),
// no side longer than maxSide. It calls emit for each and stops, returning
// emit's error, when emit fails; every row it checks the clock.
func mergeCells(cols, rows int, in func(k int) bool, maxSide int, b *budget, emit func(cellRect) error) error {
	if len(b.used) != cols*rows {
		b.used = make([]bool, cols*rows)
	}
	used := b.used
	clear(used)
	for y := 0; y < rows; y++ {
		if err := b.clock(); err != nil {
			return err
		}
		for x := 0; x < cols; x++ {
			k := y*cols + x
			if used[k] || !in(k) {
				continue
			}
			w := 1
			for w < maxSide && x+w < cols && !used[k+w] && in(k+w) {
				w++
			}
			h := 1
		grow:
			for h < maxSide && y+h < rows {
				row := (y+h)*cols + x
				for i := 0; i < w; i++ {
					if used[row+i] || !in(row+i) {
						break grow
					}
				}
				h++
			}
			for j := y; j < y+h; j++ {
				for i := x; i < x+w; i++ {
					used[j*cols+i] = true
				}
			}
			if err := emit(cellRect{x, y, w, h}); err != nil {
				return err
			}
		}
	}
	return nil
}

// maxBlock is the longest side of a drawn wall block, in cells. Blocks are
// cut into sides of 16, 8, 4, 2 and 1 cells, so one level draws at most
// 25 block shapes per height however its walls are laid out.
const maxBlock = 16

// pow2Parts cuts n (1..maxBlock) into powers of two, largest first.
func pow2Parts(n int, fn func(off, len int)) {
	off := 0
	for p := maxBlock; p >= 1; p /= 2 {
		if n-off >= p {
			fn(off, p)
			off += p
		}
	}
}

// blockCount is how many blocks a merged rectangle is drawn as.
func blockCount(r cellRect) int {
	return bits.OnesCount(uint(r.W)) * bits.OnesCount(uint(r.H))
}

// wallBlocks merges the cells where in(k) holds into rectangles, counting
// the blocks they are drawn as against the budget, and returns them.
func wallBlocks(cols, rows int, in func(k int) bool, b *budget, what string) ([]cellRect, error) {
	var out []cellRect
	err := mergeCells(cols, rows, in, maxBlock, b, func(r cellRect) error {
		if err := b.reserve(blockCount(r), what); err != nil {
			return err
		}
		out = append(out, r)
		return nil
	})
	return out, err
}

// physicsBoxes checks that the solid cells merge (as physics.AddSolidTiles
// merges them) into at most MaxEntities wall boxes, before they are added.
func physicsBoxes(cols, rows int, solid []bool, b *budget) error {
	n := 0
	return mergeCells(cols, rows, func(k int) bool { return solid[k] }, math.MaxInt, b, func(cellRect) error {
		n++
		if n > b.lim.MaxEntities {
			return b.limitErr("MaxEntities", "walls: more than %d physics wall boxes", b.lim.MaxEntities)
		}
		return nil
	})
}

// blockMaker draws each block shape once and places copies.
type blockMaker struct {
	g     *iso.Grid
	proto map[[4]int]iso.Object // by w, h, z0, z1 (w, h powers of two up to maxBlock)
}

// at returns the block of w×h cells from z0 to z1 pixels with its corner
// on cell (i, j): the sprites of the prototype at cell (0, 0), moved.
func (b *blockMaker) at(i, j, w, h, z0, z1 int) (iso.Object, error) {
	k := [4]int{w, h, z0, z1}
	o, ok := b.proto[k]
	if !ok {
		var err error
		if o, err = b.g.BlockObject(0, 0, w, h, z0, z1, wallTop, wallLeft, wallRight); err != nil {
			return iso.Object{}, err
		}
		b.proto[k] = o
	}
	p := b.g.Proj
	d := mathx.Point{X: (i - j) * p.TileW / 2, Y: (i + j) * p.TileH / 2}
	out := iso.Object{
		Box:   iso.Box{Min: o.Box.Min.Add(mathx.V3(float64(i), float64(j), 0)), Max: o.Box.Max.Add(mathx.V3(float64(i), float64(j), 0))},
		Parts: make([]iso.Part, len(o.Parts)),
	}
	for n, pt := range o.Parts {
		pt.At = pt.At.Add(d)
		out.Parts[n] = pt
	}
	return out, nil
}

// addBlocks creates the wall entities of the merged rectangles rs, each cut
// into power-of-two blocks from z0 to z1 pixels.
func (b *blockMaker) addBlocks(w *scene.World, bg *budget, rs []cellRect, z0, z1 int) error {
	zp := float64(b.g.Proj.ZPixels)
	var err error
	for n, r := range rs {
		if n%1024 == 0 {
			if err := bg.clock(); err != nil {
				return err
			}
		}
		pow2Parts(r.W, func(dx, bw int) {
			pow2Parts(r.H, func(dy, bh int) {
				if err != nil {
					return
				}
				i, j := r.X+dx, r.Y+dy
				var o iso.Object
				if o, err = b.at(i, j, bw, bh, z0, z1); err != nil {
					return
				}
				pos := mathx.V3(float64(i)+float64(bw)/2, float64(j)+float64(bh)/2, 0)
				_, err = w.Create(scene.EntityDef{Kind: scene.Object, Class: "wall", Pos: pos, Height: float64(z1) / zp, Drawing: o})
			})
		})
		if err != nil {
			return err
		}
	}
	return nil
}
