package isoxml

import (
	"io/fs"
	"math"
	"strconv"
	"strings"

	"diorama/internal/loadutil"
	"diorama/mathx"
)

// Limits bound what files may declare before anything is allocated. A zero
// field takes its value from DefaultLimits.
type Limits struct {
	// MaxFileBytes is the largest file read; one Load reads at most four
	// times this in all (scene plus definitions).
	MaxFileBytes int64
	MaxElements  int // XML elements plus attributes of one file
	MaxDepth     int // XML element nesting
	// MaxAttrs bounds the attributes of one element, checked on the raw
	// bytes before the XML decoder reads the element (it reads all of an
	// element's attributes at once, about 100 bytes of memory each).
	MaxAttrs    int
	MaxDefFiles int     // <definitions> entries of one scene
	MaxGridSize int     // gridsize and levelsize
	MaxCoord    float64 // |coordinate|, size, radius
	// MaxFloorCells bounds the area of the scene's floors in grid cells
	// (gridsize × gridsize, a part cell counted whole), summed over its
	// floors: a scene of many huge floors is refused at the floor that
	// passes it instead of costing floors × area to build.
	MaxFloorCells int64
}

// DefaultLimits are generous for hand-made and generated scenes and still
// keep a hostile file from exhausting memory.
var DefaultLimits = Limits{
	MaxFileBytes: 16 << 20,
	MaxElements:  1 << 20,
	MaxDepth:     32,
	MaxAttrs:     256,
	MaxDefFiles:  64,
	MaxGridSize:  1 << 16,
	MaxCoord:     1 << 24,
	// 64Mi cells: sixteen floors over a whole 2048×2048 map.
	MaxFloorCells: 1 << 26,
}

// withDefaults fills the fields that are not positive from DefaultLimits.
func (l Limits) withDefaults() Limits { return loadutil.Defaults(l, DefaultLimits) }

// Loader loads scenes and definitions under the given Limits. The zero
// Loader uses DefaultLimits.
type Loader struct {
	Limits Limits
}

// Load reads the scene file name and the definitions files it lists from
// fsys with DefaultLimits. On error it returns nil and an *Error naming the
// file, line and element.
func Load(fsys fs.FS, name string) (*Scene, error) { return Loader{}.Load(fsys, name) }

// LoadDefinitions reads one definitions file with DefaultLimits.
func LoadDefinitions(fsys fs.FS, name string) (*Definitions, error) {
	return Loader{}.LoadDefinitions(fsys, name)
}

// load is the state of one Load call.
type load struct {
	fsys fs.FS
	lim  Limits
	read int64
}

func (ld Loader) newLoad(fsys fs.FS) *load { return &load{fsys: fsys, lim: ld.Limits.withDefaults()} }

func (l *load) readXML(name string) (*node, error) {
	data, err := loadutil.ReadFile(l.fsys, name, l.lim.MaxFileBytes)
	if err != nil {
		return nil, loadutil.RaiseHint(err, "Loader.Limits.MaxFileBytes")
	}
	l.read += int64(len(data))
	if l.read > 4*l.lim.MaxFileBytes {
		return nil, errf(ErrLimit, name, 0, "", "scene and definitions together larger than %d bytes (raise Loader.Limits.MaxFileBytes)", 4*l.lim.MaxFileBytes)
	}
	return parseXML(name, data, l.lim.MaxDepth, l.lim.MaxElements, l.lim.MaxAttrs)
}

// LoadDefinitions reads one definitions file; see the package
// LoadDefinitions.
func (ld Loader) LoadDefinitions(fsys fs.FS, name string) (*Definitions, error) {
	if err := loadutil.CheckPath(name); err != nil {
		return nil, err
	}
	l := ld.newLoad(fsys)
	d := newDefinitions()
	if err := l.definitions(d, name); err != nil {
		return nil, err
	}
	return d, nil
}

func newDefinitions() *Definitions {
	return &Definitions{materials: map[string]int{}, objects: map[string]int{}}
}

// definitions reads the file name into d, refusing names d already holds.
func (l *load) definitions(d *Definitions, name string) error {
	root, err := l.readXML(name)
	if err != nil {
		return err
	}
	if root.Name != "definitions" {
		return errf(ErrInvalid, name, root.Line, "<"+root.Name+">", "root element is not <definitions>")
	}
	if err := newAttrs(name, root, "<definitions>").done(); err != nil {
		return err
	}
	d.Files = append(d.Files, name)
	for _, n := range root.Kids {
		where := describe(n)
		a := newAttrs(name, n, where)
		switch n.Name {
		case "media":
			src := a.str("src", true)
			if err := a.done(); err != nil {
				return err
			}
			if err := noKids(name, n, where); err != nil {
				return err
			}
			p, err := loadutil.ResolvePath(name, src, strconv.Quote)
			if err != nil {
				return &Error{File: name, Line: n.Line, Where: where, Msg: "bad src", Kind: ErrPath, Err: err}
			}
			d.Media = append(d.Media, Media{Src: p, File: name, Line: n.Line})
		case "materialDefinition":
			m := Material{Name: a.str("name", true), Type: a.str("type", false), File: name, Line: n.Line}
			if err := a.done(); err != nil {
				return err
			}
			m.Diffuse = m.Name
			for _, k := range n.Kids {
				if k.Name != "diffuse" {
					return errf(ErrInvalid, name, k.Line, where, "unknown element <%s> (want <diffuse>)", k.Name)
				}
				if err := newAttrs(name, k, "<diffuse>").done(); err != nil {
					return err
				}
				if v := strings.TrimSpace(string(k.Text)); v != "" {
					m.Diffuse = v
				}
			}
			m.Tiled = isTiledName(m.Name)
			if err := defineOnce(d, name, n.Line, where, "material", m.Name, d.materials, len(d.Materials)); err != nil {
				return err
			}
			d.Materials = append(d.Materials, m)
		case "objectDefinition", "characterDefinition":
			od, err := l.objectDef(name, n, a, where)
			if err != nil {
				return err
			}
			if err := defineOnce(d, name, n.Line, where, "definition", od.Name, d.objects, len(d.Objects)); err != nil {
				return err
			}
			d.Objects = append(d.Objects, *od)
		default:
			return errf(ErrInvalid, name, n.Line, where, "unknown element in <definitions> (want media, materialDefinition, objectDefinition or characterDefinition)")
		}
	}
	return nil
}

// defineOnce records name at index i in names, refusing a second
// definition and naming the first.
func defineOnce(d *Definitions, file string, line int, where, what, name string, names map[string]int, i int) error {
	if j, dup := names[name]; dup {
		var f string
		var fl int
		if what == "material" {
			f, fl = d.Materials[j].File, d.Materials[j].Line
		} else {
			f, fl = d.Objects[j].File, d.Objects[j].Line
		}
		return errf(ErrRef, file, line, where, "%s %q already defined at %s:%d", what, name, f, fl)
	}
	names[name] = i
	return nil
}

func (l *load) objectDef(file string, n *node, a *attrs, where string) (*ObjectDef, error) {
	od := &ObjectDef{
		Name:      a.str("name", true),
		Character: n.Name == "characterDefinition",
		Solid:     a.boolAttr("solid", false),
		Animated:  a.boolAttr("animated", false),
		File:      file,
		Line:      n.Line,
	}
	if err := a.done(); err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	for _, k := range n.Kids {
		if seen[k.Name] {
			return nil, errf(ErrInvalid, file, k.Line, where, "more than one <%s>", k.Name)
		}
		seen[k.Name] = true
		if err := newAttrs(file, k, "<"+k.Name+">").done(); err != nil {
			return nil, err
		}
		switch k.Name {
		case "displayModel":
			for _, s := range k.Kids {
				sw := where + " > " + describe(s)
				if s.Name != "sprite" {
					return nil, errf(ErrInvalid, file, s.Line, sw, "unknown element in <displayModel> (want <sprite>)")
				}
				sa := newAttrs(file, s, sw)
				sp := Sprite{Angle: sa.num("angle", false, 0, 360), Src: sa.str("src", true)}
				if err := sa.done(); err != nil {
					return nil, err
				}
				if err := noKids(file, s, sw); err != nil {
					return nil, err
				}
				if sp.Angle < 0 || sp.Angle >= 360 {
					return nil, errf(ErrInvalid, file, s.Line, sw, "angle %g outside 0..360", sp.Angle)
				}
				od.Sprites = append(od.Sprites, sp)
			}
		case "collisionModel":
			for _, c := range k.Kids {
				cw := where + " > <" + c.Name + ">"
				// "cilinder" is the IsoMob generator's spelling for
				// characters facing north and south.
				if c.Name != "cylinder" && c.Name != "cilinder" {
					return nil, errf(ErrInvalid, file, c.Line, cw, "unknown collision shape (want <cylinder>)")
				}
				if od.Collision != nil {
					return nil, errf(ErrInvalid, file, c.Line, cw, "more than one collision shape")
				}
				ca := newAttrs(file, c, cw)
				cy := &Cylinder{Radius: ca.nonNegative("radius", 0, l.lim.MaxCoord), Height: ca.nonNegative("height", 0, l.lim.MaxCoord)}
				if err := ca.done(); err != nil {
					return nil, err
				}
				if err := noKids(file, c, cw); err != nil {
					return nil, err
				}
				od.Collision = cy
			}
		default:
			return nil, errf(ErrInvalid, file, k.Line, where, "unknown element <%s> (want displayModel or collisionModel)", k.Name)
		}
	}
	return od, nil
}

func noKids(file string, n *node, where string) error {
	if len(n.Kids) > 0 {
		return errf(ErrInvalid, file, n.Kids[0].Line, where, "unexpected child <%s>", n.Kids[0].Name)
	}
	return nil
}

// Load reads a scene; see the package Load.
func (ld Loader) Load(fsys fs.FS, name string) (*Scene, error) {
	if err := loadutil.CheckPath(name); err != nil {
		return nil, err
	}
	l := ld.newLoad(fsys)
	root, err := l.readXML(name)
	if err != nil {
		return nil, err
	}
	if root.Name != "scene" {
		return nil, errf(ErrInvalid, name, root.Line, "<"+root.Name+">", "root element is not <scene>")
	}
	s := &Scene{File: name}
	a := newAttrs(name, root, "<scene>")
	s.GridSize = a.intAttr("gridsize", l.lim.MaxGridSize)
	s.LevelSize = a.intAttr("levelsize", l.lim.MaxGridSize)
	if err := a.done(); err != nil {
		return nil, err
	}
	var head, body *node
	for _, k := range root.Kids {
		switch k.Name {
		case "head", "body":
			if (k.Name == "head" && head != nil) || (k.Name == "body" && body != nil) {
				return nil, errf(ErrInvalid, name, k.Line, "<scene>", "more than one <%s>", k.Name)
			}
			if err := newAttrs(name, k, "<"+k.Name+">").done(); err != nil {
				return nil, err
			}
			if k.Name == "head" {
				head = k
			} else {
				body = k
			}
		default:
			return nil, errf(ErrInvalid, name, k.Line, "<scene>", "unknown element <%s> (want head and body)", k.Name)
		}
	}
	if head == nil || body == nil {
		missing := "head"
		if head != nil {
			missing = "body"
		}
		return nil, errf(ErrInvalid, name, root.Line, "<scene>", "missing <%s>", missing)
	}
	s.Defs = newDefinitions()
	if err := l.head(s, head); err != nil {
		return nil, err
	}
	if err := l.body(s, body); err != nil {
		return nil, err
	}
	return s, nil
}

func (l *load) head(s *Scene, head *node) error {
	file := s.File
	var seenName, seenDesc bool
	for _, k := range head.Kids {
		where := describe(k)
		switch k.Name {
		case "name", "description":
			seen := &seenName
			if k.Name == "description" {
				seen = &seenDesc
			}
			if *seen {
				return errf(ErrInvalid, file, k.Line, "<head>", "more than one <%s>", k.Name)
			}
			*seen = true
			if err := newAttrs(file, k, where).done(); err != nil {
				return err
			}
			if err := noKids(file, k, where); err != nil {
				return err
			}
			v := strings.Join(strings.Fields(string(k.Text)), " ")
			if k.Name == "name" {
				s.Name = v
			} else {
				s.Description = v
			}
		case "definitions":
			a := newAttrs(file, k, where)
			src := a.str("src", true)
			if err := a.done(); err != nil {
				return err
			}
			if err := noKids(file, k, where); err != nil {
				return err
			}
			p, err := loadutil.ResolvePath(file, src, strconv.Quote)
			if err != nil {
				return &Error{File: file, Line: k.Line, Where: where, Msg: "bad src", Kind: ErrPath, Err: err}
			}
			for _, f := range s.Defs.Files {
				if f == p {
					return errf(ErrRef, file, k.Line, where, "%q listed twice", p)
				}
			}
			if len(s.Defs.Files) >= l.lim.MaxDefFiles {
				return errf(ErrLimit, file, k.Line, where, "more than %d definitions files (raise Loader.Limits.MaxDefFiles)", l.lim.MaxDefFiles)
			}
			if _, err := fs.Stat(l.fsys, p); err != nil {
				return &Error{File: file, Line: k.Line, Where: where, Msg: "definitions file " + strconv.Quote(p) + " missing", Kind: ErrMissing, Err: err}
			}
			if err := l.definitions(s.Defs, p); err != nil {
				return err
			}
		default:
			return errf(ErrInvalid, file, k.Line, where, "unknown element in <head> (want name, description or definitions)")
		}
	}
	return nil
}

func (l *load) body(s *Scene, body *node) error {
	file := s.File
	max := l.lim.MaxCoord
	ids := map[string]int{}
	type pending struct {
		e     *Entity
		where string
	}
	var ents []pending
	first := true
	floorCells := 0.0
	for _, k := range body.Kids {
		where := describe(k)
		if err := noKids(file, k, where); err != nil {
			return err
		}
		a := newAttrs(file, k, where)
		id := a.str("id", true)
		pos := mathx.V3(a.num("x", true, 0, max), a.num("y", true, 0, max), a.num("z", true, 0, max))
		var box Box
		switch k.Name {
		case "wall":
			w := Wall{ID: id, Line: k.Line, Pos: pos}
			switch dir := a.str("dir", true); dir {
			case "vert":
				w.Dir = Vert
			case "horiz":
				w.Dir = Horiz
			case "":
			default:
				a.fail(ErrInvalid, "attribute dir=%q is not vert or horiz", dir)
			}
			w.Size = a.positive("size", max)
			w.Height = a.positive("height", max)
			src := a.str("src", true)
			if err := a.done(); err != nil {
				return err
			}
			m, err := material(s, file, k.Line, where, src)
			if err != nil {
				return err
			}
			w.Material = m
			s.Walls = append(s.Walls, w)
			box = w.Box()
		case "floor":
			f := Floor{ID: id, Line: k.Line, Pos: pos}
			f.Width = a.positive("width", max)
			f.Depth = a.positive("height", max)
			src := a.str("src", true)
			if err := a.done(); err != nil {
				return err
			}
			m, err := material(s, file, k.Line, where, src)
			if err != nil {
				return err
			}
			f.Material = m
			if gs := float64(s.GridSize); gs > 0 {
				// Cells the floor touches, as the scene's grid cuts it.
				cx := math.Ceil((f.Pos.X+f.Width)/gs) - math.Floor(f.Pos.X/gs)
				cy := math.Ceil((f.Pos.Y+f.Depth)/gs) - math.Floor(f.Pos.Y/gs)
				floorCells += cx * cy
				if floorCells > float64(l.lim.MaxFloorCells) {
					return errf(ErrLimit, file, k.Line, where, "floors cover more than %d grid cells in all (raise Loader.Limits.MaxFloorCells)", l.lim.MaxFloorCells)
				}
			}
			s.Floors = append(s.Floors, f)
			box = f.Box()
		case "object", "character":
			e := &Entity{ID: id, Line: k.Line, Pos: pos}
			def := a.str("def", true)
			e.Orientation = a.num("orientation", false, 0, 360)
			e.Props = a.rest()
			if err := a.done(); err != nil {
				return err
			}
			od, ok := s.Defs.Object(def)
			if !ok {
				return errf(ErrRef, file, k.Line, where, "def %q is not defined in %s", def, defFiles(s))
			}
			e.Def = od
			e.Cell = s.CellOf(pos)
			r := 0.0
			if od.Collision != nil {
				r = od.Collision.Radius
			}
			e.Footprint = mathx.AABB{Min: mathx.V2(pos.X-r, pos.Y-r), Max: mathx.V2(pos.X+r, pos.Y+r)}
			ents = append(ents, pending{e: e, where: where})
			if k.Name == "object" {
				s.Objects = append(s.Objects, *e)
			} else {
				s.Characters = append(s.Characters, *e)
			}
		default:
			return errf(ErrInvalid, file, k.Line, where, "unknown element in <body> (want wall, floor, object or character)")
		}
		if line, dup := ids[id]; dup {
			return errf(ErrRef, file, k.Line, where, "id %q already used at line %d", id, line)
		}
		ids[id] = k.Line
		if k.Name == "wall" || k.Name == "floor" {
			if first {
				s.Bounds, first = box, false
			} else {
				s.Bounds = s.Bounds.union(box)
			}
		}
	}
	// Entities may come before the geometry that bounds them: check last.
	for _, p := range ents {
		if first {
			return errf(ErrInvalid, file, p.e.Line, p.where, "outside the level: the scene has no walls or floors")
		}
		if !s.Bounds.Contains(p.e.Pos) {
			b := s.Bounds
			return errf(ErrInvalid, file, p.e.Line, p.where, "position (%g, %g, %g) outside the level (%g..%g, %g..%g, %g..%g)",
				p.e.Pos.X, p.e.Pos.Y, p.e.Pos.Z, b.Min.X, b.Max.X, b.Min.Y, b.Max.Y, b.Min.Z, b.Max.Z)
		}
	}
	return nil
}

func material(s *Scene, file string, line int, where, src string) (*Material, error) {
	m, ok := s.Defs.Material(src)
	if !ok {
		return nil, errf(ErrRef, file, line, where, "src %q is not a material defined in %s", src, defFiles(s))
	}
	return m, nil
}

func defFiles(s *Scene) string {
	if len(s.Defs.Files) == 0 {
		return "any definitions file (the scene lists none)"
	}
	return strings.Join(s.Defs.Files, ", ")
}
