// Package testgame is the small deterministic game every backend's tests
// and examples present: a seeded noise-and-gradient pattern (every pixel
// opaque and distinct from its neighbours, so any scaling, offset, row
// flip or channel swap shows) with a cursor cross at the last pointer
// position, the twin thumbsticks' knobs drawn as squares and a block
// whose colour counts key presses.
//
// It imports platform, raster and mathx only.
package testgame
