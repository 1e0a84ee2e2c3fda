package atlas

import (
	"fmt"
	"image"
	"slices"
	"strconv"
	"strings"
)

// GridSpec describes a sprite sheet laid out as a grid of equal cells
// (Tiled's tileset parameters).
type GridSpec struct {
	CellW, CellH int // cell size in pixels
	Margin       int // pixels around the whole grid
	Spacing      int // pixels between cells
	// Count limits the number of cells read, in row-major order (0: all
	// whole cells).
	Count int
	// Prefix names the frames Prefix + index ("walk_0", "walk_1", ...).
	Prefix string
}

// FromGrid cuts a grid sprite sheet into an atlas of one page: frame k is
// cell k in row-major order. Only whole cells are used.
func FromGrid(sheet image.Image, g GridSpec) (*Atlas, error) {
	if sheet == nil {
		return nil, fmt.Errorf("atlas: grid sheet image is nil")
	}
	b := sheet.Bounds()
	if g.CellW <= 0 || g.CellH <= 0 || g.Margin < 0 || g.Spacing < 0 || g.Count < 0 {
		return nil, fmt.Errorf("atlas: grid cell %d×%d, margin %d, spacing %d, count %d: sizes must be positive, the rest not negative", g.CellW, g.CellH, g.Margin, g.Spacing, g.Count)
	}
	if b.Dx() > MaxPageSide || b.Dy() > MaxPageSide {
		return nil, fmt.Errorf("atlas: grid sheet %d×%d larger than %d", b.Dx(), b.Dy(), MaxPageSide)
	}
	cols := (b.Dx() - 2*g.Margin + g.Spacing) / (g.CellW + g.Spacing)
	rows := (b.Dy() - 2*g.Margin + g.Spacing) / (g.CellH + g.Spacing)
	if cols <= 0 || rows <= 0 {
		return nil, fmt.Errorf("atlas: a %d×%d sheet holds no whole %d×%d cell", b.Dx(), b.Dy(), g.CellW, g.CellH)
	}
	n := cols * rows
	if g.Count > 0 {
		if g.Count > n {
			return nil, fmt.Errorf("atlas: grid asks for %d cells, the sheet holds %d", g.Count, n)
		}
		n = g.Count
	}
	a := &Atlas{Pages: []*image.RGBA{toRGBA(sheet)}, Frames: make([]Frame, n)}
	for k := 0; k < n; k++ {
		x := g.Margin + (k%cols)*(g.CellW+g.Spacing)
		y := g.Margin + (k/cols)*(g.CellH+g.Spacing)
		a.Frames[k] = Frame{
			Name:   fmt.Sprintf("%s%d", g.Prefix, k),
			Rect:   image.Rect(x, y, x+g.CellW, y+g.CellH),
			Size:   image.Pt(g.CellW, g.CellH),
			Source: image.Pt(g.CellW, g.CellH),
		}
	}
	if err := a.index(); err != nil {
		return nil, fmt.Errorf("atlas: %w", err)
	}
	return a, nil
}

// ClipOf returns a clip over the named frames with one duration for all,
// looking the names up in the atlas.
func (a *Atlas) ClipOf(name string, frames []string, duration int, dir Direction, repeat int) (Clip, error) {
	c := Clip{Name: name, Dir: dir, Repeat: repeat}
	for _, fn := range frames {
		i, ok := a.Lookup(fn)
		if !ok {
			return Clip{}, fmt.Errorf("atlas: clip %q: no frame %q", name, fn)
		}
		c.Frames = append(c.Frames, i)
		c.Durations = append(c.Durations, duration)
	}
	return c, c.Validate()
}

// ClipFromNames returns a clip over every frame named prefix followed by a
// frame number (and optionally a file extension), in numeric order, each
// shown for duration: IsoMob's "<name><animation><frame>" assets such as
// humanNorth001, humanNorth002, ... become one clip.
func (a *Atlas) ClipFromNames(name, prefix string, duration int, dir Direction, repeat int) (Clip, error) {
	type numbered struct{ n, frame int }
	var found []numbered
	for i, f := range a.Frames {
		rest, ok := strings.CutPrefix(f.Name, prefix)
		if !ok {
			continue
		}
		if dot := strings.IndexByte(rest, '.'); dot >= 0 {
			rest = rest[:dot]
		}
		n, err := strconv.Atoi(rest)
		if err != nil || n < 0 || rest[0] == '+' || rest[0] == '-' {
			continue
		}
		found = append(found, numbered{n, i})
	}
	if len(found) == 0 {
		return Clip{}, fmt.Errorf("atlas: clip %q: no frame named %q followed by a number", name, prefix)
	}
	slices.SortStableFunc(found, func(x, y numbered) int { return x.n - y.n })
	c := Clip{Name: name, Dir: dir, Repeat: repeat}
	for _, f := range found {
		c.Frames = append(c.Frames, f.frame)
		c.Durations = append(c.Durations, duration)
	}
	return c, c.Validate()
}

// DirectionalClips returns one clip per facing of set, the clip named
// prefix + facing name ("walk_" + "NE", or IsoMob's "bastetcase" +
// "East"), so a character's heading picks its clip through set.Index. A
// missing facing is an error naming it.
func (a *Atlas) DirectionalClips(prefix string, set DirectionSet) ([]*Clip, error) {
	out := make([]*Clip, len(set.Names))
	for i, n := range set.Names {
		c, ok := a.Clip(prefix + n)
		if !ok {
			return nil, fmt.Errorf("atlas: no clip %q for facing %d of %d", prefix+n, i, len(set.Names))
		}
		out[i] = c
	}
	return out, nil
}
