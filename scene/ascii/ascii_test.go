package ascii

import (
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"diorama/mathx"
)

// grid renders cells back to the default legend's characters (spawns show
// as their cell) for compact exact comparisons.
func grid(l *Level) string {
	ch := map[Cell]byte{Empty: '-', Wall: 'w', HalfWallTop: 't', HalfWallBottom: 'b'}
	var b strings.Builder
	for y := 0; y < l.Height; y++ {
		for x := 0; x < l.Width; x++ {
			c, _ := l.At(x, y)
			b.WriteByte(ch[c])
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func TestLoadArena(t *testing.T) {
	l, err := Load(os.DirFS("testdata"), "arena.lev")
	if err != nil {
		t.Fatal(err)
	}
	if l.File != "arena.lev" || l.Width != 7 || l.Height != 5 || len(l.Cells) != 35 {
		t.Fatalf("got %q %d×%d with %d cells", l.File, l.Width, l.Height, len(l.Cells))
	}
	want := "wwwwwww\nw--t--w\nw--b--w\nw-----w\nwwwwwww\n"
	if g := grid(l); g != want {
		t.Fatalf("cells:\n%s\nwant:\n%s", g, want)
	}
	wantSpawns := []Spawn{
		{Player, mathx.Pt(1, 1), 's'},
		{Enemy, mathx.Pt(5, 1), 'e'},
		{Pickup, mathx.Pt(2, 2), 'p'},
		{Pickup, mathx.Pt(4, 2), 'p'},
		{Enemy, mathx.Pt(3, 3), 'e'},
	}
	if !reflect.DeepEqual(l.Spawns, wantSpawns) {
		t.Fatalf("spawns %v\nwant %v", l.Spawns, wantSpawns)
	}
	if p := l.SpawnPoints(Player); !reflect.DeepEqual(p, []mathx.Point{mathx.Pt(1, 1)}) {
		t.Fatal(p)
	}
	if p := l.SpawnPoints(Enemy); !reflect.DeepEqual(p, []mathx.Point{mathx.Pt(5, 1), mathx.Pt(3, 3)}) {
		t.Fatal(p)
	}
	if p := l.SpawnPoints(Pickup); !reflect.DeepEqual(p, []mathx.Point{mathx.Pt(2, 2), mathx.Pt(4, 2)}) {
		t.Fatal(p)
	}
	if p := l.SpawnPoints(SpawnKind(9)); p != nil {
		t.Fatal(p)
	}
	if c, ok := l.At(3, 1); !ok || c != HalfWallTop {
		t.Fatal(c, ok)
	}
	for _, p := range [][2]int{{-1, 0}, {0, -1}, {7, 0}, {0, 5}} {
		if _, ok := l.At(p[0], p[1]); ok {
			t.Fatalf("At%v inside", p)
		}
	}
}

func TestLoadCRLFAndBOM(t *testing.T) {
	fsys := os.DirFS("testdata")
	l, err := Load(fsys, "crlf.lev")
	if err != nil {
		t.Fatal(err)
	}
	if l.Width != 4 || l.Height != 2 || grid(l) != "wtbw\nw--w\n" {
		t.Fatalf("%d×%d\n%s", l.Width, l.Height, grid(l))
	}
	if !reflect.DeepEqual(l.Spawns, []Spawn{{Player, mathx.Pt(2, 1), 's'}}) {
		t.Fatal(l.Spawns)
	}
	// Non-square, no final newline, BOM: the size comes from the file.
	w, err := Load(fsys, "wide_bom.lev")
	if err != nil {
		t.Fatal(err)
	}
	if w.Width != 11 || w.Height != 3 {
		t.Fatalf("%d×%d", w.Width, w.Height)
	}
	if !reflect.DeepEqual(w.Spawns, []Spawn{{Enemy, mathx.Pt(2, 1), 'e'}, {Player, mathx.Pt(5, 1), 's'}, {Pickup, mathx.Pt(8, 1), 'p'}}) {
		t.Fatal(w.Spawns)
	}
}

func TestCustomLegend(t *testing.T) {
	const water Cell = 7
	const key SpawnKind = 5
	ld := Loader{Legend: Legend{
		'w': {Cell: Wall},
		'-': {Cell: Empty},
		'.': {Cell: water},
		'~': {Cell: water},
		's': {Cell: HalfWallBottom, Spawn: key}, // a key lying on a half wall
	}}
	l, err := ld.Load(os.DirFS("testdata"), "custom.lev")
	if err != nil {
		t.Fatal(err)
	}
	want := []Cell{Wall, Empty, Wall, Wall, water, HalfWallBottom, water, water, water}
	if !reflect.DeepEqual(l.Cells, want) {
		t.Fatalf("%v", l.Cells)
	}
	if !reflect.DeepEqual(l.Spawns, []Spawn{{key, mathx.Pt(2, 1), 's'}}) {
		t.Fatal(l.Spawns)
	}
	// The default legend does not know '.' and '~'.
	_, err = Load(os.DirFS("testdata"), "custom.lev")
	var e *Error
	if !errors.As(err, &e) || e.Line != 2 || e.Col != 2 || !errors.Is(err, ErrSyntax) {
		t.Fatalf("%v", err)
	}
	if err.Error() != `custom.lev:2:2: unknown character '.' (not in the legend)` {
		t.Fatal(err)
	}
}

func TestParseMatchesLoad(t *testing.T) {
	src, err := os.ReadFile("testdata/arena.lev")
	if err != nil {
		t.Fatal(err)
	}
	a, err := Loader{}.Parse("arena.lev", src)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Load(fstest.MapFS{"arena.lev": {Data: src}}, "arena.lev")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) {
		t.Fatal("Parse and Load differ")
	}
}

func TestBrokenInputs(t *testing.T) {
	type tc struct {
		name   string
		file   string
		data   string
		loader Loader
		kind   error
		want   string // exact error text
	}
	tight := Loader{Limits: Limits{MaxWidth: 4, MaxHeight: 3, MaxCells: 9, MaxFileBytes: 64}}
	cases := []tc{
		{name: "empty file", file: "e.lev", data: "", kind: ErrSyntax, want: "e.lev: empty level: no rows"},
		{name: "only newlines", file: "e.lev", data: "\n\r\n\n", kind: ErrSyntax, want: "e.lev: empty level: no rows"},
		{name: "empty first row", file: "e.lev", data: "\nwww\n", kind: ErrSyntax, want: "e.lev:1:1: empty first row (the level width comes from it)"},
		{name: "short row", file: "r.lev", data: "www\nw-w\nww\n", kind: ErrSyntax, want: "r.lev:3:3: ragged row: 2 characters, want 3 (the width of row 1)"},
		{name: "long row", file: "r.lev", data: "www\nw-w-\nwww\n", kind: ErrSyntax, want: "r.lev:2:4: ragged row: 4 characters, want 3 (the width of row 1)"},
		{name: "blank row inside", file: "r.lev", data: "www\n\nwww\n", kind: ErrSyntax, want: "r.lev:2:1: empty row, want 3 characters (the width of row 1)"},
		{name: "unknown character", file: "u.lev", data: "www\nwxw\n", kind: ErrSyntax, want: "u.lev:2:2: unknown character 'x' (not in the legend)"},
		{name: "tab", file: "u.lev", data: "w\tw\n", kind: ErrSyntax, want: `u.lev:1:2: unknown character '\t' (not in the legend)`},
		{name: "non-ASCII", file: "u.lev", data: "ww\nwé\n", kind: ErrSyntax, want: "u.lev:2:2: unknown character 'é' (not in the legend)"},
		{name: "invalid UTF-8", file: "u.lev", data: "w\xffw\n", kind: ErrSyntax, want: "u.lev:1:2: unknown character byte 0xff (not in the legend)"},
		{name: "lone CR inside", file: "u.lev", data: "w\rw\n", kind: ErrSyntax, want: `u.lev:1:2: unknown character '\r' (not in the legend)`},
		{name: "unknown past width", file: "u.lev", data: "ww\nw-?\n", kind: ErrSyntax, want: "u.lev:2:3: unknown character '?' (not in the legend)"},
		{name: "too wide", file: "b.lev", data: "wwwww\n", loader: tight, kind: ErrLimit, want: "b.lev:1:5: row wider than 4 characters (raise Loader.Limits.MaxWidth)"},
		{name: "too tall", file: "b.lev", data: "w\nw\nw\nw\n", loader: tight, kind: ErrLimit, want: "b.lev:4: more than 3 rows (raise Loader.Limits.MaxHeight)"},
		{name: "too many cells", file: "b.lev", data: "wwww\nwwww\nwwww\n", loader: tight, kind: ErrLimit, want: "b.lev: 4×3 level exceeds 9 cells (raise Loader.Limits.MaxCells)"},
		{name: "file too big", file: "b.lev", data: strings.Repeat("w", 65), loader: tight, kind: ErrLimit, want: "b.lev: file larger than 64 bytes (raise Loader.Limits.MaxFileBytes)"},
		{name: "bad legend key", file: "l.lev", data: "w\n", loader: Loader{Legend: Legend{'\n': {}}}, kind: ErrInvalid, want: `l.lev: legend character '\n' is not printable ASCII`},
		{name: "bad legend keys, first reported", file: "l.lev", data: "w\n", loader: Loader{Legend: Legend{0xff: {}, '\t': {}, 'w': {}, 0x80: {}}}, kind: ErrInvalid, want: `l.lev: legend character '\t' is not printable ASCII`},
		{name: "empty legend", file: "l.lev", data: "w\n", loader: Loader{Legend: Legend{}}, kind: ErrInvalid, want: "l.lev: empty legend"},
		{name: "no player", file: "p.lev", data: "www\nwew\n", kind: ErrInvalid, want: "p.lev: no player ('s'): a level has exactly one"},
		{name: "no player, two symbols", file: "p.lev", data: "www\n", loader: Loader{Legend: Legend{'w': {Cell: Wall}, 's': {Spawn: Player}, '@': {Spawn: Player}}},
			kind: ErrInvalid, want: "p.lev: no player ('@' or 's'): a level has exactly one"},
		{name: "two players", file: "p.lev", data: "wwww\nws-w\nw-sw\n", kind: ErrInvalid, want: "p.lev:3:3: second player 's' (the first is at 2:2): a level has exactly one"},
		{name: "two player symbols", file: "p.lev", data: "@s\n", loader: Loader{Legend: Legend{'s': {Spawn: Player}, '@': {Spawn: Player}}},
			kind: ErrInvalid, want: "p.lev:1:2: second player 's' (the first is at 1:1): a level has exactly one"},
		{name: "too many spawns", file: "p.lev", data: "seee\neeee\n", loader: Loader{Limits: Limits{MaxEntries: 6}}, kind: ErrLimit,
			want: "p.lev:2:3: more than 6 spawns (raise Loader.Limits.MaxEntries)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			l, err := c.loader.Load(fstest.MapFS{c.file: {Data: []byte(c.data)}}, c.file)
			var e *Error
			if l != nil || !errors.As(err, &e) {
				t.Fatalf("level %v, error %T %v", l != nil, err, err)
			}
			if !errors.Is(err, c.kind) || e.File != c.file || err.Error() != c.want {
				t.Fatalf("got  %v (kind %v)\nwant %s (kind %v)", err, e.Kind, c.want, c.kind)
			}
		})
	}
}

func TestPathsAndMissing(t *testing.T) {
	fsys := fstest.MapFS{"a.lev": {Data: []byte("w\n")}}
	for _, p := range []string{"../a.lev", "/a.lev", "x/../../a.lev", ""} {
		_, err := Load(fsys, p)
		if !errors.Is(err, ErrPath) {
			t.Fatalf("%q: %v", p, err)
		}
	}
	_, err := Load(fsys, "b.lev")
	if !errors.Is(err, ErrMissing) || !strings.HasPrefix(err.Error(), "b.lev: cannot open") {
		t.Fatal(err)
	}
}

func TestStrings(t *testing.T) {
	got := []string{Empty.String(), Wall.String(), HalfWallTop.String(), HalfWallBottom.String(), Cell(9).String(),
		NoSpawn.String(), Player.String(), Enemy.String(), Pickup.String(), SpawnKind(8).String()}
	want := []string{"empty", "wall", "half-wall-top", "half-wall-bottom", "cell(9)", "none", "player", "enemy", "pickup", "spawn(8)"}
	if !reflect.DeepEqual(got, want) {
		t.Fatal(got)
	}
}

// DefaultLegend returns a copy: changing it does not change the next one.
func TestDefaultLegendIsACopy(t *testing.T) {
	a := DefaultLegend()
	a['w'] = Symbol{Cell: Empty}
	delete(a, '-')
	b := DefaultLegend()
	if b['w'].Cell != Wall || len(b) != 7 {
		t.Fatal(b)
	}
}
