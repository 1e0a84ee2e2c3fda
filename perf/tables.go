package perf

import (
	"fmt"
	"math"
	"slices"
	"time"

	"diorama/mathx"
	"diorama/physics"
)

// Seed 000 (the Android framework, Tanktrum) measured its two-stage
// collision on one control map: 20 wall entities (after wall merging), 50
// AI tanks and the player, 71 entities, AI disabled, all AI spawned on one
// point and left to shove each other until settled; each figure is the
// average per-tick time over 5 s at 25 ticks per second, for a grid of 1
// to 144 spatial bins (Tables 2.1 and 2.2, seed 000 §2.4.6). The map
// itself (Figure 2.5) is not in the text, so ControlMap rebuilds one with
// those counts: a 24×24-tile room of 32-pixel tiles whose walls merge into
// exactly 20 boxes, AI spawn in the centre, player spawn apart.

// SeedCells are the bin counts of seed 000's Tables 2.1 and 2.2 (n×n
// grids, n = 1..12).
var SeedCells = []int{1, 4, 9, 16, 25, 36, 49, 64, 81, 100, 121, 144}

// Table21 is seed 000's Table 2.1: coarse, fine and total collision time
// in ms per tick for each entry of SeedCells.
var Table21 = [][3]float64{
	{0, 54, 54}, {0, 30, 30}, {1, 25, 26}, {1, 22, 23}, {2, 16, 18}, {3, 14, 17},
	{4, 13, 17}, {6, 10, 16}, {7, 10, 17}, {8, 9, 17}, {11, 8, 19}, {11, 10, 21},
}

// Table22 is seed 000's Table 2.2: coarse and fine grain checks per tick
// for each entry of SeedCells.
var Table22 = [][2]int{
	{51, 2295}, {204, 1121}, {459, 968}, {816, 782}, {1275, 588}, {1836, 557},
	{2499, 522}, {3266, 379}, {4136, 369}, {5100, 284}, {6184, 307}, {6178, 314},
}

// Control map constants.
const (
	// ControlSide is the control room's side in tiles (walls included).
	ControlSide = 24
	// ControlTile is a tile's side in world pixels.
	ControlTile = 32
	// ControlAI is the seed's AI count per spawn point.
	ControlAI = 50
	// TankW and TankH are a tank's box in pixels (three quarters of a
	// tile by a little over half).
	TankW, TankH = 24, 18
	// SeedTPS is Tanktrum's tick rate (40 ms ticks).
	SeedTPS = 25
	// settleTicks lets the spawned crowd shove itself apart (10 s).
	settleTicks = 10 * SeedTPS
)

// controlBars are the 16 inner walls of the control room (column, row,
// width, height in tiles), none touching another or the outer ring, so
// with the ring's 4 boxes the map merges into the seed's 20 walls. The
// centre (rows and columns 8..15) is left free for the AI spawn.
var controlBars = [][4]int{
	{3, 3, 3, 1}, {9, 2, 1, 3}, {14, 2, 1, 3}, {18, 3, 3, 1},
	{2, 8, 1, 3}, {21, 8, 1, 3}, {5, 9, 3, 1}, {16, 9, 3, 1},
	{2, 14, 1, 3}, {21, 14, 1, 3}, {5, 15, 3, 1}, {16, 15, 3, 1},
	{3, 20, 3, 1}, {9, 19, 1, 3}, {14, 19, 1, 3}, {18, 20, 3, 1},
}

// ControlMap is the control map scaled by Scale: a room of
// Scale·ControlSide tiles whose inside repeats the control room's inner
// walls Scale×Scale times, with one AI spawn point (ControlAI tanks) per
// repeat. Scale 1 is the seed's map: 20 walls, 50 AI and the player.
type ControlMap struct {
	Scale int
	Side  int    // tiles
	Solid []bool // Side×Side, row-major
	Spawn []mathx.Vec2
	// Player is the player's spawn point, in pixels.
	Player mathx.Vec2
}

// NewControlMap builds the control map at the given scale (1..8).
func NewControlMap(scale int) (*ControlMap, error) {
	if scale < 1 || scale > 8 {
		return nil, fmt.Errorf("perf: control map scale %d out of range [1, 8]", scale)
	}
	n := scale * ControlSide
	m := &ControlMap{Scale: scale, Side: n, Solid: make([]bool, n*n)}
	for k := 0; k < n; k++ {
		m.Solid[k], m.Solid[(n-1)*n+k], m.Solid[k*n], m.Solid[k*n+n-1] = true, true, true, true
	}
	for bj := 0; bj < scale; bj++ {
		for bi := 0; bi < scale; bi++ {
			ox, oy := bi*ControlSide, bj*ControlSide
			for _, b := range controlBars {
				for y := b[1]; y < b[1]+b[3]; y++ {
					for x := b[0]; x < b[0]+b[2]; x++ {
						m.Solid[(oy+y)*n+ox+x] = true
					}
				}
			}
			m.Spawn = append(m.Spawn, mathx.V2(float64(ox+12)*ControlTile, float64(oy+12)*ControlTile))
		}
	}
	m.Player = mathx.V2(12.5*ControlTile, 6.5*ControlTile)
	return m, nil
}

// Entities is the number of tanks (AI and the player).
func (m *ControlMap) Entities() int { return len(m.Spawn)*ControlAI + 1 }

// Bounds is the room in world pixels.
func (m *ControlMap) Bounds() mathx.AABB {
	s := float64(m.Side * ControlTile)
	return mathx.AABB{Max: mathx.V2(s, s)}
}

func (m *ControlMap) tileMap() physics.SolidTiles {
	return physics.SolidTiles{Cols: m.Side, Rows: m.Side, TileW: ControlTile, TileH: ControlTile, Solid: m.Solid}
}

// Tank is one settled tank: its centre and heading.
type Tank struct {
	Pos   mathx.Vec2
	Angle float64
}

// Settle spawns the map's tanks the seed's way (every AI on its spawn
// point, a sub-pixel spiral apart so pushes have a direction; the player
// on its own point), steps the world for 10 simulated seconds at 25 ticks
// per second with the AI disabled (no velocity), and returns where the
// tanks came to rest. The result depends only on the map.
func (m *ControlMap) Settle() ([]Tank, error) {
	w, err := m.world(physics.SpaceDef{}, nil)
	if err != nil {
		return nil, err
	}
	for k := 0; k < settleTicks; k++ {
		w.Step(1.0 / SeedTPS)
	}
	ids := w.Bodies(nil)
	out := make([]Tank, len(ids))
	for k, id := range ids {
		out[k] = Tank{Pos: w.Position(id), Angle: w.Angle(id)}
	}
	return out, nil
}

// world builds the physics world of the map: its walls and the tanks,
// at rest where tanks says (nil: at the spawn points, unsettled).
func (m *ControlMap) world(def physics.SpaceDef, tanks []Tank) (*physics.Space, error) {
	def.Bounds = m.Bounds()
	w, err := physics.NewSpace(def)
	if err != nil {
		return nil, err
	}
	if _, _, err := w.AddSolidTiles(m.tileMap()); err != nil {
		return nil, err
	}
	shape, err := physics.NewBox(TankW/2, TankH/2)
	if err != nil {
		return nil, err
	}
	if tanks == nil {
		golden := math.Pi * (3 - math.Sqrt(5))
		for _, sp := range m.Spawn {
			for k := 0; k < ControlAI; k++ {
				a := golden * float64(k)
				r := 0.05 * math.Sqrt(float64(k+1))
				tanks = append(tanks, Tank{Pos: sp.Add(mathx.FromAngle(a).Scale(r)), Angle: a})
			}
		}
		tanks = append(tanks, Tank{Pos: m.Player, Angle: -math.Pi / 2})
	}
	for _, t := range tanks {
		d := physics.DefaultBodyDef()
		d.Shape, d.Position, d.Angle = shape, t.Pos, t.Angle
		if _, err := w.CreateBody(d); err != nil {
			return nil, err
		}
	}
	return w, nil
}

// CollisionRow is one row of the reproduced Tables 2.1 and 2.2: one grid
// resolution on one map.
type CollisionRow struct {
	Entities int // tanks
	Walls    int // merged wall boxes
	Cells    int // grid cells covering the room (PerSide²)
	PerSide  int
	CellSize float64 // pixels
	// StepUS is the best (over repeats) mean wall time of one
	// physics.Space.Step, in microseconds.
	StepUS float64
	// CellEntries is the coarse work: how many cells the tanks' boxes
	// cover in total (the seed's coarse checks are tanks × bins, one AABB
	// test per bin, because it scans every bin).
	CellEntries int
	// SharedPairs counts the distinct pairs (tank–tank and tank–wall)
	// that share at least one cell: what the seed's fine grain step would
	// test with SAT (the seed also repeats a pair in every bin it shares).
	SharedPairs int
	// Pairs is physics' own count of candidate pairs whose boxes touch and
	// go to the narrow phase (StepStats.Pairs).
	Pairs int
	// Seed figures (−1 where the seed has no row).
	SeedCoarseMS, SeedFineMS, SeedTotalMS float64
	SeedCoarse, SeedFine                  int
}

// CollisionOptions sets how CollisionTable measures.
type CollisionOptions struct {
	// Scales of the control map (default 1, 2, 4: 51, 201 and 801 tanks).
	Scales []int
	// PerSide are the grid resolutions, cells per side of the seed-sized
	// room; scaled rooms use Scale times as many so cells keep their size
	// in pixels. Default 1..12 (the seed's 1..144 bins) and 24, 48, 96
	// (1, ½ and ¼ tile cells, beyond the seed).
	PerSide []int
	// Steps timed per repeat (default 25: one second at the seed's 25
	// ticks per second); Repeats the number of repeats whose best mean is
	// kept (default 20). Many short repeats find the unloaded time on a
	// shared machine better than few long ones; a map of scale s runs
	// Steps/s² steps (at least 5) s·Repeats times.
	Steps, Repeats int
}

// DefaultPerSide is CollisionOptions' default grid resolutions.
var DefaultPerSide = []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 24, 48, 96}

// CollisionTable reproduces seed 000's Tables 2.1 and 2.2 on the engine:
// for each map scale it settles the tanks once, then for each grid
// resolution builds a physics.Space with that CellSize around the same
// settled tanks and times Step. Rows come by scale, then resolution.
func CollisionTable(o CollisionOptions) ([]CollisionRow, error) {
	if len(o.Scales) == 0 {
		o.Scales = []int{1, 2, 4}
	}
	if len(o.PerSide) == 0 {
		o.PerSide = DefaultPerSide
	}
	if o.Steps <= 0 {
		o.Steps = SeedTPS
	}
	if o.Repeats <= 0 {
		o.Repeats = 20
	}
	var rows []CollisionRow
	for _, sc := range o.Scales {
		m, err := NewControlMap(sc)
		if err != nil {
			return nil, err
		}
		tanks, err := m.Settle()
		if err != nil {
			return nil, err
		}
		per := make([]int, 0, len(o.PerSide)+1)
		if sc > 1 {
			per = append(per, 1) // the one-cell extreme of the scaled room
		}
		for _, n := range o.PerSide {
			if n < 1 || n > 512 {
				return nil, fmt.Errorf("perf: %d cells per side out of range [1, 512]", n)
			}
			per = append(per, n*sc)
		}
		// Bigger maps: shorter, more numerous repeats, so that a repeat
		// still fits between the scheduler's interruptions.
		steps, reps := max(5, o.Steps/(sc*sc)), o.Repeats*sc
		rs, err := m.measure(tanks, per, steps, reps)
		if err != nil {
			return nil, err
		}
		rows = append(rows, rs...)
	}
	return rows, nil
}

// CollisionWorld builds the map's world around settled tanks with a grid
// of perSide×perSide cells over the room (for benchmarks).
func (m *ControlMap) CollisionWorld(tanks []Tank, perSide int) (*physics.Space, error) {
	if perSide < 1 {
		return nil, fmt.Errorf("perf: %d cells per side, want ≥ 1", perSide)
	}
	// A hair over side/n so float rounding never adds a row of cells.
	cs := float64(m.Side*ControlTile) / float64(perSide) * (1 + 1e-9)
	return m.world(physics.SpaceDef{CellSize: cs}, tanks)
}

// measure times Step on one world per grid resolution, all around the
// same settled tanks. Repeats go round the worlds in turn, so load from
// other processes falls on every row alike; each row keeps its best.
func (m *ControlMap) measure(tanks []Tank, per []int, steps, repeats int) ([]CollisionRow, error) {
	const dt = 1.0 / SeedTPS
	worlds := make([]*physics.Space, len(per))
	rows := make([]CollisionRow, len(per))
	for k, n := range per {
		w, err := m.CollisionWorld(tanks, n)
		if err != nil {
			return nil, err
		}
		worlds[k] = w
		r := CollisionRow{Entities: len(tanks), Walls: w.WallCount(), Cells: n * n, PerSide: n,
			CellSize: w.Def().CellSize, SeedCoarseMS: -1, SeedFineMS: -1, SeedTotalMS: -1, SeedCoarse: -1, SeedFine: -1,
			StepUS: math.Inf(1)}
		if m.Scale == 1 {
			if i := slices.Index(SeedCells, r.Cells); i >= 0 {
				r.SeedCoarseMS, r.SeedFineMS, r.SeedTotalMS = Table21[i][0], Table21[i][1], Table21[i][2]
				r.SeedCoarse, r.SeedFine = Table22[i][0], Table22[i][1]
			}
		}
		for i := 0; i < SeedTPS; i++ { // warm up: buffers grown, caches hot
			w.Step(dt)
		}
		r.Pairs = w.Stats().Pairs
		r.CellEntries, r.SharedPairs = cellWork(w, n)
		rows[k] = r
	}
	for rep := 0; rep < repeats; rep++ {
		for k, w := range worlds {
			t := time.Now()
			for i := 0; i < steps; i++ {
				w.Step(dt)
			}
			rows[k].StepUS = math.Min(rows[k].StepUS, time.Since(t).Seconds()*1e6/float64(steps))
		}
	}
	return rows, nil
}

// cellWork counts, on a perSide×perSide grid over the world's grid
// bounds, the cells covered by the bodies' boxes and the distinct
// body–body and body–wall pairs sharing a cell.
func cellWork(w *physics.Space, perSide int) (entries, shared int) {
	b := w.Def().Bounds
	cs := w.Def().CellSize
	cell := func(v, lo float64) int {
		return mathx.ClampInt(int(math.Floor((v-lo)/cs)), 0, perSide-1)
	}
	type rng struct{ x0, y0, x1, y1 int }
	span := func(a mathx.AABB) rng {
		return rng{cell(a.Min.X, b.Min.X), cell(a.Min.Y, b.Min.Y), cell(a.Max.X, b.Min.X), cell(a.Max.Y, b.Min.Y)}
	}
	ids := w.Bodies(nil)
	bodies := make([]rng, len(ids))
	for k, id := range ids {
		r := span(w.BodyAABB(id))
		bodies[k] = r
		entries += (r.x1 - r.x0 + 1) * (r.y1 - r.y0 + 1)
	}
	walls := make([]rng, w.WallCount())
	for k := range walls {
		walls[k] = span(w.Wall(k))
	}
	overlap := func(p, q rng) bool { return p.x0 <= q.x1 && q.x0 <= p.x1 && p.y0 <= q.y1 && q.y0 <= p.y1 }
	for i, p := range bodies {
		for _, q := range bodies[i+1:] {
			if overlap(p, q) {
				shared++
			}
		}
		for _, q := range walls {
			if overlap(p, q) {
				shared++
			}
		}
	}
	return entries, shared
}
