package tiled

import (
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strconv"

	"diorama/props"
)

// World is a Tiled .world file: maps placed side by side in one pixel
// space, listed by name or found by file-name patterns (Tiled's "Working
// with Worlds").
type World struct {
	// File is the world file's path in the fs.FS.
	File string
	// Maps are the world's maps: those listed in the file, in file order,
	// then those the patterns matched, by pattern and then by name.
	Maps []WorldMap
	// Patterns are the file-name patterns as written.
	Patterns []WorldPattern
	// OnlyShowAdjacentMaps asks editors to load only a map's neighbours.
	OnlyShowAdjacentMaps bool
	Properties           props.List
}

// WorldMap is one map of a world and its rectangle in world pixels.
type WorldMap struct {
	// File is the map's path in the fs.FS, resolved against the world
	// file (checked to stay inside the root).
	File                string
	X, Y, Width, Height int
}

// WorldPattern places every file in the world file's folder whose name
// the regular expression matches (anywhere in the name, as Tiled's
// QRegularExpression does) at (x·MultiplierX + OffsetX, y·MultiplierY +
// OffsetY), x and y being its two captured numbers.
type WorldPattern struct {
	Regexp                   string
	MultiplierX, MultiplierY int
	OffsetX, OffsetY         int
	MapWidth, MapHeight      int
}

// maxWorldMaps bounds the maps of one world, listed and matched.
const maxWorldMaps = 1 << 16

// LoadWorld reads a .world file from fsys with DefaultLimits; see
// Loader.LoadWorld.
func LoadWorld(fsys fs.FS, name string) (*World, error) { return Loader{}.LoadWorld(fsys, name) }

// LoadWorld reads a .world file: its listed maps, its patterns (matched
// against the regular files of the world file's folder) and properties.
// The maps themselves are not loaded: load each WorldMap.File with Load.
// Errors name the world file and the JSON path of the bad value.
func (ld Loader) LoadWorld(fsys fs.FS, name string) (*World, error) {
	l := ld.newLoad(fsys)
	data, err := l.readFile(name)
	if err != nil {
		return nil, err
	}
	root, c, err := l.parseForm(name, data, "world", true)
	if err != nil {
		return nil, err
	}
	w := &World{File: name, OnlyShowAdjacentMaps: c.bool(root, "world", "onlyShowAdjacentMaps", false)}
	listed := 0
	for _, k := range root.Kids {
		if k.Name == "map" {
			listed++
		}
	}
	w.Maps = make([]WorldMap, 0, min(listed, maxWorldMaps))
	var patterns []*xnode
	for _, k := range root.Kids {
		switch k.Name {
		case "properties":
			if w.Properties, err = l.props(c, k, "world"); err != nil {
				return nil, err
			}
		case "pattern":
			patterns = append(patterns, k)
		case "map":
			if len(w.Maps) >= maxWorldMaps {
				return nil, errf(ErrLimit, name, k.Line, "world", "more than %d maps", maxWorldMaps)
			}
			where := "map " + itoa(len(w.Maps))
			wm := WorldMap{File: c.path(k, where, "fileName"), X: c.int(k, where, "x", 0), Y: c.int(k, where, "y", 0),
				Width: c.int(k, where, "width", 0), Height: c.int(k, where, "height", 0)}
			switch {
			case c.err != nil:
				return nil, c.err
			case wm.File == "":
				return nil, errf(ErrInvalid, name, k.Line, where, "no fileName")
			case wm.Width < 0 || wm.Height < 0:
				return nil, errf(ErrInvalid, name, k.Line, where, "negative size %d×%d", wm.Width, wm.Height)
			}
			w.Maps = append(w.Maps, wm)
		}
	}
	if c.err != nil {
		return nil, c.err
	}
	var entries []fs.DirEntry
	if len(patterns) > 0 {
		if entries, err = fs.ReadDir(fsys, path.Dir(name)); err != nil {
			return nil, &Error{File: name, Line: patterns[0].Line, Where: "pattern 0", Msg: "cannot list the world's folder", Kind: ErrMissing, Err: err}
		}
		sort.Slice(entries, func(i, j int) bool { return entries[i].Name() < entries[j].Name() })
	}
	for i, k := range patterns {
		where := "pattern " + itoa(i)
		p := WorldPattern{Regexp: c.str(k, where, "regexp", ""), MultiplierX: c.int(k, where, "multiplierX", 1), MultiplierY: c.int(k, where, "multiplierY", 1),
			OffsetX: c.int(k, where, "offsetX", 0), OffsetY: c.int(k, where, "offsetY", 0)}
		p.MapWidth, p.MapHeight = c.int(k, where, "mapWidth", abs(p.MultiplierX)), c.int(k, where, "mapHeight", abs(p.MultiplierY))
		if c.err != nil {
			return nil, c.err
		}
		re, err := regexp.Compile(p.Regexp)
		switch {
		case err != nil:
			return nil, &Error{File: name, Line: k.Line, Where: where, Msg: "bad regular expression", Kind: ErrInvalid, Err: err}
		case re.NumSubexp() != 2:
			return nil, errf(ErrInvalid, name, k.Line, where, "regexp has %d captures, 2 expected (x and y)", re.NumSubexp())
		case p.MultiplierX == 0 || p.MultiplierY == 0:
			return nil, errf(ErrInvalid, name, k.Line, where, "multipliers %d, %d must not be 0", p.MultiplierX, p.MultiplierY)
		case p.MapWidth <= 0 || p.MapHeight <= 0:
			return nil, errf(ErrInvalid, name, k.Line, where, "map size %d×%d must be positive", p.MapWidth, p.MapHeight)
		}
		w.Patterns = append(w.Patterns, p)
		for _, e := range entries {
			if !e.Type().IsRegular() {
				continue
			}
			sub := re.FindStringSubmatch(e.Name())
			if sub == nil {
				continue
			}
			x, errx := strconv.Atoi(sub[1])
			y, erry := strconv.Atoi(sub[2])
			if errx != nil || erry != nil || abs(x) > 1<<20 || abs(y) > 1<<20 {
				return nil, errf(ErrInvalid, name, k.Line, where, "file %s: captures %s, %s are not map coordinates", quote(e.Name()), quote(sub[1]), quote(sub[2]))
			}
			if len(w.Maps) >= maxWorldMaps {
				return nil, errf(ErrLimit, name, k.Line, where, "more than %d maps", maxWorldMaps)
			}
			w.Maps = append(w.Maps, WorldMap{File: path.Join(path.Dir(name), e.Name()),
				X: x*p.MultiplierX + p.OffsetX, Y: y*p.MultiplierY + p.OffsetY, Width: p.MapWidth, Height: p.MapHeight})
		}
	}
	return w, nil
}

// LoadMaps loads every map of the world with ld, in World.Maps order. An
// error names the world file and the map's place in it as well as the
// map's own error.
func (ld Loader) LoadMaps(fsys fs.FS, w *World) ([]*Map, error) {
	maps := make([]*Map, 0, len(w.Maps))
	for i, wm := range w.Maps {
		m, err := ld.Load(fsys, wm.File)
		if err != nil {
			return nil, fmt.Errorf("%s: maps[%d] %s: %w", w.File, i, wm.File, err)
		}
		maps = append(maps, m)
	}
	return maps, nil
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
