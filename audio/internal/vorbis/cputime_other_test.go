//go:build !unix

package vorbis

func cpuSeconds() float64 { return 0 }

func childCPUSeconds() float64 { return 0 }
