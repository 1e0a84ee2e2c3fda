package tiled

import (
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strconv"
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
	Properties           Properties
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

type jWorld struct {
	Type string `json:"type"`
	Maps []struct {
		FileName string `json:"fileName"`
		X        int    `json:"x"`
		Y        int    `json:"y"`
		Width    int    `json:"width"`
		Height   int    `json:"height"`
	} `json:"maps"`
	Patterns []struct {
		Regexp      string `json:"regexp"`
		MultiplierX *int   `json:"multiplierX"`
		MultiplierY *int   `json:"multiplierY"`
		OffsetX     int    `json:"offsetX"`
		OffsetY     int    `json:"offsetY"`
		MapWidth    *int   `json:"mapWidth"`
		MapHeight   *int   `json:"mapHeight"`
	} `json:"patterns"`
	OnlyShowAdjacentMaps bool   `json:"onlyShowAdjacentMaps"`
	Properties           jProps `json:"properties"`
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
	var jw jWorld
	if err := unmarshalJSON(name, data, l.jsonDepthLimit(), l.lim.MaxElements, &jw); err != nil {
		return nil, err
	}
	if jw.Type != "" && jw.Type != "world" {
		return nil, errf(ErrInvalid, name, 0, "type", "type is %s, not \"world\"", quote(jw.Type))
	}
	w := &World{File: name, OnlyShowAdjacentMaps: jw.OnlyShowAdjacentMaps}
	if w.Properties, err = l.jsonProps(name, "properties", jw.Properties); err != nil {
		return nil, err
	}
	if len(jw.Maps) > maxWorldMaps {
		return nil, errf(ErrLimit, name, 0, "maps", "%d maps exceed %d", len(jw.Maps), maxWorldMaps)
	}
	for i, jm := range jw.Maps {
		where := "maps[" + itoa(i) + "]"
		if jm.FileName == "" {
			return nil, errf(ErrInvalid, name, 0, where+".fileName", "missing")
		}
		p, err := resolvePath(name, jm.FileName)
		if err != nil {
			return nil, &Error{File: name, Where: where + ".fileName", Msg: "bad map path", Kind: ErrPath, Err: err}
		}
		if jm.Width < 0 || jm.Height < 0 {
			return nil, errf(ErrInvalid, name, 0, where, "negative size %d×%d", jm.Width, jm.Height)
		}
		w.Maps = append(w.Maps, WorldMap{File: p, X: jm.X, Y: jm.Y, Width: jm.Width, Height: jm.Height})
	}
	var entries []fs.DirEntry
	if len(jw.Patterns) > 0 {
		if entries, err = fs.ReadDir(fsys, path.Dir(name)); err != nil {
			return nil, &Error{File: name, Where: "patterns", Msg: "cannot list the world's folder", Kind: ErrMissing, Err: err}
		}
		sort.Slice(entries, func(i, j int) bool { return entries[i].Name() < entries[j].Name() })
	}
	for i, jp := range jw.Patterns {
		where := "patterns[" + itoa(i) + "]"
		p := WorldPattern{Regexp: jp.Regexp, MultiplierX: 1, MultiplierY: 1, OffsetX: jp.OffsetX, OffsetY: jp.OffsetY}
		if jp.MultiplierX != nil {
			p.MultiplierX = *jp.MultiplierX
		}
		if jp.MultiplierY != nil {
			p.MultiplierY = *jp.MultiplierY
		}
		p.MapWidth, p.MapHeight = abs(p.MultiplierX), abs(p.MultiplierY)
		if jp.MapWidth != nil {
			p.MapWidth = *jp.MapWidth
		}
		if jp.MapHeight != nil {
			p.MapHeight = *jp.MapHeight
		}
		re, err := regexp.Compile(jp.Regexp)
		switch {
		case err != nil:
			return nil, &Error{File: name, Where: where + ".regexp", Msg: "bad regular expression", Kind: ErrInvalid, Err: err}
		case re.NumSubexp() != 2:
			return nil, errf(ErrInvalid, name, 0, where+".regexp", "has %d captures, 2 expected (x and y)", re.NumSubexp())
		case p.MultiplierX == 0 || p.MultiplierY == 0:
			return nil, errf(ErrInvalid, name, 0, where, "multipliers %d, %d must not be 0", p.MultiplierX, p.MultiplierY)
		case p.MapWidth <= 0 || p.MapHeight <= 0:
			return nil, errf(ErrInvalid, name, 0, where, "map size %d×%d must be positive", p.MapWidth, p.MapHeight)
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
				return nil, errf(ErrInvalid, name, 0, where, "file %s: captures %s, %s are not map coordinates", quote(e.Name()), quote(sub[1]), quote(sub[2]))
			}
			if len(w.Maps) >= maxWorldMaps {
				return nil, errf(ErrLimit, name, 0, where, "more than %d maps", maxWorldMaps)
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
