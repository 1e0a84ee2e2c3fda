// Package rastertest holds test helpers shared by every package that
// renders: pixel-exact golden-image comparison. (The shared test data
// folder is found with diorama/internal/testenv.) It is imported only from _test.go files.
//
// rastertest may import raster and the standard library only.
package rastertest
