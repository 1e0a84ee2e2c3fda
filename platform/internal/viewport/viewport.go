// Package viewport maps a backend's fixed logical frame onto its window:
// where the frame lands in the framebuffer for the game's
// [platform.ScaleMode] (integer scaling and letterboxing by default), and
// window or framebuffer positions back to frame coordinates. It is shared
// by platform/desktop, platform/web and platform/android; games never see
// it.
//
// viewport may import platform and the standard library only.
package viewport

import (
	"fmt"
	"math"

	"diorama/platform"
)

// Viewport is where the frame lands in a window's framebuffer: the
// destination rectangle (X, Y, W, H in framebuffer pixels, origin top-left)
// and the frame size it shows. The zero Viewport maps nothing.
type Viewport struct {
	X, Y, W, H     int // destination rectangle in framebuffer pixels
	FrameW, FrameH int // logical frame size
}

// String prints the destination rectangle and the scale.
func (v Viewport) String() string {
	return fmt.Sprintf("%dx%d frame at (%d,%d) size %dx%d", v.FrameW, v.FrameH, v.X, v.Y, v.W, v.H)
}

// Fit computes the viewport for a frameW×frameH frame in a
// fbW×fbH framebuffer with the given mode. Non-positive sizes give the zero
// Viewport.
func Fit(mode platform.ScaleMode, frameW, frameH, fbW, fbH int) Viewport {
	if frameW <= 0 || frameH <= 0 || fbW <= 0 || fbH <= 0 {
		return Viewport{}
	}
	v := Viewport{FrameW: frameW, FrameH: frameH}
	switch mode {
	case platform.ScaleStretch:
		v.W, v.H = fbW, fbH
	case platform.ScaleInteger:
		if s := min(fbW/frameW, fbH/frameH); s >= 1 {
			v.W, v.H = frameW*s, frameH*s
			break
		}
		fallthrough
	default: // ScaleFit
		// Compare frameW/frameH against fbW/fbH without rounding error.
		if frameW*fbH >= fbW*frameH { // frame relatively wider: full width
			v.W = fbW
			v.H = max(1, int(math.Round(float64(frameH)*float64(fbW)/float64(frameW))))
		} else {
			v.H = fbH
			v.W = max(1, int(math.Round(float64(frameW)*float64(fbH)/float64(frameH))))
		}
	}
	v.X, v.Y = (fbW-v.W)/2, (fbH-v.H)/2
	return v
}

// ToFrame maps a framebuffer position (pixels, origin top-left) to frame
// coordinates. inside reports whether the point falls on the frame.
func (v Viewport) ToFrame(px, py float64) (fx, fy float64, inside bool) {
	if v.W <= 0 || v.H <= 0 {
		return 0, 0, false
	}
	fx = (px - float64(v.X)) * float64(v.FrameW) / float64(v.W)
	fy = (py - float64(v.Y)) * float64(v.FrameH) / float64(v.H)
	inside = fx >= 0 && fy >= 0 && fx < float64(v.FrameW) && fy < float64(v.FrameH)
	return fx, fy, inside
}

// FromFrame maps frame coordinates to framebuffer pixels.
func (v Viewport) FromFrame(fx, fy float64) (px, py float64) {
	if v.FrameW <= 0 || v.FrameH <= 0 {
		return 0, 0
	}
	return float64(v.X) + fx*float64(v.W)/float64(v.FrameW), float64(v.Y) + fy*float64(v.H)/float64(v.FrameH)
}

// WindowToFrame maps a position in window coordinates (which differ from
// framebuffer pixels on high-DPI screens) to frame coordinates, given the
// window size winW×winH whose framebuffer is fbW×fbH.
func (v Viewport) WindowToFrame(wx, wy float64, winW, winH, fbW, fbH int) (fx, fy float64, inside bool) {
	if winW <= 0 || winH <= 0 {
		return 0, 0, false
	}
	return v.ToFrame(wx*float64(fbW)/float64(winW), wy*float64(fbH)/float64(winH))
}
