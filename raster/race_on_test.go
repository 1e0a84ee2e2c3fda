//go:build race

package raster

// raceEnabled: the race detector makes sync.Pool drop items on purpose,
// so allocation counts are meaningless in race builds.
const raceEnabled = true
