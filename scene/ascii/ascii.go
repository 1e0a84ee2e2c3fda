package ascii

import (
	"bytes"
	"io/fs"
	"strconv"
	"unicode/utf8"

	"diorama/internal/loadutil"
	"diorama/mathx"
)

// Cell is what occupies one grid cell. The four kinds below are the
// default legend's; a custom Legend may use further values.
type Cell uint8

// Cell kinds of the default legend.
const (
	Empty          Cell = iota // '-': an empty field (floor)
	Wall                       // 'w': a full wall
	HalfWallTop                // 't': half a wall, moved up
	HalfWallBottom             // 'b': half a wall, moved down
)

// String names the default cell kinds.
func (c Cell) String() string {
	switch c {
	case Empty:
		return "empty"
	case Wall:
		return "wall"
	case HalfWallTop:
		return "half-wall-top"
	case HalfWallBottom:
		return "half-wall-bottom"
	}
	return "cell(" + strconv.Itoa(int(c)) + ")"
}

// SpawnKind says what a symbol places on its cell besides the cell kind.
// The three below are the default legend's; a custom Legend may use
// further values.
type SpawnKind uint8

// Spawn kinds of the default legend.
const (
	NoSpawn SpawnKind = iota
	Player            // 's': the ship, i.e. the player
	Enemy             // 'e': an enemy
	Pickup            // 'p': a pick-up
)

// String names the default spawn kinds.
func (k SpawnKind) String() string {
	switch k {
	case NoSpawn:
		return "none"
	case Player:
		return "player"
	case Enemy:
		return "enemy"
	case Pickup:
		return "pickup"
	}
	return "spawn(" + strconv.Itoa(int(k)) + ")"
}

// Symbol is what one character of the file means: the cell kind it leaves
// in the grid and the spawn (if any) it places there.
type Symbol struct {
	Cell  Cell
	Spawn SpawnKind
}

// Legend maps file characters to symbols. Keys must be printable ASCII
// (space through '~').
type Legend map[byte]Symbol

// DefaultLegend returns a fresh copy of the default legend: '-' empty,
// 'w' wall, 't' and 'b' half walls (up, down), and 's' player, 'e' enemy,
// 'p' pickup, each standing on an empty cell.
func DefaultLegend() Legend {
	return Legend{
		'-': {Cell: Empty},
		'w': {Cell: Wall},
		't': {Cell: HalfWallTop},
		'b': {Cell: HalfWallBottom},
		's': {Cell: Empty, Spawn: Player},
		'e': {Cell: Empty, Spawn: Enemy},
		'p': {Cell: Empty, Spawn: Pickup},
	}
}

// Spawn is one spawn point: its kind, its cell and the character that
// placed it.
type Spawn struct {
	Kind   SpawnKind
	At     mathx.Point // cell: X is the column, Y the row, both from 0
	Symbol byte
}

// Level is a loaded text level: a Width×Height grid of cells, row-major
// (row 0 is the file's first line), and its spawn points in reading order.
// Cell (x, y) is at world (x, 0, y), with 1×1 cells.
type Level struct {
	File          string
	Width, Height int
	Cells         []Cell  // len Width*Height, index y*Width+x
	Spawns        []Spawn // in reading order (row by row, left to right)
}

// At returns the cell at column x, row y, and false outside the level.
func (l *Level) At(x, y int) (Cell, bool) {
	if x < 0 || y < 0 || x >= l.Width || y >= l.Height {
		return Empty, false
	}
	return l.Cells[y*l.Width+x], true
}

// SpawnPoints returns the cells of the spawns of the given kind, in reading
// order (nil when there are none).
func (l *Level) SpawnPoints(kind SpawnKind) []mathx.Point {
	var pts []mathx.Point
	for _, s := range l.Spawns {
		if s.Kind == kind {
			pts = append(pts, s.At)
		}
	}
	return pts
}

// Limits bound what a file may hold before anything is allocated. A zero
// field takes its value from DefaultLimits.
type Limits struct {
	MaxFileBytes int64 // largest file read
	MaxWidth     int   // characters per row
	MaxHeight    int   // rows
	MaxCells     int64 // Width*Height
	// MaxEntries bounds the entries of Level.Spawns: a file of spawn symbols is refused
	// at the first one past it instead of growing the list with the file.
	MaxEntries int
}

// DefaultLimits allow a 4096×4096 level in a 16 MiB file with 65536
// spawns. A Loader with larger Limits raises them.
var DefaultLimits = Limits{
	MaxFileBytes: 16 << 20,
	MaxWidth:     1 << 12,
	MaxHeight:    1 << 12,
	MaxCells:     1 << 24,
	MaxEntries:   1 << 16,
}

// withDefaults fills the fields that are not positive from DefaultLimits.
func (l Limits) withDefaults() Limits { return loadutil.Defaults(l, DefaultLimits) }

// Loader loads text levels with a legend and limits. The zero Loader uses
// DefaultLegend and DefaultLimits.
type Loader struct {
	Legend Legend // nil means DefaultLegend
	Limits Limits
}

// Load reads a level from fsys with the default legend and limits. On error
// it returns nil and an *Error.
func Load(fsys fs.FS, name string) (*Level, error) { return Loader{}.Load(fsys, name) }

// Load reads the level file name from fsys; see the package Load.
func (ld Loader) Load(fsys fs.FS, name string) (*Level, error) {
	data, err := loadutil.ReadFile(fsys, name, ld.Limits.withDefaults().MaxFileBytes)
	if err != nil {
		return nil, loadutil.RaiseHint(err, "Loader.Limits.MaxFileBytes")
	}
	return ld.Parse(name, data)
}

// Parse reads a level from data; file only names it in errors. Lines end
// in "\n" or "\r\n"; a UTF-8 byte order mark and blank lines at the very
// end are ignored. Every row must have the width of the first.
//
// When the legend has a symbol for Player (the default legend's 's'), the
// level must place exactly one player: none is an error naming the file
// and the symbols, a second one an error at its line and column naming
// where the first is. A legend without a Player symbol (a level fragment,
// a custom game) places any number of spawns of its own kinds.
func (ld Loader) Parse(file string, data []byte) (*Level, error) {
	lim := ld.Limits.withDefaults()
	if int64(len(data)) > lim.MaxFileBytes {
		return nil, errf(ErrLimit, file, 0, 0, "file larger than %d bytes (raise Loader.Limits.MaxFileBytes)", lim.MaxFileBytes)
	}
	table, err := ld.table(file)
	if err != nil {
		return nil, err
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	// Drop blank lines at the end (one final newline is the norm).
	end := len(data)
	for end > 0 && (data[end-1] == '\n' || data[end-1] == '\r') {
		end--
	}
	data = data[:end]
	if len(data) == 0 {
		return nil, errf(ErrSyntax, file, 0, 0, "empty level: no rows")
	}
	// Size from the file, checked before the grid is allocated.
	height := bytes.Count(data, []byte{'\n'}) + 1
	first, _, _ := bytes.Cut(data, []byte{'\n'})
	width := len(bytes.TrimSuffix(first, []byte{'\r'}))
	if width == 0 {
		return nil, errf(ErrSyntax, file, 1, 1, "empty first row (the level width comes from it)")
	}
	if width > lim.MaxWidth {
		return nil, errf(ErrLimit, file, 1, lim.MaxWidth+1, "row wider than %d characters (raise Loader.Limits.MaxWidth)", lim.MaxWidth)
	}
	if height > lim.MaxHeight {
		return nil, errf(ErrLimit, file, lim.MaxHeight+1, 0, "more than %d rows (raise Loader.Limits.MaxHeight)", lim.MaxHeight)
	}
	if int64(width)*int64(height) > lim.MaxCells {
		return nil, errf(ErrLimit, file, 0, 0, "%d×%d level exceeds %d cells (raise Loader.Limits.MaxCells)", width, height, lim.MaxCells)
	}
	cells := make([]Cell, 0, width*height)
	var spawns []Spawn
	var player *Spawn // the first player, when the legend has one
	rest := data
	for y := 0; y < height; y++ {
		row, tail, _ := bytes.Cut(rest, []byte{'\n'})
		rest = tail
		row = bytes.TrimSuffix(row, []byte{'\r'})
		for x, c := range row {
			e := table[c]
			if !e.ok {
				return nil, unknownChar(file, y+1, x+1, row[x:])
			}
			if x >= width {
				break // reported below as a ragged row
			}
			cells = append(cells, e.sym.Cell)
			if e.sym.Spawn == NoSpawn {
				continue
			}
			if len(spawns) >= lim.MaxEntries {
				return nil, errf(ErrLimit, file, y+1, x+1, "more than %d spawns (raise Loader.Limits.MaxEntries)", lim.MaxEntries)
			}
			s := Spawn{Kind: e.sym.Spawn, At: mathx.Pt(x, y), Symbol: c}
			if s.Kind == Player {
				if player != nil {
					return nil, errf(ErrInvalid, file, y+1, x+1, "second player %s (the first is at %d:%d): a level has exactly one",
						strconv.QuoteRune(rune(c)), player.At.Y+1, player.At.X+1)
				}
				player = &s
			}
			spawns = append(spawns, s)
		}
		if len(row) != width {
			col := min(len(row), width) + 1
			if len(row) == 0 {
				return nil, errf(ErrSyntax, file, y+1, col, "empty row, want %d characters (the width of row 1)", width)
			}
			return nil, errf(ErrSyntax, file, y+1, col, "ragged row: %d characters, want %d (the width of row 1)", len(row), width)
		}
	}
	if player == nil {
		if syms := playerSymbols(table); syms != "" {
			return nil, errf(ErrInvalid, file, 0, 0, "no player (%s): a level has exactly one", syms)
		}
	}
	return &Level{File: file, Width: width, Height: height, Cells: cells, Spawns: spawns}, nil
}

// playerSymbols lists the legend's player characters in byte order
// ("'s'", "'@' or 's'"), "" when it has none.
func playerSymbols(t *[256]entry) string {
	var out string
	for c := range t {
		if t[c].ok && t[c].sym.Spawn == Player {
			if out != "" {
				out += " or "
			}
			out += strconv.QuoteRune(rune(c))
		}
	}
	return out
}

type entry struct {
	sym Symbol
	ok  bool
}

// table turns the legend into a 256-entry lookup, rejecting keys that
// cannot appear in a row.
func (ld Loader) table(file string) (*[256]entry, error) {
	leg := ld.Legend
	if leg == nil {
		leg = DefaultLegend()
	}
	if len(leg) == 0 {
		return nil, errf(ErrInvalid, file, 0, 0, "empty legend")
	}
	var t [256]entry
	for c, s := range leg {
		t[c] = entry{sym: s, ok: true}
	}
	// Checked in byte order, so the error is the same on every run.
	for c := range t {
		if t[c].ok && (c < ' ' || c > '~') {
			return nil, errf(ErrInvalid, file, 0, 0, "legend character %s is not printable ASCII", strconv.QuoteRune(rune(c)))
		}
	}
	return &t, nil
}

func unknownChar(file string, line, col int, at []byte) *Error {
	r, _ := utf8.DecodeRune(at)
	what := strconv.QuoteRune(r)
	if r == utf8.RuneError {
		what = "byte 0x" + strconv.FormatUint(uint64(at[0]), 16)
	}
	return errf(ErrSyntax, file, line, col, "unknown character %s (not in the legend)", what)
}
