package platform

// ScaleMode says how the frame is fitted into a window.
type ScaleMode uint8

// The scale modes. Every mode keeps the frame centred; the bars around it
// (letterbox) are black.
const (
	// ScaleInteger scales by the largest whole factor that fits, so every
	// frame pixel is an exact square of window pixels. When the window is
	// smaller than the frame it falls back to ScaleFit.
	ScaleInteger ScaleMode = iota
	// ScaleFit scales by the largest (fractional) factor that fits while
	// keeping the aspect ratio.
	ScaleFit
	// ScaleStretch fills the window, ignoring the aspect ratio.
	ScaleStretch
)
