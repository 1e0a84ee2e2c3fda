package isoxml

import (
	"math"
	"strings"

	"diorama/mathx"
)

// Box is an axis-aligned box in world units (x, y on the floor plane, z up).
type Box struct{ Min, Max mathx.Vec3 }

// Contains reports whether p lies in the box, faces included.
func (b Box) Contains(p mathx.Vec3) bool {
	return p.X >= b.Min.X && p.X <= b.Max.X && p.Y >= b.Min.Y && p.Y <= b.Max.Y && p.Z >= b.Min.Z && p.Z <= b.Max.Z
}

func (b Box) union(c Box) Box {
	return Box{
		Min: mathx.V3(math.Min(b.Min.X, c.Min.X), math.Min(b.Min.Y, c.Min.Y), math.Min(b.Min.Z, c.Min.Z)),
		Max: mathx.V3(math.Max(b.Max.X, c.Max.X), math.Max(b.Max.Y, c.Max.Y), math.Max(b.Max.Z, c.Max.Z)),
	}
}

// Cell is a grid cell of the scene's overlay: X and Y in gridsize steps,
// Z in levelsize steps.
type Cell struct{ X, Y, Z int }

// WallDir is the plane a wall lies in.
type WallDir uint8

const (
	// Vert (dir="vert") is a vertical wall: a y-z plane at fixed x.
	Vert WallDir = iota
	// Horiz (dir="horiz") is a horizontal wall: an x-z plane at fixed y.
	Horiz
)

// String returns the XML spelling.
func (d WallDir) String() string {
	if d == Horiz {
		return "horiz"
	}
	return "vert"
}

// Wall is a <wall>: a plane standing on its start point Pos (its
// bottom-left corner), Size long along y (Vert) or x (Horiz) and Height tall
// along z, painted with Material.
type Wall struct {
	ID       string
	Line     int
	Pos      mathx.Vec3
	Dir      WallDir
	Size     float64
	Height   float64
	Material *Material
}

// Box is the wall's extent (zero thickness across its plane).
func (w *Wall) Box() Box {
	max := mathx.V3(w.Pos.X, w.Pos.Y+w.Size, w.Pos.Z+w.Height)
	if w.Dir == Horiz {
		max = mathx.V3(w.Pos.X+w.Size, w.Pos.Y, w.Pos.Z+w.Height)
	}
	return Box{Min: w.Pos, Max: max}
}

// Floor is a <floor>: an x-y plane at height Pos.Z from its corner Pos,
// Width along x and Depth along y (the XML's width and height attributes),
// painted with Material.
type Floor struct {
	ID       string
	Line     int
	Pos      mathx.Vec3
	Width    float64
	Depth    float64
	Material *Material
}

// Box is the floor's extent (zero thickness along z).
func (f *Floor) Box() Box {
	return Box{Min: f.Pos, Max: mathx.V3(f.Pos.X+f.Width, f.Pos.Y+f.Depth, f.Pos.Z)}
}

// Prop is a free-form attribute of an <object> or <character> beyond the
// ones the format defines (health="100", team="red"), in document order.
type Prop struct{ Name, Value string }

// Entity is an <object> (a static prop) or a <character> (it moves at run
// time): where it stands, its definition and its footprint.
type Entity struct {
	ID          string
	Line        int
	Pos         mathx.Vec3 // starting world position
	Orientation float64    // degrees, as written (0 when absent)
	Def         *ObjectDef
	Cell        Cell       // grid cell of Pos
	Footprint   mathx.AABB // x-y extent: Pos ± the collision radius (a point without a collision model)
	Props       []Prop
}

// Prop returns the value of the free-form attribute name.
func (e *Entity) Prop(name string) (string, bool) {
	for _, p := range e.Props {
		if p.Name == name {
			return p.Value, true
		}
	}
	return "", false
}

// Scene is a loaded IsoMob scene: its grid, geometry and entities, with
// every reference resolved against its definitions.
type Scene struct {
	File        string
	Name        string
	Description string
	GridSize    int // cell size along x and y (the scene's gridsize)
	LevelSize   int // cell height along z (the scene's levelsize)
	Defs        *Definitions
	Walls       []Wall
	Floors      []Floor
	Objects     []Entity
	Characters  []Entity
	// Bounds is the union of the walls' and floors' boxes: the level.
	// Every object and character stands inside it.
	Bounds Box
}

// CellOf returns the grid cell holding p.
func (s *Scene) CellOf(p mathx.Vec3) Cell {
	g, l := float64(s.GridSize), float64(s.LevelSize)
	return Cell{int(math.Floor(p.X / g)), int(math.Floor(p.Y / g)), int(math.Floor(p.Z / l))}
}

// Definitions is the merged content of a scene's definitions files.
type Definitions struct {
	Files     []string // the files, in the order the scene lists them
	Media     []Media
	Materials []Material
	Objects   []ObjectDef // objectDefinition and characterDefinition elements, in file order

	materials map[string]int
	objects   map[string]int
}

// Material returns the material (texture) named name.
func (d *Definitions) Material(name string) (*Material, bool) {
	i, ok := d.materials[name]
	if !ok {
		return nil, false
	}
	return &d.Materials[i], true
}

// Object returns the object or character definition named name.
func (d *Definitions) Object(name string) (*ObjectDef, bool) {
	i, ok := d.objects[name]
	if !ok {
		return nil, false
	}
	return &d.Objects[i], true
}

// Media is a <media src>: the sprite sheet pair (.xml and .png) the
// definitions draw from, as a path in the fs.FS without extension,
// resolved against the definitions file. level.BuildIsoXMLFS reads
// Src + ".json" (TexturePacker JSON) or Src + ".xml" ([LoadSheet]).
type Media struct {
	Src  string
	File string
	Line int
}

// Material is a <materialDefinition>: a texture for walls and floors.
type Material struct {
	Name    string
	Type    string // as written (the generator writes "tile")
	Diffuse string // sprite name of the texture; the material's name when absent
	// Tiled: the name ends in "Tiled" (IsoMob's naming rule): the texture
	// is offset by the plane's position so neighbouring planes join up.
	Tiled bool
	File  string
	Line  int
}

// Sprite is one <sprite> of a display model: the sprite for a facing.
type Sprite struct {
	Angle float64 // degrees: 0 for objects; 45 east, 135 south, 225 west, 315 north
	Src   string
}

// Cylinder is a <cylinder> collision model (the generator writes radius
// 20, height 20).
type Cylinder struct{ Radius, Height float64 }

// ObjectDef is an <objectDefinition> or <characterDefinition>.
type ObjectDef struct {
	Name      string
	Character bool // a <characterDefinition>
	Solid     bool // gets a collision circle
	Animated  bool
	Sprites   []Sprite
	Collision *Cylinder // nil without a collision model
	File      string
	Line      int
}

// SpriteFor returns the sprite whose angle is nearest to deg (ties to the
// first), and false when the definition has none.
func (d *ObjectDef) SpriteFor(deg float64) (Sprite, bool) {
	best, bestD := -1, math.Inf(1)
	for i, s := range d.Sprites {
		diff := math.Abs(math.Mod(s.Angle-deg, 360))
		if diff > 180 {
			diff = 360 - diff
		}
		if diff < bestD {
			best, bestD = i, diff
		}
	}
	if best < 0 {
		return Sprite{}, false
	}
	return d.Sprites[best], true
}

func isTiledName(name string) bool { return strings.HasSuffix(name, "Tiled") }
