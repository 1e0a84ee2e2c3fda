package imagelevel

import (
	"errors"
	"image/color"
	"io/fs"
	"math"
	"strconv"

	"diorama/internal/loadutil"
	"diorama/mathx"
)

// Limits bound what files may declare before anything is allocated. A zero
// field takes its value from DefaultLimits.
type Limits struct {
	MaxImageBytes int64 // largest PNG file read
	MaxFileBytes  int64 // largest description file read
	MaxWidth      int   // image width in pixels (tiles)
	MaxHeight     int   // image height in pixels (tiles)
	MaxCells      int64 // image width×height
	// MaxEntries bounds the doors, overlords, names and points of a
	// description together, max_in_level and spawns_in_wave, and the
	// door pixels of an image.
	MaxEntries int
}

// DefaultLimits allow a 4096×4096 map, a 16 MiB PNG and a 1 MiB
// description: far past hand-drawn levels, still safe.
var DefaultLimits = Limits{
	MaxImageBytes: 16 << 20,
	MaxFileBytes:  1 << 20,
	MaxWidth:      1 << 12,
	MaxHeight:     1 << 12,
	MaxCells:      1 << 24,
	MaxEntries:    1 << 16,
}

// withDefaults fills the fields that are not positive from DefaultLimits.
func (l Limits) withDefaults() Limits { return loadutil.Defaults(l, DefaultLimits) }

// Loader loads image levels. The zero Loader uses the default colours
// (DefaultWallColor, DefaultDoorColor) and DefaultLimits.
type Loader struct {
	Limits Limits
	// WallColor and DoorColor are the exact (non-premultiplied) colours of
	// wall and door pixels; the zero value means DefaultWallColor and
	// DefaultDoorColor. Every other pixel is floor.
	WallColor, DoorColor color.NRGBA
}

// NamedDoor is a door of a loaded level: the description's name and locked
// state joined with the pixel it sits on and how it is walled in.
type NamedDoor struct {
	Name   string
	At     mathx.Point
	Locked bool
	Axis   DoorAxis
}

// Level is a map image and its description, checked against each other:
// the player, triggers and spawn points lie inside the image and not in a
// wall, and the description's doors are exactly the image's door pixels.
type Level struct {
	Grid        *Map
	Description *Description
	Doors       []NamedDoor // in the description's order
}

// Load reads the map image imageName (PNG) and its JSON description
// descName from fsys with the default Loader. On error it returns nil and
// an *Error naming the file and the pixel or field.
func Load(fsys fs.FS, imageName, descName string) (*Level, error) {
	return Loader{}.Load(fsys, imageName, descName)
}

// LoadGrid reads only a map image with the default Loader.
func LoadGrid(fsys fs.FS, name string) (*Map, error) { return Loader{}.LoadGrid(fsys, name) }

// LoadDescription reads only a JSON description with the default Loader;
// the checks that need the image are not made.
func LoadDescription(fsys fs.FS, name string) (*Description, error) {
	return Loader{}.LoadDescription(fsys, name)
}

// LoadGrid reads a map image; see the package LoadGrid.
func (ld Loader) LoadGrid(fsys fs.FS, name string) (*Map, error) {
	data, err := loadutil.ReadFile(fsys, name, ld.Limits.withDefaults().MaxImageBytes)
	if err != nil {
		return nil, loadutil.RaiseHint(err, "Loader.Limits.MaxImageBytes")
	}
	return ld.decodeGrid(name, data)
}

// LoadDescription reads a JSON description; see the package
// LoadDescription.
func (ld Loader) LoadDescription(fsys fs.FS, name string) (*Description, error) {
	data, err := loadutil.ReadFile(fsys, name, ld.Limits.withDefaults().MaxFileBytes)
	if err != nil {
		return nil, loadutil.RaiseHint(err, "Loader.Limits.MaxFileBytes")
	}
	return ld.parseDescription(name, data)
}

// Load reads and cross-checks an image and its description; see the
// package Load.
//
// Every error names imageName first: one in the description reads
// "map.png: description → map.json:3:5: …", as the description is the
// image's companion (level.Load finds it from the image's name).
func (ld Loader) Load(fsys fs.FS, imageName, descName string) (*Level, error) {
	l, err := ld.load(fsys, imageName, descName)
	var e *Error
	if err != nil && (!errors.As(err, &e) || e.File != imageName) {
		err = loadutil.Chain(imageName, 0, "description", err)
	}
	return l, err
}

func (ld Loader) load(fsys fs.FS, imageName, descName string) (*Level, error) {
	lim := ld.Limits.withDefaults()
	for _, name := range []string{imageName, descName} {
		if err := loadutil.CheckPath(name); err != nil {
			return nil, err
		}
	}
	// The description first: it is small, and its errors are the likelier.
	ddata, err := loadutil.ReadFile(fsys, descName, lim.MaxFileBytes)
	if err != nil {
		return nil, loadutil.RaiseHint(err, "Loader.Limits.MaxFileBytes")
	}
	d, err := ld.parseDescription(descName, ddata)
	if err != nil {
		return nil, err
	}
	g, err := ld.LoadGrid(fsys, imageName)
	if err != nil {
		return nil, err
	}
	de := &descErr{file: descName, data: ddata}
	inside := func(where string, v mathx.Vec2) error {
		x, y := math.Floor(v.X), math.Floor(v.Y)
		if x < 0 || y < 0 || x >= float64(g.Width) || y >= float64(g.Height) {
			return de.at(ErrInvalid, where, "(%g, %g) outside the %d×%d image %s", v.X, v.Y, g.Width, g.Height, imageName)
		}
		if c, _ := g.At(int(x), int(y)); c == Wall {
			return de.at(ErrInvalid, where, "(%g, %g) is inside a wall (pixel (%d,%d) of %s)", v.X, v.Y, int(x), int(y), imageName)
		}
		return nil
	}
	if err := inside("player.sp", d.Player.Spawn); err != nil {
		return nil, err
	}
	for i, o := range d.Overlords {
		where := "overlords[" + strconv.Itoa(i) + "]"
		for k, v := range o.Triggers {
			if err := inside(where+".triggers["+strconv.Itoa(k)+"]", v); err != nil {
				return nil, err
			}
		}
		for k, v := range o.SpawnPoints {
			if err := inside(where+".spawn_points["+strconv.Itoa(k)+"]", v); err != nil {
				return nil, err
			}
		}
	}
	axes := make(map[mathx.Point]DoorAxis, len(g.Doors))
	for _, gd := range g.Doors {
		axes[gd.At] = gd.Axis
	}
	doors := make([]NamedDoor, 0, len(d.Doors))
	described := make(map[mathx.Point]bool, len(d.Doors))
	for i, ds := range d.Doors {
		axis, ok := axes[ds.Tile]
		if !ok {
			c, in := g.At(ds.Tile.X, ds.Tile.Y)
			what := c.String()
			if !in {
				what = "outside the " + strconv.Itoa(g.Width) + "×" + strconv.Itoa(g.Height) + " image"
			}
			return nil, de.at(ErrRef, "doors["+strconv.Itoa(i)+"].tile", "door %q at (%d, %d) but pixel (%d,%d) of %s is %s, not a door",
				ds.Name, ds.Tile.X, ds.Tile.Y, ds.Tile.X, ds.Tile.Y, imageName, what)
		}
		described[ds.Tile] = true
		doors = append(doors, NamedDoor{Name: ds.Name, At: ds.Tile, Locked: ds.Locked, Axis: axis})
	}
	for _, gd := range g.Doors {
		if !described[gd.At] {
			return nil, errf(ErrRef, imageName, "pixel ("+strconv.Itoa(gd.At.X)+","+strconv.Itoa(gd.At.Y)+")",
				"door with no entry in the doors of %s", descName)
		}
	}
	return &Level{Grid: g, Description: d, Doors: doors}, nil
}
