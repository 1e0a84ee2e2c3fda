package nav

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"diorama/mathx"
)

// TestReadMovingAIMapErrors (readMovingAIMap): each malformed map is refused with a
// *Error whose text starts with the file name and the line (and
// column) at fault and says what was wrong.
func TestReadMovingAIMapErrors(t *testing.T) {
	const ok = "type octile\nheight 2\nwidth 3\nmap\n.@.\nT..\n"
	for _, c := range []struct{ in, where, what string }{
		{"", "m.map: ", "empty file"},
		{"\n\n", "m.map:2: ", "before the \"map\" line"},
		{"type octile\nheight 2\nwidth 3\n", "m.map:3: ", "before the \"map\" line"},
		{"type octile\nheight 2\nmap\n..\n..\n", "m.map:3: ", "missing \"width\""},
		{"height 2\nwidth 3\nmap\n...\n...\n", "m.map:3: ", "missing \"type\""},
		{"type octile\nheight 2\nwidth 3\nheight 2\nmap\n", "m.map:4: ", "duplicate \"height\" header line (first on line 2)"},
		{"type octile\ntype octile\n", "m.map:2: ", "duplicate \"type\""},
		{"type octile\nheight 2\nwidth 3\ncolor red\nmap\n", "m.map:4: ", "unknown header line"},
		{"type hex\n", "m.map:1: ", "unsupported map type \"hex\""},
		{"type octile extra\n", "m.map:1: ", "want \"type <value>\""},
		{"type octile\nheight 0\n", "m.map:2: ", "height \"0\" not in 1..4096"},
		{"type octile\nwidth 99999\n", "m.map:2: ", "width \"99999\" not in"},
		{"type octile\nwidth x\n", "m.map:2: ", "width \"x\" not in"},
		{"type octile\nheight 2\nwidth 3\nmap now\n", "m.map:4: ", "\"map\" alone"},
		{"type octile\nheight 2\nwidth 3\nmap\n.@.\n", "m.map:5: ", "file ends after 1 of 2 rows"},
		{"type octile\nheight 2\nwidth 3\nmap\n.@.\n..\n", "m.map:6: ", "row 2 of tiles has 2 characters, want 3"},
		{"type octile\nheight 2\nwidth 3\nmap\n.@.\n....\n", "m.map:6: ", "has 4 characters"},
		{"type octile\nheight 2\nwidth 3\nmap\n.@.\n.x.\n", "m.map:6:2: ", "unknown tile 'x'"},
		{"type octile\nheight 2\nwidth 3\nmap\n.@.\n.q.\n", "m.map:6:2: ", "unknown tile 'q'"},
		{"type octile\nheight 2\nwidth 3\nmap\n .@\n...\n", "m.map:5:1: ", "unknown tile ' '"},
		{ok + "...\n", "m.map:7: ", "extra line \"...\" after the 2 map rows"},
		{"type octile-corner\nheight 1\nwidth 3\nmap\n", "m.map:4: ", "at least 2"},
		{"type octile-corner\nheight 2\nwidth 2\nmap\n12\n3x\n", "m.map:6:2: ", "corner height 'x'"},
		{"type octile-corner\nheight 2\nwidth 2\nmap\n12\n34\n..\n", "m.map:7: ", "file ends after 1 of 2 rows of tiles"},
		{"type octile\nheight 1\nwidth 1\nmap\n" + strings.Repeat(".", maxMovingAILine+1) + "\n", "m.map:5: ", "longer than"},
	} {
		_, err := readMovingAIMap(strings.NewReader(c.in), "m.map")
		var me *Error
		if !errors.As(err, &me) || me.File != "m.map" {
			t.Errorf("%.60q: error %v, want a *Error for m.map", c.in, err)
			continue
		}
		if msg := err.Error(); !strings.HasPrefix(msg, c.where) || !strings.Contains(msg, c.what) {
			t.Errorf("%.60q: error %q, want %q… mentioning %q", c.in, msg, c.where, c.what)
		}
	}
	if _, err := readMovingAIMap(strings.NewReader(ok), "m.map"); err != nil {
		t.Fatal(err)
	}
	// The nameless wrapper says what it read.
	if _, err := ParseMovingAIMap("hex.map", []byte("type hex\n")); err == nil || !strings.HasPrefix(err.Error(), "hex.map:1: ") {
		t.Errorf("ParseMovingAIMap error %v", err)
	}
	// A read error is passed on, wrapped.
	rerr := errors.New("disk on fire")
	if _, err := readMovingAIMap(&failReader{data: ok[:20], err: rerr}, "m.map"); !errors.Is(err, rerr) {
		t.Errorf("read error: %v", err)
	}
}

// failReader returns data, then err.
type failReader struct {
	data string
	err  error
}

func (r *failReader) Read(p []byte) (int, error) {
	if r.data == "" {
		return 0, r.err
	}
	n := copy(p, r.data)
	r.data = r.data[n:]
	return n, nil
}

// walkRows renders g's walkability as octile rows ('.' or '@').
func walkRows(g *Grid) []string {
	rows := make([]string, g.H())
	for y := range rows {
		b := make([]byte, g.W())
		for x := range b {
			b[x] = '@'
			if g.Walkable(x, y) {
				b[x] = '.'
			}
		}
		rows[y] = string(b)
	}
	return rows
}

// TestReadMovingAIMapVariants: every variant of the format found in the
// benchmark sets reads to the same grid: header lines in any order, CRLF
// and trailing blanks, blank lines, a byte order mark, every terrain
// letter in either case, and the octile-corner layout.
func TestReadMovingAIMapVariants(t *testing.T) {
	want := []string{
		"..@@..",
		"..@...",
		"......",
	}
	// The same walkability spelled with every terrain letter.
	body := "G.OT.S\n" + "S.W..G\n" + ".GS...\n"
	headers := [][]string{
		{"type octile", "height 3", "width 6"},
		{"height 3", "width 6", "type octile"},
		{"width 6", "type octile", "height 3"},
		{"width 6", "height 3", "type octile"},
	}
	var variants []string
	for _, h := range headers {
		variants = append(variants, strings.Join(h, "\n")+"\nmap\n"+body)
	}
	variants = append(variants,
		strings.ReplaceAll(variants[0], "\n", "\r\n"),
		strings.ReplaceAll(variants[1], "\n", " \t\r\n"),
		"\ufeff"+variants[2],
		"\n"+strings.ReplaceAll(variants[3], "\n", "\n\n"),
		strings.TrimSuffix(variants[0], "\n"), // no final line end
		// lower case, which HOG2 (the format's own loader) upper-cases and
		// its maps/local/level*.map use
		strings.Join(headers[0], "\n")+"\nmap\n"+strings.ToLower(body),
		"type  octile\nheight\t3\nwidth 6  \nmap\n"+body+"\n\n",
		// octile-corner: a 7×4 corner grid, heights then tiles whose
		// last column and row are dropped; lower case allowed.
		"type octile-corner\nheight 4\nwidth 7\nmap\n"+
			"2222222\n2345678\n9876543\n0000000\n"+
			"g.ot.s@\ns.W..gT\n.gs...W\n@@@@@@@\n",
	)
	for i, v := range variants {
		g, err := readMovingAIMap(strings.NewReader(v), fmt.Sprintf("variant%d.map", i))
		if err != nil {
			t.Errorf("variant %d: %v", i, err)
			continue
		}
		if got := walkRows(g); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("variant %d: read\n%s\nwant\n%s", i, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// TestSharedMapsVariants: each shared benchmark map reads the same after
// CRLF conversion and header reordering, and LoadMovingAIMap reads it
// from a file system.
func TestSharedMapsVariants(t *testing.T) {
	dir := sharedDir(t, "movingai")
	files, _ := filepath.Glob(filepath.Join(dir, "*.map"))
	if len(files) == 0 {
		t.Fatalf("no maps in %s", dir)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(f)
		g, err := LoadMovingAIMap(os.DirFS(dir), name)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(b), "\n")
		lines[0], lines[2] = lines[2], lines[0] // width first, type third
		for _, v := range []string{strings.ReplaceAll(string(b), "\n", "\r\n"), strings.Join(lines, "\n")} {
			g2, err := readMovingAIMap(strings.NewReader(v), name)
			if err != nil {
				t.Fatalf("%s variant: %v", name, err)
			}
			if strings.Join(walkRows(g), "\n") != strings.Join(walkRows(g2), "\n") {
				t.Fatalf("%s: variant reads differently", name)
			}
		}
	}
}

// TestReadScenarios: accepted layouts and refused files.
func TestReadScenarios(t *testing.T) {
	q := []Scenario{
		{Bucket: 3, Map: "maps/x.map", W: 3, H: 2, Start: mathx.Pt(0, 0), Goal: mathx.Pt(2, 1), Optimal: 2.41421356},
		{Bucket: 0, Map: "maps/x.map", W: 3, H: 2, Start: mathx.Pt(1, 1), Goal: mathx.Pt(0, 0), Optimal: 1.41421},
	}
	lines := "3\tmaps/x.map\t3\t2\t0\t0\t2\t1\t2.41421356\n0\tmaps/x.map\t3\t2\t1\t1\t0\t0\t1.41421\n"
	for i, in := range []string{
		"version 1\n" + lines,
		"version 1.0\n" + lines,
		"version 1.00\r\n" + strings.ReplaceAll(lines, "\n", "\r\n"),
		"\n\nversion 1  \n\n" + strings.ReplaceAll(lines, "\t", " ") + "\n",
		"\ufeffversion 1\n" + strings.ReplaceAll(lines, "\n", "\t\n"),
		lines, // no version line, nine fields
	} {
		got, err := readScenarios(strings.NewReader(in), "x.scen")
		if err != nil {
			t.Errorf("case %d: %v", i, err)
			continue
		}
		if fmt.Sprint(got) != fmt.Sprint(q) {
			t.Errorf("case %d: %+v, want %+v", i, got, q)
		}
	}
	// A map path with spaces, in a TAB-separated file.
	got, err := readScenarios(strings.NewReader("version 1\n0\tmy maps/a b.map\t3\t2\t0\t0\t1\t0\t1\n"), "x.scen")
	if err != nil || got[0].Map != "my maps/a b.map" {
		t.Errorf("spaced map path: %+v %v", got, err)
	}
	// HOG2's version 0: seven fields, no map size.
	for _, in := range []string{"0 a.map 1 2 3 4 5.5\n", "version 0\n0\ta.map\t1\t2\t3\t4\t5.5\n", "version 0.0\n0 a.map 1 2 3 4 5.5\n"} {
		got, err := readScenarios(strings.NewReader(in), "x.scen")
		want := Scenario{Map: "a.map", Start: mathx.Pt(1, 2), Goal: mathx.Pt(3, 4), Optimal: 5.5}
		if err != nil || len(got) != 1 || got[0] != want {
			t.Errorf("version 0 %q: %+v %v", in, got, err)
		}
	}
	const v1 = "version 1\n"
	for _, c := range []struct{ in, where, what string }{
		{"", "x.scen: ", "empty file"},
		{"\n \n", "x.scen:2: ", "no scenario lines"},
		{v1, "x.scen:1: ", "no scenario lines"},
		{"version 7\n", "x.scen:1: ", "unsupported scenario version \"7\""},
		{"version 1.5\n", "x.scen:1: ", "unsupported"},
		{"version\n", "x.scen:1: ", "want \"version 1\""},
		{v1 + "0 m.map 4 4 0 0 3 3\n", "x.scen:2: ", "8 fields, want 9"},
		{v1 + "0 m.map 4 4 0 0 3 3 1 1\n", "x.scen:2: ", "10 fields"},
		{v1 + "0 m.map 0 0 3 3 1\n", "x.scen:2: ", "7 fields, want 9"},
		{"0 m.map 0 0 3 3 1\n0 m.map 4 4 0 0 3 3 1\n", "x.scen:2: ", "9 fields, want 7"},
		{"0 m.map 4 4 0 0 3 3\n", "x.scen:1: ", "8 fields, want 9 (or 7"},
		{v1 + "0\tm.map\t4\t4\t0\t0\t3\t3\t4.2\n0\tm.map\t4\t4\t0\t0\t9\t3\t4.2\n", "x.scen:3: ", "outside the 4×4 map"},
		{v1 + "0 m.map 4 4 -1 0 3 3 1\n", "x.scen:2: ", "field 5 (start x) \"-1\""},
		{v1 + "x m.map 4 4 1 0 3 3 1\n", "x.scen:2: ", "field 1 (bucket)"},
		{v1 + "0 m.map 4 0 1 0 3 3 1\n", "x.scen:2: ", "map size 4×0"},
		{v1 + "0 m.map 4 5000 1 0 3 3 1\n", "x.scen:2: ", "map size"},
		{v1 + "0 m.map 4 4 0 0 3 3 NaN\n", "x.scen:2: ", "field 9 (optimal length)"},
		{v1 + "0 m.map 4 4 0 0 3 3 -1\n", "x.scen:2: ", "field 9"},
		{v1 + "0 m.map 4 4 0 0 3 3 Inf\n", "x.scen:2: ", "field 9"},
		{"0 m.map 1 2 3 9999 1\n", "x.scen:1: ", "outside any map"},
		{v1 + "0 m\x00.map 4 4 0 0 3 3 1\n", "x.scen:2: ", "control character 0x00"},
		{v1 + "0 m\xff.map 4 4 0 0 3 3 1\n", "x.scen:2: ", "not valid UTF-8 text"},
		{v1 + "0 m.map 4 4 0 0 3 3 1\nversion 1\n", "x.scen:3: ", "2 fields"},
	} {
		_, err := readScenarios(strings.NewReader(c.in), "x.scen")
		var me *Error
		if !errors.As(err, &me) || me.File != "x.scen" {
			t.Errorf("%q: error %v, want a *Error for x.scen", c.in, err)
			continue
		}
		if msg := err.Error(); !strings.HasPrefix(msg, c.where) || !strings.Contains(msg, c.what) {
			t.Errorf("%q: error %q, want %q… mentioning %q", c.in, msg, c.where, c.what)
		}
	}
	if _, err := LoadScenarios(fstest.MapFS{}, "none.scen"); err == nil {
		t.Error("missing file accepted")
	}
}

// FuzzReadMovingAIMap: arbitrary input gives a grid or a *Error
// naming the file and a line within the input, never a panic; a grid
// read has the stated size, searches on it agree, and its walkability
// written back as an octile map reads the same.
func FuzzReadMovingAIMap(f *testing.F) {
	f.Add("type octile\nheight 2\nwidth 3\nmap\n.@.\nT..\n")
	f.Add("width 3\r\nheight 2\r\ntype octile\r\nmap\r\nGSW\r\nOT.\r\n")
	f.Add("type octile\nheight 1\nwidth 1\nmap\n.\n")
	f.Add("type octile-corner\nheight 3\nwidth 3\nmap\n123\n456\n789\ng.t\n..@\n...\n")
	f.Add("type octile\nheight 2\nheight 2\n")
	f.Fuzz(func(t *testing.T, in string) {
		g, err := readMovingAIMap(strings.NewReader(in), "f.map")
		if err != nil {
			var me *Error
			if !errors.As(err, &me) || me.File != "f.map" || me.Line < 0 || me.Line > strings.Count(in, "\n")+1 {
				t.Fatalf("error %v (%#v)", err, me)
			}
			return
		}
		if g.W() < 1 || g.H() < 1 || g.W() > MaxMovingAISide || g.H() > MaxMovingAISide {
			t.Fatalf("size %d×%d", g.W(), g.H())
		}
		rows := walkRows(g)
		back := fmt.Sprintf("type octile\nheight %d\nwidth %d\nmap\n%s\n", g.H(), g.W(), strings.Join(rows, "\n"))
		g2, err := readMovingAIMap(strings.NewReader(back), "back.map")
		if err != nil || strings.Join(walkRows(g2), "\n") != strings.Join(rows, "\n") {
			t.Fatalf("written back, reads differently: %v", err)
		}
		s := NewSearcher()
		a, b := mathx.Point{}, mathx.Point{X: g.W() - 1, Y: g.H() - 1}
		_, s1, e1 := s.AStar(g, a, b, nil)
		_, s2, e2 := s.JPS(g, a, b, nil)
		_, s3, e3 := s.JPSPlus(g, a, b, nil)
		if (e1 == nil) != (e2 == nil) || (e1 == nil) != (e3 == nil) {
			t.Fatalf("A* %v, JPS %v, JPS+ %v", e1, e2, e3)
		}
		if e1 == nil && (math.Abs(s1.Cost-s2.Cost) > 1e-9 || math.Abs(s1.Cost-s3.Cost) > 1e-9) {
			t.Fatalf("costs A* %v, JPS %v, JPS+ %v", s1.Cost, s2.Cost, s3.Cost)
		}
	})
}

// FuzzReadScenarios: arbitrary input gives queries inside their stated
// map or a *Error naming the file, never a panic.
func FuzzReadScenarios(f *testing.F) {
	f.Add("version 1\n0\tm.map\t3\t2\t0\t0\t2\t1\t2.4142\n")
	f.Add("version 1.0\r\n0 m.map 3 2 0 0 2 1 2.4142\r\n")
	f.Add("0 m.map 1 1 0 0 0\n")
	f.Add("version 1\n")
	f.Fuzz(func(t *testing.T, in string) {
		sc, err := readScenarios(strings.NewReader(in), "f.scen")
		if err != nil {
			var me *Error
			if !errors.As(err, &me) || me.File != "f.scen" || me.Line < 0 || me.Line > strings.Count(in, "\n")+1 {
				t.Fatalf("error %v (%#v)", err, me)
			}
			return
		}
		if len(sc) == 0 {
			t.Fatal("no scenarios and no error")
		}
		for _, s := range sc {
			if s.Map == "" || s.Bucket < 0 || math.IsNaN(s.Optimal) || s.Optimal < 0 || math.IsInf(s.Optimal, 0) {
				t.Fatalf("accepted bad scenario %+v", s)
			}
			if s.W != 0 && (s.Start.X >= s.W || s.Goal.X >= s.W || s.Start.Y >= s.H || s.Goal.Y >= s.H) {
				t.Fatalf("accepted point outside the map %+v", s)
			}
			if min(s.Start.X, s.Start.Y, s.Goal.X, s.Goal.Y) < 0 {
				t.Fatalf("negative coordinate %+v", s)
			}
		}
	})
}
