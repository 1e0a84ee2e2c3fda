package ui

import (
	"image"
	"image/color"

	"diorama/mathx"
	"diorama/raster"
)

// Depth steps within one panel's slice of depths.
const (
	layerShade = iota
	layerPanel
	layerWidget
	layerRim
	layerText
	panelDepths // depths each panel uses
)

// Draw adds the open panels and the toasts to l at depths from depth up
// (give the UI a depth above the game's world: the one World.Render
// returns) and returns the first depth above them, for whatever is drawn
// over the UI next. It lays the panels out first, so Rect values are
// current. For a static UI it allocates nothing once l has grown.
func (u *UI) Draw(l *raster.DrawList, depth int64) int64 {
	u.layout()
	th := &u.Theme
	top := u.topModal()
	for i, p := range u.panels {
		if p.Hidden {
			continue
		}
		d := depth + int64(i)*panelDepths
		if p == top && th.Shade.A != 0 { // one shade, under the topmost modal panel
			l.FillRect(d+layerShade, image.Rect(0, 0, u.W, u.H), th.Shade)
		}
		u.drawPanel(l, d, p)
	}
	u.drawToasts(l, depth+int64(len(u.panels))*panelDepths)
	return depth + int64(len(u.panels)+1)*panelDepths
}

func (u *UI) drawPanel(l *raster.DrawList, d int64, p *Panel) {
	th := u.theme(p)
	r := p.rect
	tail := p.Tail && p.Anchor == AtPoint && th.Tail > 0
	var tx, half int
	if tail {
		half = th.Tail/2 + 1
		tx = min(max(p.Point.X, r.Min.X+half+2), r.Max.X-half-2)
	}
	box(l, d+layerPanel, r, th.Panel, th.Border, tx, half, tail && !p.tailBelow, tail && p.tailBelow)
	if tail {
		ey := float64(r.Max.Y - 1)
		if p.tailBelow {
			ey = float64(r.Min.Y + 1)
		}
		tip := mathx.V2(float64(p.Point.X)+0.5, float64(p.Point.Y)+0.5)
		a, b := mathx.V2(float64(tx-half), ey), mathx.V2(float64(tx+half), ey)
		tri := [3]mathx.Vec2{a, b, tip}
		l.FillPolygon(d+layerPanel, tri[:], th.Panel, true)
		l.LineAA(d+layerRim, a, tip, 1, th.Border)
		l.LineAA(d+layerRim, b, tip, 1, th.Border)
	}
	f := th.font()
	if p.Title != "" {
		inner := image.Rect(r.Min.X+th.PanelPad, r.Min.Y+th.PanelPad, r.Max.X-th.PanelPad, r.Max.Y)
		drawText(l, d+layerText, f, p.Title, inner, AlignCenter, 0, th.Title)
	}
	if p.Root != nil {
		u.drawWidget(l, d, th, p.Root, noClip)
		l.ClearClip()
	}
}

// noClip is the clip of widgets outside any scrolling list.
var noClip = image.Rect(-1<<30, -1<<30, 1<<30, 1<<30)

// box fills r with fill inside a one-pixel border, leaving a gap of
// 2*half+1 pixels centred on x=tx in the bottom (or top) border for a
// bubble's tail.
func box(l *raster.DrawList, d int64, r image.Rectangle, fill, border color.RGBA, tx, half int, gapBottom, gapTop bool) {
	if r.Dx() < 2 || r.Dy() < 2 {
		l.FillRect(d, r, fill)
		return
	}
	l.FillRect(d, r.Inset(1), fill)
	hline := func(y int, gap bool) {
		if !gap {
			l.FillRect(d, image.Rect(r.Min.X, y, r.Max.X, y+1), border)
			return
		}
		l.FillRect(d, image.Rect(r.Min.X, y, tx-half, y+1), border)
		l.FillRect(d, image.Rect(tx+half, y, r.Max.X, y+1), border)
	}
	hline(r.Min.Y, gapTop)
	hline(r.Max.Y-1, gapBottom)
	l.FillRect(d, image.Rect(r.Min.X, r.Min.Y+1, r.Min.X+1, r.Max.Y-1), border)
	l.FillRect(d, image.Rect(r.Max.X-1, r.Min.Y+1, r.Max.X, r.Max.Y-1), border)
}

// drawWidget draws w clipped to clip (the window of the scrolling lists
// holding it).
func (u *UI) drawWidget(l *raster.DrawList, d int64, th *Theme, w *Widget, clip image.Rectangle) {
	f := th.font()
	switch w.kind {
	case kindStack:
		inner := clip
		if w.full > 0 {
			inner = w.rect.Intersect(clip)
			inner.Max.X -= scrollBarW
			scrollBar(l, d, th, w, clip)
		}
		for _, c := range w.children {
			if c != nil && c.rect.Overlaps(inner) {
				l.SetClip(inner)
				u.drawWidget(l, d, th, c, inner)
			}
		}
		l.SetClip(clip)
	case kindImage:
		if w.Sprite != nil {
			// centred in the space the layout gave it
			r := w.rect
			l.Sprite(d+layerText, w.Sprite, r.Min.X+(r.Dx()-w.Sprite.W())/2, r.Min.Y+(r.Dy()-w.Sprite.H())/2, nil)
		}
	case kindBar:
		l.FillRect(d+layerWidget, w.rect, th.Button)
		fill := w.Fill
		if fill == (color.RGBA{}) {
			fill = th.Bar
		}
		in := w.rect.Inset(1)
		if v := min(max(w.Value, 0), 1); v > 0 && in.Dx() > 0 { // NaN: empty
			in.Max.X = in.Min.X + int(float64(in.Dx())*v+0.5)
			l.FillRect(d+layerRim, in, fill)
		}
	case kindLabel:
		r := w.rect
		if _, h := measureText(f, w.text(), w.MaxW); h < r.Dy() {
			r.Min.Y += (r.Dy() - h) / 2 // in a row beside something taller
		}
		drawText(l, d+layerText, f, w.text(), r, w.Align, w.MaxW, th.Text)
	case kindButton:
		bg, rim, fg := th.Button, th.Border, th.Text
		switch {
		case w.Disabled:
			bg, fg = th.Disabled, th.TextDim
		case w == u.pressed:
			bg, rim = th.Pressed, th.FocusRim
		case w == u.focus:
			bg, rim = th.Focus, th.FocusRim
		}
		l.FillRect(d+layerWidget, w.rect, bg)
		l.StrokeRect(d+layerRim, w.rect, rim)
		_, h := measureText(f, w.text(), w.MaxW)
		r := w.rect
		r.Min.Y += (r.Dy() - h) / 2
		drawText(l, d+layerText, f, w.text(), r, AlignCenter, w.MaxW, fg)
	}
}

// scrollBar draws a scrolling column's track and thumb at its right edge.
func scrollBar(l *raster.DrawList, d int64, th *Theme, w *Widget, clip image.Rectangle) {
	l.SetClip(clip)
	track := image.Rect(w.rect.Max.X-scrollBarW+2, w.rect.Min.Y, w.rect.Max.X, w.rect.Max.Y)
	l.FillRect(d+layerWidget, track, th.Button)
	h := track.Dy()
	th0 := h * w.scroll / w.full
	th1 := h * (w.scroll + h) / w.full
	l.FillRect(d+layerRim, image.Rect(track.Min.X, track.Min.Y+th0, track.Max.X, track.Min.Y+max(th1, th0+3)), th.Border)
}

// drawText draws s from the top of r, wrapped at maxW (0: only at '\n'),
// each line placed across r's width by a (AlignAuto: at the start).
func drawText(l *raster.DrawList, d int64, f *raster.Font, s string, r image.Rectangle, a Align, maxW int, c color.RGBA) {
	if maxW <= 0 && (a == AlignAuto || a == AlignStart) {
		l.Text(d, f, s, r.Min.X, r.Min.Y, c)
		return
	}
	y := r.Min.Y
	eachLine(f, s, maxW, func(line string) {
		w, _ := f.Measure(line)
		l.Text(d, f, line, r.Min.X+a.offset(w, r.Dx(), AlignStart), y, c)
		y += f.LineHeight()
	})
}

func (u *UI) drawToasts(l *raster.DrawList, d int64) {
	th := &u.Theme
	f := th.font()
	y := u.H - th.Margin
	for i := 0; i < u.shownToasts(); i++ {
		t := &u.toasts[i]
		a := t.alpha(min(th.ToastFade, t.total))
		tw, tlh := f.Measure(t.text)
		size := image.Pt(tw, tlh).Add(th.ButtonPad.Mul(2))
		r := image.Rect((u.W-size.X)/2, y-size.Y, (u.W+size.X)/2, y)
		box(l, d+layerPanel, r, fade(th.Panel, a), fade(th.Border, a), 0, 0, false, false)
		drawText(l, d+layerText, f, t.text, r.Add(image.Pt(0, th.ButtonPad.Y)), AlignCenter, 0, fade(th.Text, a))
		y = r.Min.Y - th.Gap
	}
}
