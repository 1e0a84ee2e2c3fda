package imagelevel

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"strconv"
	"strings"

	"diorama/internal/loadutil"
	"diorama/mathx"
)

// Description is the JSON file paired with a map image: the player's
// start, the named doors and the overlords that spawn enemy waves. Points
// are in tile units, where .5 is a tile's centre.
type Description struct {
	File      string
	Player    Player
	Doors     []DoorSpec
	Overlords []Overlord
}

// Player is the "player" object.
type Player struct {
	// Spawn ("sp") is where the player starts.
	Spawn mathx.Vec2
	// OSR ("osr") is kept as written; the format never explains it (its
	// example's {0, 1} reads like an initial facing). Zero when absent.
	OSR mathx.Vec2
}

// DoorSpec is one entry of "doors": the name overlords lock it by, the
// door pixel it describes and whether it starts locked.
type DoorSpec struct {
	Name   string
	Tile   mathx.Point
	Locked bool
}

// Overlord is one entry of "overlords", the per-zone controller that
// chooses what to spawn and where. The format names only the keys; the
// field comments are their plain reading.
type Overlord struct {
	LockOnEntry  []string     // "lock_on_entry": doors locked when the zone is entered
	Triggers     []mathx.Vec2 // "triggers": points that activate the overlord
	SpawnPoints  []mathx.Vec2 // "spawn_points": where its enemies appear (at least one)
	MaxInLevel   int          // "max_in_level": enemies alive at once, at least 1
	SpawnsInWave int          // "spawns_in_wave": enemies spawned in the wave, at least 1
}

// The JSON shapes, with pointers to tell absent from zero.
type jPoint struct {
	X *float64 `json:"x"`
	Y *float64 `json:"y"`
}

type jTile struct {
	X *int `json:"x"`
	Y *int `json:"y"`
}

type jDesc struct {
	Player *struct {
		OSR *jPoint `json:"osr"`
		SP  *jPoint `json:"sp"`
	} `json:"player"`
	Doors []struct {
		Name   *string `json:"name"`
		Tile   *jTile  `json:"tile"`
		Locked bool    `json:"locked"`
	} `json:"doors"`
	Overlords []struct {
		LockOnEntry  []string `json:"lock_on_entry"`
		Triggers     []jPoint `json:"triggers"`
		SpawnPoints  []jPoint `json:"spawn_points"`
		MaxInLevel   *int64   `json:"max_in_level"` // int64: the same range error for 9e9 with a 32-bit int
		SpawnsInWave *int64   `json:"spawns_in_wave"`
	} `json:"overlords"`
}

// descErr builds an error at a JSON path, finding its line lazily (only
// failures pay for the second pass).
type descErr struct {
	file string
	data []byte
	idx  map[string]pos
}

func (d *descErr) at(kind error, where, format string, args ...any) *Error {
	if d.idx == nil {
		d.idx = jsonIndex(d.data)
	}
	e := errf(kind, d.file, where, format, args...)
	for p := where; ; p = parentPath(p) {
		if q, ok := d.idx[p]; ok {
			e.Line, e.Col = q.line, q.col
			break
		}
		if p == "" {
			break
		}
	}
	return e
}

// parseDescription decodes and checks data (everything that does not need
// the image).
func (ld Loader) parseDescription(file string, data []byte) (*Description, error) {
	lim := ld.Limits.withDefaults()
	de := &descErr{file: file, data: data}
	var j jDesc
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		return nil, jsonError(file, data, dec, err)
	}
	if off := dec.InputOffset(); !onlySpace(data[off:]) {
		l, c := loadutil.LineCol(data, skipSep(data, off, " \t\r\n"))
		return nil, &Error{File: file, Line: l, Col: c, Msg: "data after the top-level object", Kind: ErrSyntax}
	}
	if off, msg, bad := loadutil.JSONText(data); bad {
		l, c := loadutil.LineCol(data, off)
		return nil, &Error{File: file, Line: l, Col: c, Msg: msg, Kind: ErrSyntax}
	}
	d := &Description{File: file}
	point := func(where string, p *jPoint) (mathx.Vec2, error) {
		if p == nil || p.X == nil || p.Y == nil {
			return mathx.Vec2{}, de.at(ErrInvalid, where, "needs both x and y")
		}
		v := mathx.V2(*p.X, *p.Y)
		if !(v.X >= 0 && v.X <= float64(lim.MaxWidth) && v.Y >= 0 && v.Y <= float64(lim.MaxHeight)) {
			return v, de.at(ErrInvalid, where, "(%g, %g) outside 0..%d × 0..%d", v.X, v.Y, lim.MaxWidth, lim.MaxHeight)
		}
		return v, nil
	}
	if j.Player == nil {
		return nil, de.at(ErrInvalid, "player", "missing")
	}
	var err error
	if d.Player.Spawn, err = point("player.sp", j.Player.SP); err != nil {
		return nil, err
	}
	if j.Player.OSR != nil {
		o := j.Player.OSR
		if o.X == nil || o.Y == nil {
			return nil, de.at(ErrInvalid, "player.osr", "needs both x and y")
		}
		d.Player.OSR = mathx.V2(*o.X, *o.Y)
	}
	count := len(j.Doors) + len(j.Overlords)
	for _, o := range j.Overlords {
		count += len(o.LockOnEntry) + len(o.Triggers) + len(o.SpawnPoints)
	}
	if count > lim.MaxEntries {
		return nil, de.at(ErrLimit, "", "%d entries exceed %d (raise Loader.Limits.MaxEntries)", count, lim.MaxEntries)
	}
	names := map[string]int{}
	tiles := map[mathx.Point]int{}
	for i, jd := range j.Doors {
		where := "doors[" + strconv.Itoa(i) + "]"
		if jd.Name == nil || strings.TrimSpace(*jd.Name) == "" {
			return nil, de.at(ErrInvalid, where, "needs a non-empty name")
		}
		if k, dup := names[*jd.Name]; dup {
			return nil, de.at(ErrInvalid, where, "name %q already used by doors[%d]", *jd.Name, k)
		}
		names[*jd.Name] = i
		if jd.Tile == nil || jd.Tile.X == nil || jd.Tile.Y == nil {
			return nil, de.at(ErrInvalid, where+".tile", "needs both x and y")
		}
		t := mathx.Pt(*jd.Tile.X, *jd.Tile.Y)
		if t.X < 0 || t.Y < 0 || t.X >= lim.MaxWidth || t.Y >= lim.MaxHeight {
			return nil, de.at(ErrInvalid, where+".tile", "(%d, %d) outside 0..%d × 0..%d", t.X, t.Y, lim.MaxWidth-1, lim.MaxHeight-1)
		}
		if k, dup := tiles[t]; dup {
			return nil, de.at(ErrInvalid, where+".tile", "(%d, %d) already used by doors[%d]", t.X, t.Y, k)
		}
		tiles[t] = i
		d.Doors = append(d.Doors, DoorSpec{Name: *jd.Name, Tile: t, Locked: jd.Locked})
	}
	for i, jo := range j.Overlords {
		where := "overlords[" + strconv.Itoa(i) + "]"
		o := Overlord{}
		seen := map[string]bool{}
		for k, n := range jo.LockOnEntry {
			w := where + ".lock_on_entry[" + strconv.Itoa(k) + "]"
			if _, ok := names[n]; !ok {
				return nil, de.at(ErrRef, w, "no door named %q", n)
			}
			if seen[n] {
				return nil, de.at(ErrInvalid, w, "door %q listed twice", n)
			}
			seen[n] = true
			o.LockOnEntry = append(o.LockOnEntry, n)
		}
		for k := range jo.Triggers {
			v, err := point(where+".triggers["+strconv.Itoa(k)+"]", &jo.Triggers[k])
			if err != nil {
				return nil, err
			}
			o.Triggers = append(o.Triggers, v)
		}
		if len(jo.SpawnPoints) == 0 {
			return nil, de.at(ErrInvalid, where, "needs at least one spawn point")
		}
		for k := range jo.SpawnPoints {
			v, err := point(where+".spawn_points["+strconv.Itoa(k)+"]", &jo.SpawnPoints[k])
			if err != nil {
				return nil, err
			}
			o.SpawnPoints = append(o.SpawnPoints, v)
		}
		for _, f := range []struct {
			name string
			v    *int64
			dst  *int
		}{{"max_in_level", jo.MaxInLevel, &o.MaxInLevel}, {"spawns_in_wave", jo.SpawnsInWave, &o.SpawnsInWave}} {
			if f.v == nil {
				return nil, de.at(ErrInvalid, where, "missing %s", f.name)
			}
			if *f.v < 1 || *f.v > int64(lim.MaxEntries) {
				return nil, de.at(ErrInvalid, where+"."+f.name, "%d not in 1..%d", *f.v, lim.MaxEntries)
			}
			*f.dst = int(*f.v)
		}
		d.Overlords = append(d.Overlords, o)
	}
	return d, nil
}

// jsonError turns a decoding error into an *Error with the line and column
// and, for type errors, the field.
func jsonError(file string, data []byte, dec *json.Decoder, err error) *Error {
	e := &Error{File: file, Kind: ErrSyntax, Msg: "malformed JSON", Err: err}
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		// Offset counts the offending byte.
		e.Line, e.Col = loadutil.LineCol(data, se.Offset-1)
		e.Err = errors.New(se.Error())
	case errors.As(err, &te):
		// Offset is the end of the mistyped value: name its path and start.
		e.Msg = "wrong type"
		e.Err = errors.New("JSON " + te.Value + " where " + kindName(te.Type) + " is expected")
		walkJSON(data, func(path string, key bool, start, end int64) bool {
			if !key && end == te.Offset {
				e.Where = path
				e.Line, e.Col = loadutil.LineCol(data, start)
				return false
			}
			return true
		})
	case err == io.EOF:
		e.Msg = "empty file"
		e.Err = nil
	case err == io.ErrUnexpectedEOF:
		e.Msg = "truncated JSON"
		e.Line, e.Col = loadutil.LineCol(data, int64(len(data)))
		e.Err = nil
	default:
		// An unknown field ("json: unknown field \"x\"") carries no
		// offset: place it at the first key of that name.
		e.Msg = strings.TrimPrefix(err.Error(), "json: ")
		e.Err = nil
		name, ok := strings.CutPrefix(e.Msg, "unknown field ")
		if uq, qerr := strconv.Unquote(name); ok && qerr == nil {
			walkJSON(data, func(path string, key bool, start, end int64) bool {
				if key && (path == uq || strings.HasSuffix(path, "."+uq)) {
					e.Where = path
					e.Line, e.Col = loadutil.LineCol(data, start)
					return false
				}
				return true
			})
		}
	}
	return e
}

// kindName says what JSON a Go type takes, without naming internal types.
func kindName(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int64:
		return "an integer"
	case reflect.Float64:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice:
		return "an array"
	case reflect.Struct:
		return "an object"
	}
	return t.String()
}

type pos struct{ line, col int }

// jsonIndex maps each value's path ("overlords[0].spawn_points[2]") to where
// it starts. It is only used to place errors.
func jsonIndex(data []byte) map[string]pos {
	idx := map[string]pos{}
	walkJSON(data, func(path string, key bool, start, _ int64) bool {
		if _, dup := idx[path]; !key && !dup {
			l, c := loadutil.LineCol(data, start)
			idx[path] = pos{l, c}
		}
		return true
	})
	return idx
}

// walkJSON calls fn for each key and each value token of data (for objects
// and arrays, their opening bracket) with its path, whether it is a key,
// and its start and end offsets, until fn returns false or the data ends
// or turns malformed. A key's path is the path of its value.
func walkJSON(data []byte, fn func(path string, key bool, start, end int64) bool) {
	type frame struct {
		path    string
		arr     bool
		n       int
		key     string
		wantKey bool
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var stack []*frame
	for {
		start := dec.InputOffset()
		tok, err := dec.Token()
		if err != nil {
			return
		}
		start = skipSep(data, start, " \t\r\n,:")
		end := dec.InputOffset()
		if d, ok := tok.(json.Delim); ok && (d == '}' || d == ']') {
			stack = stack[:len(stack)-1]
			continue
		}
		path, isKey := "", false
		if len(stack) > 0 {
			top := stack[len(stack)-1]
			switch {
			case top.arr:
				path = top.path + "[" + strconv.Itoa(top.n) + "]"
				top.n++
			case top.wantKey:
				top.key, _ = tok.(string)
				top.wantKey = false
				isKey = true
				path = top.key
				if top.path != "" {
					path = top.path + "." + top.key
				}
			default:
				path = top.key
				if top.path != "" {
					path = top.path + "." + top.key
				}
				top.wantKey = true
			}
		}
		if !fn(path, isKey, start, end) {
			return
		}
		if d, ok := tok.(json.Delim); ok && !isKey {
			stack = append(stack, &frame{path: path, arr: d == '[', wantKey: d == '{'})
		}
	}
}

// skipSep returns the offset of the first byte at or after off that is not
// in seps.
func skipSep(data []byte, off int64, seps string) int64 {
	for off < int64(len(data)) && strings.IndexByte(seps, data[off]) >= 0 {
		off++
	}
	return off
}

func onlySpace(b []byte) bool { return len(bytes.TrimSpace(b)) == 0 }

// parentPath drops the last component of a JSON path.
func parentPath(p string) string {
	i := strings.LastIndexAny(p, ".[")
	if i < 0 {
		return ""
	}
	return p[:i]
}
