package nav

import (
	"bufio"
	"bytes"
	"diorama/internal/loadutil"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"strconv"
	"strings"

	"diorama/mathx"
)

// MaxMovingAISide bounds a Moving AI map's width and height (GPPC maps are
// at most 2048×2048).
const MaxMovingAISide = 4096

// MaxScenarios bounds the number of queries a scenario file may hold.
const MaxScenarios = 1 << 20

// maxMovingAILine bounds one line of a Moving AI file, trailing blanks
// included.
const maxMovingAILine = 1 << 16

// Error describes a Moving AI map or scenario file that could not be
// read; it is the engine's one positioned reader error: where (File,
// 1-based Line, 1-based Col when one tile is at fault; 0 when not known)
// and what was wrong (Msg). Its text reads "file:line:column: message".
// Kind is [ErrSyntax] (the text is not a map or scenario file),
// [ErrLimit] (a side, a line or a count over the package's limits) or
// [ErrMissing] (the file cannot be read), matched with errors.Is; Err,
// when set, is the underlying error (a read error, or [ErrTooLarge],
// [ErrEmptyMap]).
type Error = loadutil.Error

// Reader error kinds, matched with errors.Is on a Moving AI reader's
// error; the same values as every other reader's.
var (
	ErrSyntax  = loadutil.ErrSyntax
	ErrLimit   = loadutil.ErrLimit
	ErrMissing = loadutil.ErrMissing
)

// maiLines reads a Moving AI file line by line, without the line ending
// and trailing blanks (so CRLF files and padded lines read alike), and
// counts lines for error messages.
type maiLines struct {
	sc   *bufio.Scanner
	name string
	line int
}

func newMAILines(r io.Reader, name string) *maiLines {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), maxMovingAILine)
	return &maiLines{sc: sc, name: name}
}

// next returns the next line; at the end of the input it returns false
// and any read error (as a *Error).
func (l *maiLines) next() (string, bool, error) {
	if !l.sc.Scan() {
		if err := l.sc.Err(); err != nil {
			if errors.Is(err, bufio.ErrTooLong) {
				return "", false, &Error{File: l.name, Line: l.line + 1, Kind: ErrLimit, Msg: fmt.Sprintf("line longer than %d bytes", maxMovingAILine)}
			}
			return "", false, &Error{File: l.name, Line: l.line + 1, Msg: "read", Kind: ErrMissing, Err: err}
		}
		return "", false, nil
	}
	l.line++
	t := l.sc.Text()
	if l.line == 1 {
		t = strings.TrimPrefix(t, "\ufeff") // a UTF-8 byte order mark
	}
	return strings.TrimRight(t, " \t\r\v\f"), true, nil
}

// nextText returns the next line that is not blank.
func (l *maiLines) nextText() (string, bool, error) {
	for {
		t, ok, err := l.next()
		if !ok || err != nil || t != "" {
			return t, ok, err
		}
	}
}

// errf returns an error on the current line; the line number is that of
// the next line when the input ended.
func (l *maiLines) errf(format string, a ...any) error {
	return &Error{File: l.name, Line: max(l.line, 1), Msg: fmt.Sprintf(format, a...), Kind: ErrSyntax}
}

// limitf is errf for a side or a count over the package's limits.
func (l *maiLines) limitf(format string, a ...any) error {
	return &Error{File: l.name, Line: max(l.line, 1), Msg: fmt.Sprintf(format, a...), Kind: ErrLimit}
}

// ParseMovingAIMap reads the Moving AI benchmark map data into an 8-way
// grid; name (a file's path, or "" for none) is used in messages only:
// its errors are *Error values naming it.
//
// The header holds the lines "type T", "height H" and "width W" in any
// order, each once, then "map". T is "octile", followed by H rows of W
// tiles, or "octile-corner" (HOG2's corner-height variant), followed by H
// rows of W corner heights (digits, ignored here) and then H rows of W
// tiles, of which the last row and column are dropped: the map is then
// (W-1)×(H-1). Tiles: '.' and 'G' (ground) and 'S' (swamp) are passable;
// '@' and 'O' (out of bounds), 'T' (trees) and 'W' (water, which the
// benchmarks let one enter only from water, so a query starting in it is
// refused as blocked) are walls. Tiles may be lower case, as HOG2 reads
// them. Blank lines, trailing blanks and CRLF line ends are
// ignored; a missing, duplicate or unknown header line, a size outside
// 1..MaxMovingAISide, a row of the wrong width, too few or too many rows
// and an unknown tile are errors naming the line (and column).
func ParseMovingAIMap(name string, data []byte) (*Grid, error) {
	return readMovingAIMap(bytes.NewReader(data), name)
}

// LoadMovingAIMap opens path in fsys and reads it as ParseMovingAIMap
// does (errors name path).
func LoadMovingAIMap(fsys fs.FS, path string) (*Grid, error) {
	f, err := loadutil.Open(fsys, path) // regular files only
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readMovingAIMap(f, path)
}

// readMovingAIMap is ParseMovingAIMap with name as the file name its
// errors give.
func readMovingAIMap(r io.Reader, name string) (*Grid, error) {
	l := newMAILines(r, name)
	typ, w, h, err := readMAIHeader(l)
	if err != nil {
		return nil, err
	}
	corner := typ == "octile-corner"
	if corner && (w < 2 || h < 2) {
		return nil, &Error{Kind: ErrSyntax, File: name, Line: l.line, Msg: fmt.Sprintf("an octile-corner map needs width and height of at least 2, got %d×%d", w, h)}
	}
	if corner {
		// The corner heights: read and checked, not kept.
		for y := 0; y < h; y++ {
			t, err := readMAIRow(l, w, y, h, "corner heights")
			if err != nil {
				return nil, err
			}
			for x := 0; x < w; x++ {
				if c := t[x]; c < '0' || c > '9' {
					return nil, &Error{Kind: ErrSyntax, File: name, Line: l.line, Col: x + 1, Msg: fmt.Sprintf("corner height %q is not a digit", c)}
				}
			}
		}
	}
	// Rows are checked and kept first, the grid built after: memory grows
	// with the input, not with the size a header claims.
	tiles := make([]byte, 0, min(w*h, 1<<16))
	for y := 0; y < h; y++ {
		t, err := readMAIRow(l, w, y, h, "tiles")
		if err != nil {
			return nil, err
		}
		for x := 0; x < w; x++ {
			c := t[x]
			if c >= 'a' && c <= 'z' { // HOG2, the format's own loader, upper-cases tiles
				c -= 'a' - 'A'
			}
			switch c {
			case '.', 'G', 'S':
				c = 1
			case '@', 'O', 'T', 'W':
				c = 0
			default:
				return nil, &Error{Kind: ErrSyntax, File: name, Line: l.line, Col: x + 1, Msg: fmt.Sprintf("unknown tile %q (want one of . G S @ O T W, either case)", t[x])}
			}
			tiles = append(tiles, c)
		}
	}
	if t, ok, err := l.nextText(); err != nil {
		return nil, err
	} else if ok {
		return nil, l.errf("extra line %.20q after the %d map rows", t, h)
	}
	gw, gh := w, h
	if corner {
		gw, gh = w-1, h-1
	}
	g, err := NewGrid(gw, gh, Eight)
	if err != nil {
		return nil, &Error{File: name, Msg: "map size", Kind: ErrLimit, Err: err}
	}
	for y := 0; y < gh; y++ {
		for x, c := range tiles[y*w : y*w+gw] {
			if c == 0 {
				g.SetBlocked(x, y, true)
			}
		}
	}
	return g, nil
}

// readMAIHeader reads a map's header up to and including its "map" line.
func readMAIHeader(l *maiLines) (typ string, w, h int, err error) {
	var seen [3]int // line of type, height, width
	keys := [3]string{"type", "height", "width"}
	for {
		t, ok, err := l.nextText()
		if err != nil {
			return "", 0, 0, err
		}
		if !ok {
			if l.line == 0 {
				return "", 0, 0, &Error{File: l.name, Msg: "empty file", Kind: ErrSyntax, Err: ErrEmptyMap}
			}
			return "", 0, 0, l.errf("file ends before the \"map\" line")
		}
		f := strings.Fields(t)
		if len(f) == 0 { // only Unicode blanks
			f = []string{t}
		}
		if f[0] == "map" {
			if len(f) != 1 {
				return "", 0, 0, l.errf("want \"map\" alone on its line, got %.40q", t)
			}
			for i, k := range keys {
				if seen[i] == 0 {
					return "", 0, 0, l.errf("missing %q header line before \"map\"", k)
				}
			}
			return typ, w, h, nil
		}
		i := 0
		for i < 3 && keys[i] != f[0] {
			i++
		}
		if i == 3 {
			return "", 0, 0, l.errf("unknown header line %.40q (want type, height, width, then map)", t)
		}
		if seen[i] != 0 {
			return "", 0, 0, l.errf("duplicate %q header line (first on line %d)", f[0], seen[i])
		}
		seen[i] = l.line
		if len(f) != 2 {
			return "", 0, 0, l.errf("want \"%s <value>\", got %.40q", f[0], t)
		}
		if i == 0 {
			if f[1] != "octile" && f[1] != "octile-corner" {
				return "", 0, 0, l.errf("unsupported map type %.20q (want octile or octile-corner)", f[1])
			}
			typ = f[1]
			continue
		}
		v, err := strconv.Atoi(f[1])
		if err == nil && v > MaxMovingAISide {
			return "", 0, 0, l.limitf("%s %.20q not in 1..%d", f[0], f[1], MaxMovingAISide)
		}
		if err != nil || v <= 0 {
			return "", 0, 0, l.errf("%s %.20q not in 1..%d", f[0], f[1], MaxMovingAISide)
		}
		if i == 1 {
			h = v
		} else {
			w = v
		}
	}
}

// readMAIRow reads row y of h (skipping blank lines) and checks its width.
func readMAIRow(l *maiLines, w, y, h int, what string) (string, error) {
	t, ok, err := l.nextText()
	if err != nil {
		return "", err
	}
	if !ok {
		return "", l.errf("file ends after %d of %d rows of %s", y, h, what)
	}
	if len(t) != w {
		return "", l.errf("row %d of %s has %d characters, want %d", y+1, what, len(t), w)
	}
	return t, nil
}

// Scenario is one line of a Moving AI .scen file: a query on a map and its
// optimal octile length (no corner cutting).
type Scenario struct {
	Bucket      int         // difficulty bucket
	Map         string      // as written; may be a path
	W, H        int         // the map's size; 0 in version-0 files, which omit it
	Start, Goal mathx.Point // cells, x the column and y the row
	Optimal     float64     // optimal octile length, no corner cutting
}

// ParseScenarios reads the Moving AI scenario file data; name (a file's
// path, or "" for none) is used in messages only: its errors are *Error
// values naming it.
//
// The first line is "version 1" (or "1.0"), then each query is a line of
// nine TAB- or blank-separated fields: bucket, map, map width, map
// height, start x, start y, goal x, goal y, optimal length. Files without a version line (or "version 0") may use
// HOG2's older seven-field lines, which omit the map size (W and H are
// then 0); all lines of a file have the same layout. Coordinates must lie
// inside the stated map size; blank lines, trailing blanks and CRLF line
// ends are ignored. A file without queries, an unsupported version, and
// a line with the wrong number of fields or a bad field are errors naming
// the line and field; so is a line that is not text (invalid UTF-8, a NUL
// or another control character but tab), which would put it in a map's
// name.
func ParseScenarios(name string, data []byte) ([]Scenario, error) {
	return readScenarios(bytes.NewReader(data), name)
}

// LoadScenarios opens path in fsys and reads it as ParseScenarios does
// (errors name path).
func LoadScenarios(fsys fs.FS, path string) ([]Scenario, error) {
	f, err := loadutil.Open(fsys, path) // regular files only
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readScenarios(f, path)
}

var scenFieldNames = [9]string{"bucket", "map", "width", "height", "start x", "start y", "goal x", "goal y", "optimal length"}

// readScenarios is ParseScenarios with name as the file name its errors
// give.
func readScenarios(r io.Reader, name string) ([]Scenario, error) {
	l := newMAILines(r, name)
	var out []Scenario
	nf := 0 // fields per line: 9, or 7 in version 0; 0 until known
	first := true
	for {
		t, ok, err := l.nextText()
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		if err := loadutil.CheckText(t); err != nil { // the map's name is text
			return nil, l.errf("%v", err)
		}
		if first {
			first = false
			if f := strings.Fields(t); len(f) > 0 && f[0] == "version" {
				if len(f) != 2 {
					return nil, l.errf("want \"version 1\", got %.40q", t)
				}
				switch scenVersion(f[1]) {
				case 1:
					nf = 9
				case 0:
					// no size fields; decided by the first query line
				default:
					return nil, l.errf("unsupported scenario version %.20q (want 1 or 1.0)", f[1])
				}
				continue
			}
		}
		f := splitScenLine(t)
		if nf == 0 && (len(f) == 9 || len(f) == 7) {
			nf = len(f)
		}
		if nf == 0 || len(f) != nf {
			want := "9"
			if nf == 0 {
				want = "9 (or 7 in version 0)"
			} else if nf == 7 {
				want = "7, as on the first query line"
			}
			return nil, l.errf("%d fields, want %s", len(f), want)
		}
		if len(out) >= MaxScenarios {
			return nil, l.limitf("more than %d scenarios", MaxScenarios)
		}
		s, err := parseScen(l, f)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	if len(out) == 0 {
		if l.line == 0 {
			return nil, &Error{Kind: ErrSyntax, File: name, Msg: "empty file: no scenarios"}
		}
		return nil, &Error{Kind: ErrSyntax, File: name, Line: l.line, Msg: "no scenario lines"}
	}
	return out, nil
}

// scenVersion returns 1 for "1", "1.0", "1.00"…, 0 for "0", "0.0"…, and
// -1 for anything else.
func scenVersion(v string) int {
	i := strings.IndexByte(v, '.')
	if i >= 0 {
		if strings.Trim(v[i+1:], "0") != "" {
			return -1
		}
		v = v[:i]
	}
	switch v {
	case "1":
		return 1
	case "0":
		return 0
	}
	return -1
}

// splitScenLine splits a query line on TABs when it has any (so a map
// path may hold spaces), else on blanks.
func splitScenLine(t string) []string {
	if !strings.Contains(t, "\t") {
		return strings.Fields(t)
	}
	f := strings.Split(t, "\t")
	k := 0
	for _, s := range f {
		if s = strings.TrimSpace(s); s != "" {
			f[k] = s
			k++
		}
	}
	return f[:k]
}

// parseScen parses the fields of one query line (9, or 7 without the map
// size).
func parseScen(l *maiLines, f []string) (Scenario, error) {
	names := scenFieldNames[:]
	if len(f) == 7 {
		names = []string{"bucket", "map", "start x", "start y", "goal x", "goal y", "optimal length"}
	}
	var iv [9]int
	last := len(f) - 1
	for i := 0; i < last; i++ {
		if i == 1 {
			continue
		}
		v, err := strconv.Atoi(f[i])
		if err != nil || v < 0 {
			return Scenario{}, l.errf("field %d (%s) %.20q is not a non-negative integer", i+1, names[i], f[i])
		}
		iv[i] = v
	}
	opt, err := strconv.ParseFloat(f[last], 64)
	if err != nil || !(opt >= 0) || math.IsInf(opt, 0) {
		return Scenario{}, l.errf("field %d (%s) %.20q is not a finite non-negative number", last+1, names[last], f[last])
	}
	s := Scenario{Bucket: iv[0], Map: f[1], Optimal: opt}
	c := iv[2:]
	if len(f) == 9 {
		s.W, s.H = iv[2], iv[3]
		c = iv[4:]
		if s.W < 1 || s.H < 1 || s.W > MaxMovingAISide || s.H > MaxMovingAISide {
			return Scenario{}, l.errf("map size %d×%d not in 1..%d", s.W, s.H, MaxMovingAISide)
		}
	}
	s.Start, s.Goal = mathx.Point{X: c[0], Y: c[1]}, mathx.Point{X: c[2], Y: c[3]}
	if len(f) == 9 && (s.Start.X >= s.W || s.Start.Y >= s.H || s.Goal.X >= s.W || s.Goal.Y >= s.H) {
		return Scenario{}, l.errf("start %v or goal %v outside the %d×%d map", s.Start, s.Goal, s.W, s.H)
	}
	if len(f) == 7 && max(s.Start.X, s.Start.Y, s.Goal.X, s.Goal.Y) >= MaxMovingAISide {
		return Scenario{}, l.errf("start %v or goal %v outside any map (sides up to %d)", s.Start, s.Goal, MaxMovingAISide)
	}
	return s, nil
}
