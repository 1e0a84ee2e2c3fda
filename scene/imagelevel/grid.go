package imagelevel

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/png"
	"strconv"

	"diorama/mathx"
)

// Cell is the kind of one map pixel.
type Cell uint8

// Cell kinds: black is wall, blue is door and anything else is empty
// floor, as Tanktrum reads its map images.
const (
	Floor Cell = iota
	Wall
	Door
)

// String names the cell kind.
func (c Cell) String() string {
	switch c {
	case Floor:
		return "floor"
	case Wall:
		return "wall"
	case Door:
		return "door"
	}
	return "cell(" + strconv.Itoa(int(c)) + ")"
}

// DoorAxis says which pair of neighbours walls a door in.
type DoorAxis uint8

const (
	// InRow: walls left and right; the door fills a gap in a horizontal
	// wall run and is crossed vertically (floor above and below).
	InRow DoorAxis = iota
	// InColumn: walls above and below; the door fills a gap in a vertical
	// wall run and is crossed horizontally (floor left and right).
	InColumn
)

// String names the axis.
func (a DoorAxis) String() string {
	if a == InColumn {
		return "in-column"
	}
	return "in-row"
}

// Default map colours (Tanktrum's): wall #000000, door #0000ff, both
// opaque.
var (
	DefaultWallColor = color.NRGBA{0, 0, 0, 255}
	DefaultDoorColor = color.NRGBA{0, 0, 255, 255}
)

// GridDoor is a door pixel found in the image.
type GridDoor struct {
	At   mathx.Point
	Axis DoorAxis
}

// Map is a decoded map image: one cell per pixel, row-major (row 0 is the
// image's top), and its doors in reading order.
type Map struct {
	File          string
	Width, Height int
	Cells         []Cell // len Width*Height, index y*Width+x
	Doors         []GridDoor
}

// At returns the cell at (x, y), and false outside the grid.
func (g *Map) At(x, y int) (Cell, bool) {
	if x < 0 || y < 0 || x >= g.Width || y >= g.Height {
		return Floor, false
	}
	return g.Cells[y*g.Width+x], true
}

// isWall reports whether (x, y) is inside and a wall.
func (g *Map) isWall(x, y int) bool {
	c, ok := g.At(x, y)
	return ok && c == Wall
}

// WallStrips merges the wall cells into one-cell-wide strips, as
// Tanktrum's level builder does to cut the number of wall objects: scanning rows top
// to bottom, a wall cell not yet taken starts a vertical strip downward when
// the cell below is a free wall (vertical runs first), else a horizontal
// strip to the right. Every wall cell lies in exactly one strip; strips are
// in scan order, in cell units (Max exclusive).
func (g *Map) WallStrips() []mathx.Rect {
	taken := make([]bool, len(g.Cells))
	free := func(x, y int) bool { return g.isWall(x, y) && !taken[y*g.Width+x] }
	var out []mathx.Rect
	for y := 0; y < g.Height; y++ {
		for x := 0; x < g.Width; x++ {
			if !free(x, y) {
				continue
			}
			x1, y1 := x+1, y+1
			if free(x, y+1) {
				for free(x, y1) {
					taken[y1*g.Width+x] = true
					y1++
				}
			} else {
				for free(x1, y) {
					taken[y*g.Width+x1] = true
					x1++
				}
			}
			taken[y*g.Width+x] = true
			out = append(out, mathx.R(x, y, x1, y1))
		}
	}
	return out
}

// decodeGrid checks the PNG's declared size against lim, decodes it and
// classifies every pixel, then checks every door.
func (ld Loader) decodeGrid(file string, data []byte) (*Map, error) {
	lim := ld.Limits.withDefaults()
	// The declared size straight from the IHDR chunk first: with a 32-bit
	// int, png.DecodeConfig refuses a huge size as a format error
	// ("dimension overflow") before the limit could name it.
	if len(data) >= 24 && string(data[:8]) == "\x89PNG\r\n\x1a\n" && string(data[12:16]) == "IHDR" {
		w, h := binary.BigEndian.Uint32(data[16:20]), binary.BigEndian.Uint32(data[20:24])
		if w > 0 && h > 0 && w <= 1<<31-1 && h <= 1<<31-1 && (int64(w) > int64(lim.MaxWidth) || int64(h) > int64(lim.MaxHeight)) {
			return nil, sideErr(file, w, h, lim)
		}
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, &Error{File: file, Msg: "not a PNG image", Kind: ErrFormat, Err: err}
	}
	w, h := cfg.Width, cfg.Height
	if w <= 0 || h <= 0 {
		return nil, errf(ErrFormat, file, "", "empty %d×%d image", w, h)
	}
	if w > lim.MaxWidth || h > lim.MaxHeight {
		return nil, sideErr(file, w, h, lim)
	}
	if int64(w)*int64(h) > lim.MaxCells {
		return nil, errf(ErrLimit, file, "", "%d×%d image exceeds %d pixels (raise Loader.Limits.MaxCells)", w, h, lim.MaxCells)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, &Error{File: file, Msg: "cannot decode PNG", Kind: ErrFormat, Err: err}
	}
	if b := img.Bounds(); b.Dx() != w || b.Dy() != h {
		return nil, errf(ErrFormat, file, "", "decoded %v, header said %d×%d", b, w, h)
	}
	wall, door := ld.WallColor, ld.DoorColor
	if wall == (color.NRGBA{}) {
		wall = DefaultWallColor
	}
	if door == (color.NRGBA{}) {
		door = DefaultDoorColor
	}
	if wall == door {
		return nil, errf(ErrInvalid, file, "", "wall and door colours are the same")
	}
	g := &Map{File: file, Width: w, Height: h, Cells: make([]Cell, w*h)}
	classify(img, g.Cells, w, wall, door)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			if g.Cells[y*w+x] != Door {
				continue
			}
			axis, err := g.doorAxis(file, x, y)
			if err != nil {
				return nil, err
			}
			if len(g.Doors) >= lim.MaxEntries {
				return nil, errf(ErrLimit, file, "pixel ("+strconv.Itoa(x)+","+strconv.Itoa(y)+")",
					"more than %d doors (raise Loader.Limits.MaxEntries)", lim.MaxEntries)
			}
			g.Doors = append(g.Doors, GridDoor{At: mathx.Pt(x, y), Axis: axis})
		}
	}
	return g, nil
}

// classify fills cells from img (bounds starting at 0,0 as png.Decode
// gives), with fast paths for the formats paint programs write.
func classify(img image.Image, cells []Cell, w int, wall, door color.NRGBA) {
	kind := func(c color.NRGBA) Cell {
		switch c {
		case wall:
			return Wall
		case door:
			return Door
		}
		return Floor
	}
	switch m := img.(type) {
	case *image.Paletted:
		var lut [256]Cell
		for i, c := range m.Palette {
			lut[i] = kind(color.NRGBAModel.Convert(c).(color.NRGBA))
		}
		for i := range cells {
			x, y := i%w, i/w
			cells[i] = lut[m.Pix[y*m.Stride+x]]
		}
	case *image.NRGBA:
		for i := range cells {
			x, y := i%w, i/w
			p := m.Pix[y*m.Stride+4*x:]
			cells[i] = kind(color.NRGBA{p[0], p[1], p[2], p[3]})
		}
	case *image.Gray:
		classifyAt(cells, w, kind, func(x, y int) color.Gray { return m.GrayAt(x, y) })
	case *image.Gray16:
		classifyAt(cells, w, kind, func(x, y int) color.Gray16 { return m.Gray16At(x, y) })
	case *image.RGBA:
		classifyAt(cells, w, kind, func(x, y int) color.RGBA { return m.RGBAAt(x, y) })
	case *image.RGBA64:
		classifyAt(cells, w, kind, func(x, y int) color.RGBA64 { return m.RGBA64At(x, y) })
	case *image.NRGBA64:
		classifyAt(cells, w, kind, func(x, y int) color.NRGBA64 { return m.NRGBA64At(x, y) })
	default:
		b := img.Bounds()
		for i := range cells {
			x, y := i%w, i/w
			cells[i] = kind(color.NRGBAModel.Convert(img.At(b.Min.X+x, b.Min.Y+y)).(color.NRGBA))
		}
	}
}

// rgba is a colour's premultiplied 16-bit components.
type rgba interface{ RGBA() (r, g, b, a uint32) }

// classifyAt fills cells from at (an image of bounds starting at 0,0),
// converting each colour exactly as color.NRGBAModel does, without
// boxing every pixel in a color.Color (png.Decode's grey, 16-bit and RGBA
// images: 16 Mi pixels took over a second through image.At).
func classifyAt[C rgba](cells []Cell, w int, kind func(color.NRGBA) Cell, at func(x, y int) C) {
	for i := range cells {
		r, g, b, a := at(i%w, i/w).RGBA()
		var c color.NRGBA
		switch a {
		case 0xffff:
			c = color.NRGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), 0xff}
		case 0:
		default:
			c = color.NRGBA{uint8((r * 0xffff / a) >> 8), uint8((g * 0xffff / a) >> 8), uint8((b * 0xffff / a) >> 8), uint8(a >> 8)}
		}
		cells[i] = kind(c)
	}
}

// doorAxis checks the door rule: a door lies between exactly two
// walls, left and right or above and below, and the other two neighbours
// are floor (so it leads somewhere and cannot be walked around in place).
func (g *Map) doorAxis(file string, x, y int) (DoorAxis, error) {
	l, r := g.isWall(x-1, y), g.isWall(x+1, y)
	u, d := g.isWall(x, y-1), g.isWall(x, y+1)
	floor := func(x, y int) bool {
		c, ok := g.At(x, y)
		return ok && c == Floor
	}
	switch {
	case l && r && floor(x, y-1) && floor(x, y+1):
		return InRow, nil
	case u && d && floor(x-1, y) && floor(x+1, y):
		return InColumn, nil
	}
	name := func(x, y int) string {
		c, ok := g.At(x, y)
		if !ok {
			return "outside"
		}
		return c.String()
	}
	return 0, errf(ErrInvalid, file, "pixel ("+strconv.Itoa(x)+","+strconv.Itoa(y)+")",
		"door not between two walls with floor on the other sides (left %s, right %s, above %s, below %s)",
		name(x-1, y), name(x+1, y), name(x, y-1), name(x, y+1))
}

// sideErr is the error of a w×h image wider or higher than lim allows.
func sideErr[T int | uint32](file string, w, h T, lim Limits) error {
	if int64(w) > int64(lim.MaxWidth) {
		return errf(ErrLimit, file, "", "%d×%d image: wider than %d pixels (raise Loader.Limits.MaxWidth)", w, h, lim.MaxWidth)
	}
	return errf(ErrLimit, file, "", "%d×%d image: higher than %d pixels (raise Loader.Limits.MaxHeight)", w, h, lim.MaxHeight)
}
