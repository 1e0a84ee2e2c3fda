package perf_test

import (
	"fmt"

	"diorama/perf"
)

// Seed 000's Table 2.2 on the engine: the work counts of a physics step on
// the rebuilt control map (20 walls, 50 AI and the player) for three grids.
// With one cell the pairs sharing it are the seed's 2295 fine checks.
func ExampleCollisionTable() {
	rows, err := perf.CollisionTable(perf.CollisionOptions{Scales: []int{1}, PerSide: []int{1, 8, 24}, Steps: 1, Repeats: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range rows {
		fmt.Printf("%d cells of %.0f px: %d cell entries, %d pairs share a cell, %d reach the narrow phase (seed: %d coarse, %d fine checks)\n",
			r.Cells, r.CellSize, r.CellEntries, r.SharedPairs, r.Pairs, r.SeedCoarse, r.SeedFine)
	}
	// Output:
	// 1 cells of 768 px: 51 cell entries, 2295 pairs share a cell, 90 reach the narrow phase (seed: 51 coarse, 2295 fine checks)
	// 64 cells of 96 px: 82 cell entries, 541 pairs share a cell, 90 reach the narrow phase (seed: 3266 coarse, 379 fine checks)
	// 576 cells of 32 px: 175 cell entries, 216 pairs share a cell, 90 reach the narrow phase (seed: -1 coarse, -1 fine checks)
}

// Seed 000's Table 3.1 on the engine: views of the control map (repeated
// 2×2) holding the seed's on-screen entity counts, and how many draw
// commands a frame has with and without culling.
func ExampleCullTable() {
	rows, err := perf.CullTable(perf.CullOptions{Frames: 1, Repeats: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range rows {
		fmt.Printf("%d on screen: %d draw commands culled, %d without culling\n", r.OnScreen, r.CullCmds, r.NoCullCmds)
	}
	// Output:
	// 19 on screen: 217 draw commands culled, 2330 without culling
	// 30 on screen: 226 draw commands culled, 2330 without culling
	// 56 on screen: 299 draw commands culled, 2330 without culling
	// 100 on screen: 745 draw commands culled, 2330 without culling
	// 160 on screen: 1164 draw commands culled, 2330 without culling
}
