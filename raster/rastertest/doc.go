// Package rastertest holds test helpers shared by every package that
// renders: pixel-exact golden-image comparison and access to the shared
// test data folder. It is imported only from _test.go files.
//
// rastertest may import raster and the standard library only.
package rastertest
