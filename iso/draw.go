package iso

import (
	"cmp"
	"fmt"
	"image"
	"image/color"

	"slices"

	"diorama/mathx"
	"diorama/raster"
)

// FaceImage rasterizes face f in one premultiplied colour with the exact
// ownership rule of [Projection.FaceOwns]. The image's bounds are the
// face's map-pixel bounds (world origin at map pixel 0,0), so the sprite
// made from it is drawn at Bounds().Min plus the grid origin. Faces of one
// scene drawn this way meet without gaps or double-blended edges.
func FaceImage(p Projection, f Face, c color.RGBA) (*image.RGBA, error) {
	return FaceImageFunc(p, f, func(int, int) color.RGBA { return c })
}

// FaceImageFunc is [FaceImage] with a colour per map pixel (for textures
// aligned to the plane, shading or outlines).
func FaceImageFunc(p Projection, f Face, shade func(px, py int) color.RGBA) (*image.RGBA, error) {
	b := p.FaceBounds(f)
	if f.Len <= 0 || (f.Plane == PlaneXY && f.Wid <= 0) || (f.Plane != PlaneXY && f.Z1 <= f.Z0) {
		return nil, fmt.Errorf("iso: face %+v is empty", f)
	}
	if b.Dx() > raster.MaxSide || b.Dy() > raster.MaxSide {
		return nil, fmt.Errorf("iso: face %+v is %d×%d pixels (at most %d a side)", f, b.Dx(), b.Dy(), raster.MaxSide)
	}
	img := image.NewRGBA(b.Image())
	for py := b.Min.Y; py < b.Max.Y; py++ {
		for px := b.Min.X; px < b.Max.X; px++ {
			if p.FaceOwns(f, px, py) {
				img.SetRGBA(px, py, shade(px, py))
			}
		}
	}
	return img, nil
}

// TileImage returns a W×H diamond tile image in colour c with its top-left
// at (0, 0): the flat tile every [TileLayer] tile can use. Drawn at a
// tile's [Grid.TileBounds] corner, neighbouring tiles share no pixel and
// leave none uncovered.
func TileImage(p Projection, c color.RGBA) *image.RGBA {
	img, _ := FaceImage(p, Face{Plane: PlaneXY, Len: 1, Wid: 1}, c)
	img.Rect = img.Rect.Sub(img.Rect.Min)
	return img
}

// Part is one sprite of an [Object], positioned in map pixels (the
// sprite's Bounds().Min goes there).
type Part struct {
	Sprite *raster.Sprite
	At     mathx.Point
	Opts   raster.DrawOptions
}

// rect returns the map-pixel rectangle of the part's sprite (its original,
// untrimmed size); p.Sprite must not be nil.
func (p Part) rect() mathx.Rect {
	return mathx.Rect{Min: p.At, Max: p.At.Add(mathx.Point{X: p.Sprite.W(), Y: p.Sprite.H()})}
}

// Object is something sorted as one box and drawn as one or more sprites
// in order: a character, a wall, a raised tile, a multi-tile building.
type Object struct {
	Box   Box
	Parts []Part
}

// BlockObject builds a solid block standing on cells [i, i+w) × [j, j+h)
// from height z0 to z1 (in pixels): its top and two visible side faces, in
// three colours, as one sortable object. Positions include the grid
// origin.
func (g *Grid) BlockObject(i, j, w, h, z0, z1 int, top, left, right color.RGBA) (Object, error) {
	if err := g.facesOK(); err != nil {
		return Object{}, err
	}
	if w <= 0 || h <= 0 || z1 <= z0 {
		return Object{}, fmt.Errorf("iso: block %d×%d from %d to %d pixels is empty", w, h, z0, z1)
	}
	p := g.Proj
	faces := []struct {
		f Face
		c color.RGBA
	}{
		{Face{Plane: PlaneXZ, I: i, J: j + h, Len: w, Z0: z0, Z1: z1}, left},  // front-left wall, y = j+h
		{Face{Plane: PlaneYZ, I: i + w, J: j, Len: h, Z0: z0, Z1: z1}, right}, // front-right wall, x = i+w
		{Face{Plane: PlaneXY, I: i, J: j, Len: w, Wid: h, Z0: z1}, top},
	}
	o := Object{Box: Box{
		Min: mathx.V3(float64(i), float64(j), float64(z0)/float64(p.ZPixels)),
		Max: mathx.V3(float64(i+w), float64(j+h), float64(z1)/float64(p.ZPixels)),
	}}
	for _, fc := range faces {
		pt, err := g.facePart(fc.f, fc.c)
		if err != nil {
			return Object{}, err
		}
		o.Parts = append(o.Parts, pt)
	}
	return o, nil
}

// facePart draws face f in colour c as a sprite placed in map pixels
// (grid origin included).
func (g *Grid) facePart(f Face, c color.RGBA) (Part, error) {
	img, err := FaceImage(g.Proj, f, c)
	if err != nil {
		return Part{}, err
	}
	s, err := raster.NewSprite(img)
	if err != nil {
		return Part{}, err
	}
	return Part{Sprite: s, At: mathx.PointFrom(img.Rect.Min).Add(g.origin)}, nil
}

// facesOK refuses faces (diamond floors and walls) on maps that are not
// drawn on a diamond lattice of tiles.
func (g *Grid) facesOK() error {
	if g.Layout != Diamond && g.Layout != Staggered {
		return fmt.Errorf("iso: blocks and walls need a diamond or staggered map (layout %d)", g.Layout)
	}
	return nil
}

// WallObject builds a wall face (PlaneXZ or PlaneYZ) as a sortable object.
func (g *Grid) WallObject(f Face, c color.RGBA) (Object, error) {
	if err := g.facesOK(); err != nil {
		return Object{}, err
	}
	if f.Plane == PlaneXY {
		return Object{}, fmt.Errorf("iso: WallObject needs a wall plane, got a floor")
	}
	pt, err := g.facePart(f, c)
	if err != nil {
		return Object{}, err
	}
	return Object{Box: f.Box(g.Proj), Parts: []Part{pt}}, nil
}

// SpriteObject places a sprite standing at world point feet (its bottom
// centre there) with a box of footprint radius r and height h around it.
func (g *Grid) SpriteObject(s *raster.Sprite, feet mathx.Vec3, r, h float64) Object {
	sp := g.ToScreen(feet)
	at := mathx.Point{X: int(floor(sp.X)) - s.W()/2, Y: int(floor(sp.Y)) - s.H()}
	return Object{
		Box:   Box{Min: mathx.V3(feet.X-r, feet.Y-r, feet.Z), Max: mathx.V3(feet.X+r, feet.Y+r, feet.Z+h)},
		Parts: []Part{{Sprite: s, At: at}},
	}
}

func floor(f float64) float64 {
	if !mathx.IsFinite(f) {
		return 0
	}
	i := float64(int64(f))
	if i > f {
		i--
	}
	return i
}

// TileLayer is a flat layer of map tiles drawn from a set of tile sprites.
// Tile images are anchored as Tiled anchors them: the image's bottom-left
// corner on the bottom-left corner of the tile's diamond box, so taller
// images extend upwards. A layer is drawn as a whole, beneath the objects
// that follow it in the draw list; things that stand up and must pass in
// front of or behind characters (trees, walls, raised blocks) belong in
// objects, where they are depth-sorted by their boxes.
type TileLayer struct {
	Tiles   []int32          // Cols×Rows, row-major; an index into Sprites, or −1 for none
	Sprites []*raster.Sprite // tile images
	// Offsets, when not nil, moves each sprite's image by this many map
	// pixels in any direction (x right, y down) from its tile's anchor:
	// Tiled's tileset and layer offsets. It has one entry per sprite.
	Offsets []mathx.Point
	// Elevation, when not nil, lifts each tile by this many pixels
	// (Cols×Rows, row-major).
	Elevation []int16
}

// Painter turns layers and objects into raster draw-list commands through
// a camera: visible tiles in back-to-front order and objects in
// dependency order, with integer depth keys, at the camera's integer zoom.
// It reuses its memory from frame to frame.
type Painter struct {
	Grid    *Grid
	Cam     *Camera
	sorter  *Sorter
	tiles   []Tile
	objs    []Object
	ground  []groundKey
	scratch raster.DrawOptions
}

// groundKey orders an object on a top-down map: by the screen y of its
// ground line, then its base height, then insertion.
type groundKey struct {
	y, z float64
	idx  int32
}

func cmpGround(a, b groundKey) int {
	switch {
	case a.y != b.y:
		return cmp.Compare(a.y, b.y)
	case a.z != b.z:
		return cmp.Compare(a.z, b.z)
	}
	return cmp.Compare(a.idx, b.idx)
}

// groundLine returns the map-pixel y of box b's ground line: where the
// centre of its footprint meets the floor (z = 0), the feet of a
// character or tile object whose box is centred on them. Objects on
// Orthogonal and Hexagonal maps are drawn in increasing ground-line order
// (see [Painter.Objects]), which is Tiled's top-down order by object y.
func (g *Grid) groundLine(b Box) float64 {
	return g.ToScreen(mathx.Vec3{X: (b.Min.X + b.Max.X) / 2, Y: (b.Min.Y + b.Max.Y) / 2}).Y
}

// NewPainter returns a painter for a grid seen through a camera.
func NewPainter(g *Grid, cam *Camera) *Painter {
	return &Painter{Grid: g, Cam: cam, sorter: NewSorter(g.Proj)}
}

// Sorter returns the depth sorter the painter orders objects with (to
// set its workers, or read its Grown count in an allocation test).
func (pt *Painter) Sorter() *Sorter { return pt.sorter }

// opts returns o with the camera zoom as scale, in scratch space (the
// draw list copies it).
func (pt *Painter) opts(o raster.DrawOptions) *raster.DrawOptions {
	pt.scratch = o
	if z := pt.Cam.zoom(); z > 1 {
		pt.scratch.Scale = z
	}
	return &pt.scratch
}

// Sprite adds s with its top-left corner at map pixel at, with depth key
// depth, through the camera (position and zoom). It is how single images
// that are neither tiles nor sorted objects (backgrounds, image layers)
// are drawn.
func (pt *Painter) Sprite(dl *raster.DrawList, depth int64, s *raster.Sprite, at mathx.Point) {
	p := pt.Cam.MapPixelToScreen(at)
	var none raster.DrawOptions
	dl.Sprite(depth, s, p.X, p.Y, pt.opts(none))
}

// Layer adds the visible tiles of l with depth key depth (one key for the
// whole layer: the draw list keeps insertion order among equal keys, and
// tiles are added back to front). It returns an error when l's slices do
// not match the map size.
func (pt *Painter) Layer(dl *raster.DrawList, l *TileLayer, depth int64) error {
	g := pt.Grid
	n := g.Cols * g.Rows
	if len(l.Tiles) != n || (l.Elevation != nil && len(l.Elevation) != n) {
		return fmt.Errorf("iso: layer has %d tiles / %d elevations for a %d×%d map", len(l.Tiles), len(l.Elevation), g.Cols, g.Rows)
	}
	if l.Offsets != nil && len(l.Offsets) != len(l.Sprites) {
		return fmt.Errorf("iso: layer has %d offsets for %d sprites", len(l.Offsets), len(l.Sprites))
	}
	od := Overdraw{}
	tw, th := g.TileSize()
	for i, s := range l.Sprites {
		if s == nil {
			continue
		}
		var off mathx.Point
		if l.Offsets != nil {
			off = l.Offsets[i]
		}
		// The image spans x ∈ [off.X, off.X+W) and y ∈ [th−H+off.Y,
		// th+off.Y) of the tile box [0, tw) × [0, th).
		od.Up = max(od.Up, s.H()-th-off.Y)
		od.Down = max(od.Down, off.Y)
		od.Side = max(od.Side, s.W()-tw+off.X, -off.X)
	}
	if l.Elevation != nil {
		m := 0
		for _, e := range l.Elevation {
			m = max(m, int(e))
		}
		od.Up += m
	}
	pt.tiles = g.AppendVisible(pt.tiles[:0], pt.Cam.View(), od)
	var none raster.DrawOptions
	o := pt.opts(none)
	for _, t := range pt.tiles {
		k := t.Row*g.Cols + t.Col
		si := l.Tiles[k]
		if si < 0 || int(si) >= len(l.Sprites) || l.Sprites[si] == nil {
			continue
		}
		s := l.Sprites[si]
		e := 0
		if l.Elevation != nil {
			e = int(l.Elevation[k])
		}
		b := g.TileBounds(t.Col, t.Row, e)
		p := mathx.Point{X: b.Min.X, Y: b.Max.Y - s.H()}
		if l.Offsets != nil {
			p = p.Add(l.Offsets[si])
		}
		at := pt.Cam.MapPixelToScreen(p)
		dl.Sprite(depth, s, at.X, at.Y, o)
	}
	return nil
}

// Add queues an object for the next Objects call. Objects whose parts are
// all outside the camera view are dropped here (culling); an object with
// an invalid box is an error.
func (pt *Painter) Add(o Object) error {
	if !o.Box.IsFinite() {
		return fmt.Errorf("iso: object box %v–%v is not valid", o.Box.Min, o.Box.Max)
	}
	view := pt.Cam.View()
	for _, p := range o.Parts {
		if p.Sprite == nil {
			continue
		}
		if p.rect().Overlaps(view) {
			pt.objs = append(pt.objs, o)
			return nil
		}
	}
	return nil
}

// Objects sorts the queued objects and adds their parts to dl with depth
// keys depth, depth+1, ... in painter's order; it returns the next free
// key and empties the queue.
//
// On Diamond and Staggered maps the order comes from the objects' 3D
// boxes ([Sorter]). On Orthogonal and Hexagonal maps it is Tiled's
// top-down object order: by ground line (the screen y of the footprint's
// centre), lower base first on equal lines, then in the order the objects
// were added.
func (pt *Painter) Objects(dl *raster.DrawList, depth int64) int64 {
	if pt.Grid.GroundOrder() {
		pt.sortGround()
		for _, gk := range pt.ground {
			depth = pt.parts(dl, depth, int(gk.idx))
		}
	} else {
		s := pt.sorter
		s.Reset()
		for _, o := range pt.objs {
			s.Add(o.Box) // boxes were validated by Add
		}
		for _, it := range s.Sort() {
			depth = pt.parts(dl, depth, int(it))
		}
	}
	clear(pt.objs)
	pt.objs = pt.objs[:0]
	return depth
}

// sortGround fills pt.ground with the queued objects in ground-line order.
func (pt *Painter) sortGround() {
	pt.ground = pt.ground[:0]
	for k, o := range pt.objs {
		pt.ground = append(pt.ground, groundKey{y: pt.Grid.groundLine(o.Box), z: o.Box.Min.Z, idx: int32(k)})
	}
	slices.SortFunc(pt.ground, cmpGround)
}

// parts adds object k's parts with key depth and returns depth+1.
func (pt *Painter) parts(dl *raster.DrawList, depth int64, k int) int64 {
	for _, p := range pt.objs[k].Parts {
		at := pt.Cam.MapPixelToScreen(p.At)
		dl.Sprite(depth, p.Sprite, at.X, at.Y, pt.opts(p.Opts))
	}
	return depth + 1
}

// TextureShade returns a shading function for [FaceImageFunc] that covers
// face f with tex repeated in the face's own plane, as IsoMob's "tiled"
// textures: texel coordinates come from absolute world positions (texels
// per tile along x and y, one texel per pixel of height), so faces that
// continue each other (a wall split in pieces, neighbouring floor tiles)
// continue the pattern with no seam. tex must not be empty.
func TextureShade(p Projection, f Face, tex image.Image, texelsPerTile int) (func(px, py int) color.RGBA, error) {
	if tex == nil || tex.Bounds().Empty() {
		return nil, fmt.Errorf("iso: empty texture")
	}
	if texelsPerTile < 1 || texelsPerTile > maxTileSide {
		return nil, fmt.Errorf("iso: %d texels per tile out of range 1..%d", texelsPerTile, maxTileSide)
	}
	tb := tex.Bounds()
	T := int64(texelsPerTile)
	hw, hh := int64(p.TileW/2), int64(p.TileH/2)
	I, J := int64(f.I), int64(f.J)
	sample := func(u, v int64) color.RGBA {
		x := tb.Min.X + int(pmod(u, int64(tb.Dx())))
		y := tb.Min.Y + int(pmod(v, int64(tb.Dy())))
		return color.RGBAModel.Convert(tex.At(x, y)).(color.RGBA)
	}
	return func(px, py int) color.RGBA {
		X := 2*int64(px) + 1
		Y := 2*int64(py) + 1
		switch f.Plane {
		case PlaneXZ: // u along x, v down from height 0
			u := floorDiv(X*T+2*hw*J*T, 2*hw)
			v := floorDiv(Y*hw-X*hh-4*J*hw*hh, 2*hw)
			return sample(u, v)
		case PlaneYZ: // u along y
			u := floorDiv(2*hw*I*T-X*T, 2*hw)
			v := floorDiv(Y*hw+X*hh-4*I*hw*hh, 2*hw)
			return sample(u, v)
		}
		Yz := Y + 2*int64(f.Z0)
		den := 4 * hw * hh
		return sample(floorDiv((Yz*hw+X*hh)*T, den), floorDiv((Yz*hw-X*hh)*T, den))
	}, nil
}

func pmod(a, m int64) int64 {
	r := a % m
	if r < 0 {
		r += m
	}
	return r
}
