// Package android presents Diorama frames on Android through
// golang.org/x/mobile's GL and delivers touch input and lifecycle events.
//
// android may import raster and loop; never scene, physics or ai.
package android
