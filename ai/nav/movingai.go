package nav

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"diorama/mathx"
)

// MaxMovingAISide bounds a Moving AI map's width and height (GPPC maps are
// at most 2048×2048).
const MaxMovingAISide = 4096

// MaxScenarios bounds the number of lines ParseScenarios accepts.
const MaxScenarios = 1 << 20

// ParseMovingAIMap reads a Moving AI octile map ("type octile", "height H",
// "width W", "map", then H rows of W tiles) into an 8-way grid. '.', 'G'
// and 'S' are passable; '@', 'O', 'T' and 'W' are blocked. Errors name the
// line.
func ParseMovingAIMap(r io.Reader) (*Grid, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), MaxMovingAISide+64)
	line := 0
	next := func() (string, bool) {
		for sc.Scan() {
			line++
			t := strings.TrimRight(sc.Text(), "\r")
			return t, true
		}
		return "", false
	}
	w, h := -1, -1
	for {
		t, ok := next()
		if !ok {
			if err := sc.Err(); err != nil {
				return nil, fmt.Errorf("movingai map: line %d: %w", line+1, err)
			}
			return nil, fmt.Errorf("movingai map: line %d: missing \"map\" header", line)
		}
		f := strings.Fields(t)
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "type":
			if len(f) != 2 || f[1] != "octile" {
				return nil, fmt.Errorf("movingai map: line %d: want \"type octile\", got %q", line, t)
			}
			continue
		case "height", "width":
			if len(f) != 2 {
				return nil, fmt.Errorf("movingai map: line %d: malformed %s", line, f[0])
			}
			v, err := strconv.Atoi(f[1])
			if err != nil || v <= 0 || v > MaxMovingAISide {
				return nil, fmt.Errorf("movingai map: line %d: %s %q not in 1..%d", line, f[0], f[1], MaxMovingAISide)
			}
			if f[0] == "height" {
				h = v
			} else {
				w = v
			}
			continue
		case "map":
			if w < 0 || h < 0 {
				return nil, fmt.Errorf("movingai map: line %d: \"map\" before width and height", line)
			}
		default:
			return nil, fmt.Errorf("movingai map: line %d: unknown header %q", line, f[0])
		}
		break
	}
	g, err := NewGrid(w, h, Eight)
	if err != nil {
		return nil, fmt.Errorf("movingai map: %w", err)
	}
	for y := 0; y < h; y++ {
		t, ok := next()
		if !ok {
			return nil, fmt.Errorf("movingai map: line %d: %d rows, want %d", line+1, y, h)
		}
		if len(t) != w {
			return nil, fmt.Errorf("movingai map: line %d: row of %d tiles, want %d", line, len(t), w)
		}
		for x := 0; x < w; x++ {
			switch t[x] {
			case '.', 'G', 'S':
			case '@', 'O', 'T', 'W':
				g.SetBlocked(x, y, true)
			default:
				return nil, fmt.Errorf("movingai map: line %d column %d: unknown tile %q", line, x+1, t[x])
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("movingai map: line %d: %w", line+1, err)
	}
	return g, nil
}

// Scenario is one line of a Moving AI .scen file: a query on a map and its
// optimal octile length (no corner cutting).
type Scenario struct {
	Bucket      int         // difficulty bucket
	Map         string      // as written; may be a path
	W, H        int         // the map's size
	Start, Goal mathx.Point // cells, x the column and y the row
	Optimal     float64     // optimal octile length, no corner cutting
}

// ParseScenarios reads a Moving AI scenario file ("version 1" then one
// TAB- or space-separated line of nine fields per query). Coordinates must
// lie inside the stated map size. Errors name the line and field.
func ParseScenarios(r io.Reader) ([]Scenario, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<16)
	var out []Scenario
	line := 0
	names := [9]string{"bucket", "map", "width", "height", "start x", "start y", "goal x", "goal y", "optimal length"}
	for sc.Scan() {
		line++
		t := strings.TrimSpace(sc.Text())
		if t == "" {
			continue
		}
		if line == 1 && strings.HasPrefix(t, "version") {
			f := strings.Fields(t)
			if len(f) != 2 || (f[1] != "1" && f[1] != "1.0") {
				return nil, fmt.Errorf("movingai scen: line 1: unsupported %q", t)
			}
			continue
		}
		f := strings.Fields(t)
		if len(f) != 9 {
			return nil, fmt.Errorf("movingai scen: line %d: %d fields, want 9", line, len(f))
		}
		if len(out) >= MaxScenarios {
			return nil, fmt.Errorf("movingai scen: line %d: more than %d scenarios", line, MaxScenarios)
		}
		var iv [9]int
		for _, i := range []int{0, 2, 3, 4, 5, 6, 7} {
			v, err := strconv.Atoi(f[i])
			if err != nil || v < 0 {
				return nil, fmt.Errorf("movingai scen: line %d: field %d (%s) %q is not a non-negative integer", line, i+1, names[i], f[i])
			}
			iv[i] = v
		}
		opt, err := strconv.ParseFloat(f[8], 64)
		if err != nil || !(opt >= 0) || math.IsInf(opt, 0) {
			return nil, fmt.Errorf("movingai scen: line %d: field 9 (%s) %q is not a finite non-negative number", line, names[8], f[8])
		}
		s := Scenario{Bucket: iv[0], Map: f[1], W: iv[2], H: iv[3],
			Start: mathx.Point{X: iv[4], Y: iv[5]}, Goal: mathx.Point{X: iv[6], Y: iv[7]}, Optimal: opt}
		if s.W > MaxMovingAISide || s.H > MaxMovingAISide {
			return nil, fmt.Errorf("movingai scen: line %d: map size %d×%d too large", line, s.W, s.H)
		}
		if s.Start.X >= s.W || s.Start.Y >= s.H || s.Goal.X >= s.W || s.Goal.Y >= s.H {
			return nil, fmt.Errorf("movingai scen: line %d: start or goal outside the %d×%d map", line, s.W, s.H)
		}
		out = append(out, s)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("movingai scen: line %d: %w", line+1, err)
	}
	return out, nil
}
