package ui

import (
	"image"
	"image/color"

	"diorama/raster"
)

// Theme is the look of every widget: a font, premultiplied colours (as
// raster takes them), paddings and minimum sizes. Change a copy of
// [DefaultTheme] to restyle; an OpenType font from raster.ParseOpenType
// works as well as the built-in one.
type Theme struct {
	Font *raster.Font // nil means raster.DefaultFont()

	Text     color.RGBA // labels and button captions
	TextDim  color.RGBA // disabled captions
	Title    color.RGBA // panel titles
	Panel    color.RGBA // panel, bubble and toast background
	Border   color.RGBA // panel and button outline
	Button   color.RGBA // a button at rest
	Focus    color.RGBA // the focused (or hovered) button
	FocusRim color.RGBA // the focused button's outline
	Pressed  color.RGBA // a button held down by mouse or finger
	Disabled color.RGBA // a disabled button
	Bar      color.RGBA // a bar's filled part (Widget.Fill overrides)
	Shade    color.RGBA // over the whole screen under the topmost modal panel (about 1 ms at 800×480 here: BenchmarkMenu/modal); zero alpha for none

	ButtonPad image.Point // space around a button's caption, each side
	ButtonMin image.Point // smallest button size
	PanelPad  int         // space inside a panel's border
	Gap       int         // space between stacked widgets
	Margin    int         // distance between a screen-anchored panel and the screen edge
	Tail      int         // height of a speech bubble's tail
	ToastFade int         // ticks over which a toast fades out at the end of its time
	ToastMax  int         // toasts shown at once; the rest wait in the queue
}

// rgba builds a premultiplied colour from straight alpha components.
func rgba(r, g, b, a uint8) color.RGBA {
	return raster.Premul(color.NRGBA{R: r, G: g, B: b, A: a})
}

// DefaultTheme returns a dark, high-contrast theme with the built-in 7×13
// bitmap font, readable at the default 800×480 frame.
func DefaultTheme() Theme {
	return Theme{
		Font:      raster.DefaultFont(),
		Text:      rgba(236, 238, 244, 255),
		TextDim:   rgba(120, 126, 140, 255),
		Title:     rgba(255, 214, 110, 255),
		Panel:     rgba(22, 26, 38, 235),
		Border:    rgba(120, 138, 170, 255),
		Button:    rgba(44, 52, 74, 255),
		Focus:     rgba(70, 104, 168, 255),
		FocusRim:  rgba(255, 214, 110, 255),
		Pressed:   rgba(30, 64, 130, 255),
		Disabled:  rgba(34, 36, 44, 255),
		Bar:       rgba(60, 200, 80, 255),
		Shade:     rgba(6, 8, 14, 150),
		ButtonPad: image.Pt(10, 5),
		ButtonMin: image.Pt(64, 0),
		PanelPad:  8,
		Gap:       4,
		Margin:    8,
		Tail:      10,
		ToastFade: 30,
		ToastMax:  3,
	}
}

func (th *Theme) font() *raster.Font {
	if th.Font != nil {
		return th.Font
	}
	return raster.DefaultFont()
}

// fade scales a premultiplied colour by a/255.
func fade(c color.RGBA, a int) color.RGBA {
	if a >= 255 {
		return c
	}
	if a <= 0 {
		return color.RGBA{}
	}
	m := func(v uint8) uint8 { return uint8((int(v)*a + 127) / 255) }
	return color.RGBA{m(c.R), m(c.G), m(c.B), m(c.A)}
}
