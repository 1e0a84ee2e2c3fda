package tiled

import (
	"math"

	"diorama/mathx"
)

// Layout answers where Tiled draws each tile of a map and in which order,
// for every orientation, so a renderer can match Tiled exactly. All
// positions are in map pixels before layer offsets and parallax.
//
// Conventions (from Tiled's renderers):
//   - Orthogonal: tile (x, y) covers (x·tw, y·th)–((x+1)·tw, (y+1)·th).
//   - Isometric: the diamond's top corner is at ((x−y)·tw/2 + originX,
//     (x+y)·th/2) with originX = Height·tw/2.
//   - Staggered and hexagonal: Tiled rounds the tile size down to even
//     numbers; every other row (StaggerY) or column (StaggerX), chosen by
//     StaggerIndex, is shifted by half a tile (plus half the hex side).
//   - A tile image is drawn with its bottom-left corner at TileDrawPos,
//     then moved by the tileset's TileOffset; images taller or wider than
//     the grid extend up and right.
type Layout struct {
	Orientation           Orientation
	RenderOrder           RenderOrder
	Width, Height         int
	TileWidth, TileHeight int
	HexSideLength         int
	StaggerAxis           StaggerAxis
	StaggerIndex          StaggerIndex
	SkewX, SkewY          int // Oblique
}

// shear is Tiled's ObliqueRenderer transform, from pixel to screen
// coordinates (the identity on every other orientation).
func (l Layout) shear(p mathx.Vec2) mathx.Vec2 {
	if l.Orientation != Oblique || l.TileWidth <= 0 || l.TileHeight <= 0 {
		return p
	}
	return mathx.Vec2{X: p.X + float64(l.SkewX)*p.Y/float64(l.TileHeight), Y: p.Y + float64(l.SkewY)*p.X/float64(l.TileWidth)}
}

// unshear is the inverse of shear.
func (l Layout) unshear(s mathx.Vec2) mathx.Vec2 {
	if l.Orientation != Oblique || l.TileWidth <= 0 || l.TileHeight <= 0 {
		return s
	}
	a, b := float64(l.SkewX)/float64(l.TileHeight), float64(l.SkewY)/float64(l.TileWidth)
	d := 1 - a*b
	if d == 0 {
		return s
	}
	return mathx.Vec2{X: (s.X - a*s.Y) / d, Y: (s.Y - b*s.X) / d}
}

// hexParams mirrors Tiled's hexagonal/staggered render parameters.
type hexParams struct {
	tw, th                int
	sideLenX, sideLenY    int
	sideOffX, sideOffY    int
	colWidth, rowHeight   int
	staggerX, staggerEven bool
}

func (l Layout) hex() hexParams {
	p := hexParams{staggerX: l.StaggerAxis == StaggerX, staggerEven: l.StaggerIndex == StaggerEven}
	if l.Orientation == Hexagonal {
		if p.staggerX {
			p.sideLenX = l.HexSideLength
		} else {
			p.sideLenY = l.HexSideLength
		}
	}
	// As Tiled 1.10.1 and later compute them: the side offsets from the
	// tile size in the file, the tile two offsets plus the side (an odd
	// staggered or hexagonal tile size rounds down to even across the
	// stagger axis).
	p.sideOffX = (l.TileWidth - p.sideLenX) / 2
	p.sideOffY = (l.TileHeight - p.sideLenY) / 2
	p.colWidth = p.sideOffX + p.sideLenX
	p.rowHeight = p.sideOffY + p.sideLenY
	p.tw = p.colWidth + p.sideOffX
	p.th = p.rowHeight + p.sideOffY
	return p
}

// shifted reports whether column x (StaggerX) or row y (StaggerY) is the
// staggered one.
func (p hexParams) shifted(i int) bool {
	return (i&1 == 1) != p.staggerEven
}

// TileToScreen returns Tiled's tileToScreenCoords for tile (x, y): the
// top-left corner of the tile's cell for orthogonal, staggered and
// hexagonal maps, the top corner of the diamond for isometric maps.
func (l Layout) TileToScreen(x, y int) mathx.Vec2 {
	tw, th := float64(l.TileWidth), float64(l.TileHeight)
	switch l.Orientation {
	case Isometric:
		originX := float64(l.Height * l.TileWidth / 2)
		return mathx.Vec2{X: float64(x-y)*tw/2 + originX, Y: float64(x+y) * th / 2}
	case Staggered, Hexagonal:
		p := l.hex()
		var px, py int
		if p.staggerX {
			py = y * (p.th + p.sideLenY)
			if p.shifted(x) {
				py += p.rowHeight
			}
			px = x * p.colWidth
		} else {
			px = x * (p.tw + p.sideLenX)
			if p.shifted(y) {
				px += p.colWidth
			}
			py = y * p.rowHeight
		}
		return mathx.Vec2{X: float64(px), Y: float64(py)}
	default:
		return l.shear(mathx.Vec2{X: float64(x) * tw, Y: float64(y) * th})
	}
}

// TileDrawPos returns where the bottom-left corner of tile (x, y)'s image
// goes (before the tileset's TileOffset).
func (l Layout) TileDrawPos(x, y int) mathx.Vec2 {
	s := l.TileToScreen(x, y)
	switch l.Orientation {
	case Isometric:
		return mathx.Vec2{X: s.X - float64(l.TileWidth/2), Y: s.Y + float64(l.TileHeight)}
	case Staggered, Hexagonal:
		return mathx.Vec2{X: s.X, Y: s.Y + float64(l.hex().th)}
	case Oblique: // the corner below, sheared (ObliqueRenderer::drawTileLayer)
		return l.TileToScreen(x, y+1)
	default:
		return mathx.Vec2{X: s.X, Y: s.Y + float64(l.TileHeight)}
	}
}

// ImageTopLeft returns the top-left corner of a w×h tile image drawn for
// tile (x, y) with the given tileset offset.
func (l Layout) ImageTopLeft(x, y, w, h int, offset mathx.Point) mathx.Vec2 {
	p := l.TileDrawPos(x, y)
	return mathx.Vec2{X: p.X + float64(offset.X), Y: p.Y - float64(h) + float64(offset.Y)}
}

// PixelSize returns the size in pixels of the whole map (Tiled's
// mapBoundingRect for a finite map).
func (l Layout) PixelSize() (w, h int) {
	switch l.Orientation {
	case Isometric:
		s := l.Width + l.Height
		return s * l.TileWidth / 2, s * l.TileHeight / 2
	case Staggered, Hexagonal:
		p := l.hex()
		if p.staggerX {
			w = l.Width*p.colWidth + p.sideOffX
			h = l.Height * (p.th + p.sideLenY)
			if l.Width > 1 {
				h += p.rowHeight
			}
			return w, h
		}
		w = l.Width * (p.tw + p.sideLenX)
		h = l.Height*p.rowHeight + p.sideOffY
		if l.Height > 1 {
			w += p.colWidth
		}
		return w, h
	case Oblique: // the sheared rectangle's bounding box
		return l.Width*l.TileWidth + abs(l.Height*l.SkewX), l.Height*l.TileHeight + abs(l.Width*l.SkewY)
	default:
		return l.Width * l.TileWidth, l.Height * l.TileHeight
	}
}

// PixelToScreen converts object coordinates to screen (map pixel)
// coordinates. On isometric maps objects live in a projected space where
// both axes are measured in tile heights (Tiled's pixelToScreenCoords); on
// the other orientations object and screen coordinates are the same.
func (l Layout) PixelToScreen(p mathx.Vec2) mathx.Vec2 {
	if l.Orientation != Isometric {
		return l.shear(p)
	}
	th := float64(l.TileHeight)
	tx, ty := p.X/th, p.Y/th
	originX := float64(l.Height * l.TileWidth / 2)
	return mathx.Vec2{X: (tx-ty)*float64(l.TileWidth)/2 + originX, Y: (tx + ty) * th / 2}
}

// ScreenToPixel is the inverse of PixelToScreen.
func (l Layout) ScreenToPixel(s mathx.Vec2) mathx.Vec2 {
	if l.Orientation != Isometric {
		return l.unshear(s)
	}
	th := float64(l.TileHeight)
	x := s.X - float64(l.Height*l.TileWidth/2)
	ty, tx := s.Y/th, x/float64(l.TileWidth)
	return mathx.Vec2{X: (ty + tx) * th, Y: (ty - tx) * th}
}

// PixelToTile converts object coordinates to fractional tile coordinates
// (Tiled's pixelToTileCoords). Isometric maps divide both axes by the tile
// height; orthogonal maps divide by the tile size; staggered and hexagonal
// maps return the whole tile containing the point.
func (l Layout) PixelToTile(p mathx.Vec2) mathx.Vec2 {
	switch l.Orientation {
	case Isometric:
		th := float64(l.TileHeight)
		return mathx.Vec2{X: p.X / th, Y: p.Y / th}
	case Staggered, Hexagonal:
		t := l.ScreenToTile(p)
		return mathx.Vec2{X: math.Floor(t.X), Y: math.Floor(t.Y)}
	default:
		return mathx.Vec2{X: p.X / float64(l.TileWidth), Y: p.Y / float64(l.TileHeight)}
	}
}

// ScreenToTile converts a screen (map pixel) position to tile
// coordinates: fractional for orthogonal and isometric maps, the whole tile
// whose shape contains the point for staggered (diamonds) and hexagonal
// (nearest hexagon centre) maps.
func (l Layout) ScreenToTile(s mathx.Vec2) mathx.Vec2 {
	switch l.Orientation {
	case Isometric:
		x := s.X - float64(l.Height*l.TileWidth/2)
		ty, tx := s.Y/float64(l.TileHeight), x/float64(l.TileWidth)
		return mathx.Vec2{X: ty + tx, Y: ty - tx}
	case Staggered, Hexagonal:
		x, y := l.nearestStaggered(s)
		return mathx.Vec2{X: float64(x), Y: float64(y)}
	default:
		s = l.unshear(s)
		return mathx.Vec2{X: s.X / float64(l.TileWidth), Y: s.Y / float64(l.TileHeight)}
	}
}

func (l Layout) nearestStaggered(s mathx.Vec2) (int, int) {
	p := l.hex()
	if p.tw <= 0 || p.th <= 0 {
		return 0, 0
	}
	var cx, cy int
	if p.staggerX {
		cx = int(math.Floor(s.X / float64(max(p.colWidth, 1))))
		cy = int(math.Floor(s.Y / float64(p.th+p.sideLenY)))
	} else {
		cx = int(math.Floor(s.X / float64(p.tw+p.sideLenX)))
		cy = int(math.Floor(s.Y / float64(max(p.rowHeight, 1))))
	}
	bestX, bestY, best := cx, cy, math.Inf(1)
	for dy := -2; dy <= 2; dy++ {
		for dx := -2; dx <= 2; dx++ {
			x, y := cx+dx, cy+dy
			c := l.TileToScreen(x, y)
			ddx := s.X - (c.X + float64(p.tw)/2)
			ddy := s.Y - (c.Y + float64(p.th)/2)
			var d float64
			if l.Orientation == Staggered {
				d = math.Abs(ddx)/(float64(p.tw)/2) + math.Abs(ddy)/(float64(p.th)/2)
			} else {
				d = ddx*ddx + ddy*ddy
			}
			if d < best {
				bestX, bestY, best = x, y, d
			}
		}
	}
	return bestX, bestY
}

// DrawOrder calls visit for every tile of the rectangle of w×h tiles at
// (x0, y0) in the order Tiled paints them: RenderOrder on orthogonal maps;
// rows of equal x+y left to right, top rows first, on isometric maps; row
// by row on staggered and hexagonal maps, where with StaggerX each row
// paints its unshifted (higher) columns before its shifted ones.
func (l Layout) DrawOrder(x0, y0, w, h int, visit func(x, y int)) {
	if w <= 0 || h <= 0 {
		return
	}
	x1, y1 := x0+w-1, y0+h-1
	switch l.Orientation {
	case Isometric:
		for s := x0 + y0; s <= x1+y1; s++ {
			for x := max(x0, s-y1); x <= min(x1, s-y0); x++ {
				visit(x, s-x)
			}
		}
	case Staggered, Hexagonal:
		p := l.hex()
		for y := y0; y <= y1; y++ {
			if !p.staggerX {
				for x := x0; x <= x1; x++ {
					visit(x, y)
				}
				continue
			}
			for pass := 0; pass < 2; pass++ {
				for x := x0; x <= x1; x++ {
					if p.shifted(x) == (pass == 1) {
						visit(x, y)
					}
				}
			}
		}
	default:
		xs, xe, dx := x0, x1, 1
		if l.RenderOrder == LeftDown || l.RenderOrder == LeftUp {
			xs, xe, dx = x1, x0, -1
		}
		ys, ye, dy := y0, y1, 1
		if l.RenderOrder == RightUp || l.RenderOrder == LeftUp {
			ys, ye, dy = y1, y0, -1
		}
		for y := ys; ; y += dy {
			for x := xs; ; x += dx {
				visit(x, y)
				if x == xe {
					break
				}
			}
			if y == ye {
				break
			}
		}
	}
}

// AppendDrawOrder appends the tiles of the rectangle in draw order to dst.
func (l Layout) AppendDrawOrder(dst []mathx.Point, x0, y0, w, h int) []mathx.Point {
	l.DrawOrder(x0, y0, w, h, func(x, y int) { dst = append(dst, mathx.Point{X: x, Y: y}) })
	return dst
}

// ObjectImageTopLeft returns the screen position of the top-left corner of
// a tile object's image, drawn at the object's Width×Height, for the given
// object alignment (Tileset.Alignment: topleft, top, topright, left,
// center, right, bottomleft, bottom, bottomright) and tileset offset. The
// anchor is the object's position converted with PixelToScreen, as Tiled
// does (bottom-left on orthogonal maps, bottom-centre on isometric ones by
// default). Rotation is not applied: rotate the image about the anchor.
func (l Layout) ObjectImageTopLeft(o *Object, alignment string, offset mathx.Point) mathx.Vec2 {
	a := l.PixelToScreen(mathx.Vec2{X: o.X, Y: o.Y})
	w, h := o.Width, o.Height
	var fx, fy float64 // fraction of the size left of / above the anchor
	switch alignment {
	case "topleft":
	case "top":
		fx = 0.5
	case "topright":
		fx = 1
	case "left":
		fy = 0.5
	case "center":
		fx, fy = 0.5, 0.5
	case "right":
		fx, fy = 1, 0.5
	case "bottom":
		fx, fy = 0.5, 1
	case "bottomright":
		fx, fy = 1, 1
	default: // bottomleft
		fy = 1
	}
	return mathx.Vec2{X: a.X - fx*w + float64(offset.X), Y: a.Y - fy*h + float64(offset.Y)}
}
