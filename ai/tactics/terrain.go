package tactics

import (
	"errors"
	"fmt"
	"math"

	"diorama/mathx"
)

// RayCast reports whether something blocks sight along the segment from →
// to and, if so, the fraction t in [0, 1] of the way at which the first
// blocker is hit. It is how the world's geometry reaches this package.
type RayCast func(from, to mathx.Vec2) (t float64, blocked bool)

// LineOfSight reports whether to can be seen from from.
type LineOfSight func(from, to mathx.Vec2) bool

// Accessible reports whether an agent may stand at p (not inside an
// obstacle, inside the world).
type Accessible func(p mathx.Vec2) bool

// Source is something dangerous (a threat, an explosive barrel) with the
// amount of danger it stamps on its cell before blurring.
type Source struct {
	Pos    mathx.Vec2
	Amount float32
}

// AnalyzerConfig tunes an [Analyzer]; [DefaultAnalyzerConfig] gives
// values that suit a shooter's local cover search.
type AnalyzerConfig struct {
	W, H int     // cells
	Cell float64 // cell size in world units
	// Sigma is the danger blur in cells.
	Sigma float64
	// CoverFalloff is the distance behind the covering obstacle over which
	// a hidden cell's safety falls linearly from 1 to 0: cover is
	// safest right behind the obstacle that gives it.
	CoverFalloff float64
	// DangerWeight scales danger before it is subtracted from safety.
	DangerWeight float32
	// DistanceWeight is subtracted from the final value per world unit
	// between the cell and the analysis centre (the agent), so that of
	// two equally good covers the nearer wins; 0 switches it off.
	DistanceWeight float32
}

// DefaultAnalyzerConfig is a 32×32 grid of cell size cell, a blur of 1.5
// cells, cover that fades over 4 cells, danger weighted 1 and a distance
// cost of 0.02 per cell.
func DefaultAnalyzerConfig(cell float64) AnalyzerConfig {
	return AnalyzerConfig{W: 32, H: 32, Cell: cell, Sigma: 1.5, CoverFalloff: 4 * cell, DangerWeight: 1,
		DistanceWeight: float32(0.02 / cell)}
}

// Analyzer is terrain analysis, built on demand on a local grid
// centred on the agent: a danger map (sources stamped on one cell each,
// then blurred), a safety map (cells hidden from every viewer are safe,
// less so the farther they are behind their cover), and the final map,
// safety − DangerWeight·danger (minus an optional distance cost);
// inaccessible cells are marked in Open and
// never chosen. All three maps are exposed for drawing.
type Analyzer struct {
	Cfg    AnalyzerConfig
	Danger Map
	Safety Map
	Final  Map
	// Open marks the accessible cells of the last Update, row-major.
	Open    []bool
	blur    *Blur
	sources []Source
	viewer  [1]mathx.Vec2
	// Rejected counts sources and viewers with non-finite values that
	// the last Update ignored.
	Rejected int
}

// NewAnalyzer checks cfg and allocates the maps.
func NewAnalyzer(cfg AnalyzerConfig) (*Analyzer, error) {
	m, err := NewMap(cfg.W, cfg.H, cfg.Cell, mathx.Vec2{})
	if err != nil {
		return nil, err
	}
	if !(cfg.CoverFalloff > 0) || !mathx.IsFinite(cfg.CoverFalloff) {
		return nil, fmt.Errorf("tactics: cover falloff %v must be finite and > 0", cfg.CoverFalloff)
	}
	if !(cfg.DangerWeight >= 0) || math.IsInf(float64(cfg.DangerWeight), 0) ||
		!(cfg.DistanceWeight >= 0) || math.IsInf(float64(cfg.DistanceWeight), 0) {
		return nil, fmt.Errorf("tactics: danger weight %v and distance weight %v must be finite and >= 0",
			cfg.DangerWeight, cfg.DistanceWeight)
	}
	b, err := NewBlur(cfg.Sigma)
	if err != nil {
		return nil, err
	}
	a := &Analyzer{Cfg: cfg, Danger: *m, blur: b, Open: make([]bool, cfg.W*cfg.H)}
	a.Safety.sameShape(m)
	a.Final.sameShape(m)
	return a, nil
}

// Update rebuilds the maps on the grid centred on centre. viewers are the
// positions the agent hides from (typically the player), and the ray is
// cast from each cell toward each viewer, so the first hit is the face of
// the obstacle giving cover; dangers are the
// danger sources; ray tests sight; open (may be nil: all open) marks
// accessible cells. With no viewers every cell is fully safe. Sources and
// viewers with non-finite values are ignored and counted in Rejected; a
// non-finite centre or a nil ray gives an error and leaves the maps as
// they were. The final map is safety − DangerWeight·danger −
// DistanceWeight·(distance to centre). Update allocates nothing.
func (a *Analyzer) Update(centre mathx.Vec2, viewers []mathx.Vec2, dangers []Source, ray RayCast, open Accessible) error {
	if !centre.IsFinite() {
		return errors.New("tactics: analysis centre not finite")
	}
	if ray == nil && len(viewers) > 0 {
		return errors.New("tactics: nil ray cast")
	}
	a.Rejected = 0
	cfg := &a.Cfg
	origin := centre.Sub(mathx.V2(float64(cfg.W), float64(cfg.H)).Scale(cfg.Cell / 2))
	for _, m := range [...]*Map{&a.Danger, &a.Safety, &a.Final} {
		m.Origin = origin
	}
	// Danger: one cell per source, then the blur.
	d := &a.Danger
	clear(d.V)
	for _, s := range dangers {
		f := float64(s.Amount)
		if !s.Pos.IsFinite() || !mathx.IsFinite(f) {
			a.Rejected++
			continue
		}
		if x, y, ok := d.CellAt(s.Pos); ok {
			d.V[y*d.W+x] += s.Amount
		}
	}
	a.blur.Apply(d)
	// Safety and the final score.
	inv := 1 / cfg.CoverFalloff
	for _, v := range viewers {
		if !v.IsFinite() {
			a.Rejected++
		}
	}
	for y := 0; y < cfg.H; y++ {
		for x := 0; x < cfg.W; x++ {
			i := y*cfg.W + x
			c := d.Center(x, y)
			a.Open[i] = open == nil || open(c)
			safe := 1.0
			for _, v := range viewers {
				if !v.IsFinite() {
					continue
				}
				// Cast from the cell toward the viewer: the first hit is
				// the face of the covering obstacle, t·|v−c| away.
				t, blocked := ray(c, v)
				if !blocked || !(t >= 0 && t <= 1) {
					safe = 0
					break
				}
				behind := t * v.Dist(c) // distance from the cell to its cover
				safe = math.Min(safe, math.Max(0, 1-float64(behind*inv)))
			}
			a.Safety.V[i] = float32(safe)
			a.Final.V[i] = float32(safe) - float32(cfg.DangerWeight*d.V[i]) - float32(cfg.DistanceWeight*float32(c.Dist(centre)))
		}
	}
	return nil
}

// Best returns the accessible cell with the highest final value: its
// centre and coordinates. Ties go to the cell nearest from, then to the
// lowest index, so the choice is deterministic. ok is false when no cell
// is accessible.
func (a *Analyzer) Best(from mathx.Vec2) (p mathx.Vec2, x, y int, ok bool) {
	f := &a.Final
	best := float32(math.Inf(-1))
	bestD := math.Inf(1)
	for cy := 0; cy < f.H; cy++ {
		for cx := 0; cx < f.W; cx++ {
			i := cy*f.W + cx
			if !a.Open[i] {
				continue
			}
			v := f.V[i]
			if v < best {
				continue
			}
			dist := f.Center(cx, cy).DistSq(from)
			if v > best || dist < bestD {
				best, bestD, x, y, ok = v, dist, cx, cy, true
			}
		}
	}
	if !ok {
		return mathx.Vec2{}, 0, 0, false
	}
	return f.Center(x, y), x, y, true
}

// FindCover picks a cover point: it runs Update
// centred on self with threat as the only viewer and as a danger source of
// amount ThreatDanger, plus the extra dangers (barrels), and returns the
// best cell. ok is false when no cell is accessible or the input is not
// usable.
func (a *Analyzer) FindCover(self, threat mathx.Vec2, dangers []Source, ray RayCast, open Accessible) (mathx.Vec2, bool) {
	a.sources = append(a.sources[:0], Source{Pos: threat, Amount: ThreatDanger})
	a.sources = append(a.sources, dangers...)
	a.viewer[0] = threat
	if err := a.Update(self, a.viewer[:], a.sources, ray, open); err != nil {
		return mathx.Vec2{}, false
	}
	p, _, _, ok := a.Best(self)
	return p, ok
}

// ThreatDanger is the danger FindCover stamps at the threat's cell.
const ThreatDanger = 1
