// Package scene holds what lives in a game world: entities, bullets as a
// struct of arrays, events, and the loaders that bring levels in from Tiled
// maps, IsoMob-style XML scenes, ASCII levels and image levels.
//
// scene may import iso, atlas, physics and mathx; never ai (AI reaches the
// world through function types) or platform.
package scene
