package perf

import (
	"fmt"
	"math"
	"path/filepath"
	"strings"
)

// Plot files written by WriteTablePlots.
const (
	PlotTable21 = "table21_cells.png"
	PlotTable22 = "table22_checks.png"
	PlotTable31 = "table31_culling.png"
)

func seedCell(v float64) string {
	if v < 0 {
		return "—"
	}
	return trimFloat(v)
}

// CollisionMarkdown formats the reproduced Tables 2.1 and 2.2 as markdown:
// one table per map (tank count), the seed's figures beside ours on the
// seed's map.
func CollisionMarkdown(rows []CollisionRow) string {
	var b strings.Builder
	p := func(format string, a ...any) { fmt.Fprintf(&b, format, a...) }
	for k := 0; k < len(rows); {
		ent, walls := rows[k].Entities, rows[k].Walls
		e := k
		for e < len(rows) && rows[e].Entities == ent {
			e++
		}
		best := k
		for i := k; i < e; i++ {
			if rows[i].StepUS < rows[best].StepUS {
				best = i
			}
		}
		if ent == 51 {
			p("\n**The seed's map: %d tanks (50 AI + player), %d walls.** Seed columns: Table 2.1 (ms per tick: coarse / fine / total) and Table 2.2 (coarse checks / fine checks).\n\n", ent, walls)
			p("| cells | cell side px (tiles) | engine µs/step | × best | cell entries | pairs sharing a cell | narrow-phase pairs | seed coarse / fine / total ms | seed × best | seed coarse checks | seed fine checks |\n|---|---|---|---|---|---|---|---|---|---|---|\n")
		} else {
			p("\n**More entities: %d tanks, %d walls** (the control room repeated %d×%d, %d AI per spawn point).\n\n", ent, walls, int(math.Sqrt(float64(ent/ControlAI))), int(math.Sqrt(float64(ent/ControlAI))), ControlAI)
			p("| cells | cell side px (tiles) | engine µs/step | × best | cell entries | pairs sharing a cell | narrow-phase pairs |\n|---|---|---|---|---|---|---|\n")
		}
		for i := k; i < e; i++ {
			r := rows[i]
			mark := ""
			if i == best {
				mark = " **(best)**"
			}
			p("| %d | %.1f (%s) | %.1f%s | %.2f | %d | %d | %d |", r.Cells, r.CellSize, trimFloat(r.CellSize/ControlTile), r.StepUS, mark, r.StepUS/rows[best].StepUS, r.CellEntries, r.SharedPairs, r.Pairs)
			if ent == 51 {
				if r.SeedTotalMS >= 0 {
					p(" %s / %s / %s | %.2f | %d | %d |", seedCell(r.SeedCoarseMS), seedCell(r.SeedFineMS), seedCell(r.SeedTotalMS), r.SeedTotalMS/seedBestMS(), r.SeedCoarse, r.SeedFine)
				} else {
					p(" — | — | — | — |")
				}
			}
			p("\n")
		}
		k = e
	}
	return b.String()
}

// CullMarkdown formats the reproduced Table 3.1.
func CullMarkdown(rows []CullRow) string {
	var b strings.Builder
	p := func(format string, a ...any) { fmt.Fprintf(&b, format, a...) }
	p("| seed: entities on screen | seed: ms with culling | seed: ms without (%d elements) | engine: entities on screen | view centre (map px) | draw commands culled / all | engine ms culled | engine ms without culling | culled ÷ without: seed | culled ÷ without: engine |\n|---|---|---|---|---|---|---|---|---|---|\n", SeedNoCullElements)
	for _, r := range rows {
		p("| %d | %s | %d | %d | %.0f, %.0f | %d / %d | %.3f | %.3f | %.2f | %.2f |\n", r.SeedOnScreen, trimFloat(r.SeedCullMS), SeedNoCullMS,
			r.OnScreen, r.Center.X, r.Center.Y, r.CullCmds, r.NoCullCmds, r.CullMS, r.NoCullMS, r.SeedCullMS/SeedNoCullMS, r.CullMS/r.NoCullMS)
	}
	return b.String()
}

// WriteTablePlots draws the three table plots into dir as PNGs
// (PlotTable21, PlotTable22, PlotTable31). Either row set may be empty;
// its plots are then skipped.
func WriteTablePlots(dir string, coll []CollisionRow, cull []CullRow) error {
	const w, h = 960, 420
	if len(coll) > 0 {
		// 2.1: step time relative to each map's best, by cell side in
		// tiles (the seed's n×n bins over our 24-tile room).
		var ss []XYSeries
		seed := XYSeries{Name: "seed, 71 entities", Colour: ink}
		for k, c := range SeedCells {
			n := math.Sqrt(float64(c))
			seed.X = append(seed.X, ControlSide/n)
			seed.Y = append(seed.Y, Table21[k][2]/seedBestMS())
		}
		ss = append(ss, seed)
		for _, g := range groupRows(coll) {
			best := math.Inf(1)
			for _, r := range g {
				best = math.Min(best, r.StepUS)
			}
			s := XYSeries{Name: fmt.Sprintf("engine, %d tanks", g[0].Entities), Colour: Palette[(len(ss)-1)%len(Palette)]}
			for _, r := range g {
				s.X = append(s.X, r.CellSize/ControlTile)
				s.Y = append(s.Y, r.StepUS/best)
			}
			ss = append(ss, s)
		}
		f, err := PlotXY("Table 2.1: collision time per tick relative to the best grid", Axis{Label: "cell side in tiles (log scale; the seed's 1..144 bins are 24..2 tiles)", Log: true},
			Axis{Label: "time / best time on the same map"}, ss, w, h, 1, "best")
		if err != nil {
			return err
		}
		if err := f.SavePNG(filepath.Join(dir, PlotTable21)); err != nil {
			return err
		}
		// 2.2: checks per tick on the seed's map, log–log.
		g := groupRows(coll)[0]
		sc := XYSeries{Name: "seed coarse checks", Colour: Palette[3]}
		sf := XYSeries{Name: "seed fine checks", Colour: Palette[1]}
		for k, c := range SeedCells {
			sc.X, sc.Y = append(sc.X, float64(c)), append(sc.Y, float64(Table22[k][0]))
			sf.X, sf.Y = append(sf.X, float64(c)), append(sf.Y, float64(Table22[k][1]))
		}
		ce := XYSeries{Name: "engine cell entries", Colour: Palette[0]}
		sp := XYSeries{Name: "engine shared pairs", Colour: Palette[2]}
		np := XYSeries{Name: "engine narrow pairs", Colour: Palette[4]}
		for _, r := range g {
			x := float64(r.Cells)
			ce.X, ce.Y = append(ce.X, x), append(ce.Y, float64(r.CellEntries))
			sp.X, sp.Y = append(sp.X, x), append(sp.Y, float64(r.SharedPairs))
			np.X, np.Y = append(np.X, x), append(np.Y, float64(r.Pairs))
		}
		f, err = PlotXY(fmt.Sprintf("Table 2.2: checks per tick by cell count, the seed's map (%d tanks)", g[0].Entities), Axis{Label: "cells (log scale)", Log: true},
			Axis{Label: "checks per tick (log scale)", Log: true}, []XYSeries{sc, sf, ce, sp, np}, w, h, 0, "")
		if err != nil {
			return err
		}
		if err := f.SavePNG(filepath.Join(dir, PlotTable22)); err != nil {
			return err
		}
	}
	if len(cull) > 0 {
		seed := XYSeries{Name: "seed (Android Canvas)", Colour: ink}
		eng := XYSeries{Name: "engine (iso, 800x480)", Colour: Palette[0]}
		for _, r := range cull {
			seed.X, seed.Y = append(seed.X, float64(r.SeedOnScreen)), append(seed.Y, r.SeedCullMS/SeedNoCullMS)
			eng.X, eng.Y = append(eng.X, float64(r.OnScreen)), append(eng.Y, r.CullMS/r.NoCullMS)
		}
		f, err := PlotXY("Table 3.1: render time with culling relative to drawing everything", Axis{Label: "entities on screen"},
			Axis{Label: "time with culling / time without (below 1: culling pays)"}, []XYSeries{seed, eng}, w, h, 1, "no culling")
		if err != nil {
			return err
		}
		if err := f.SavePNG(filepath.Join(dir, PlotTable31)); err != nil {
			return err
		}
	}
	return nil
}

// seedBestMS is Table 2.1's lowest total (16 ms, at 64 bins).
func seedBestMS() float64 {
	b := math.Inf(1)
	for _, r := range Table21 {
		b = math.Min(b, r[2])
	}
	return b
}

// groupRows splits rows into runs of the same tank count.
func groupRows(rows []CollisionRow) [][]CollisionRow {
	var out [][]CollisionRow
	for k := 0; k < len(rows); {
		e := k
		for e < len(rows) && rows[e].Entities == rows[k].Entities {
			e++
		}
		out = append(out, rows[k:e])
		k = e
	}
	return out
}
