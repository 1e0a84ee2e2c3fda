//go:build js && wasm

package web

import (
	"errors"
	"strconv"
	"strings"
	"syscall/js"
	"time"

	"diorama/platform"
)

// Run runs g in the page: it uses the canvas with id "diorama" (or adds
// one to the body), sizes and places it, listens for input, and presents
// a frame per animation frame. It returns when Update returns an error or
// [platform.ErrQuit] (then nil); the page stays as it was.
func Run(g platform.Game, cfg platform.Config) error {
	d, err := platform.NewDriver(g, cfg)
	if err != nil {
		return err
	}
	cfg = d.Config()
	r := &runner{d: d, cfg: cfg, done: make(chan error, 1)}
	if err := r.setup(); err != nil {
		return err
	}
	defer r.release()
	r.schedule()
	err = <-r.done
	if platform.IsQuit(err) {
		return nil
	}
	return err
}

type runner struct {
	d       *platform.Driver
	cfg     platform.Config
	win     js.Value
	doc     js.Value
	canvas  js.Value
	ctx     js.Value
	jsPix   js.Value
	imgData js.Value
	staging []uint8
	funcs   []listener
	frameFn js.Func
	timer   bool
	last    float64
	started bool
	frames  int
	done    chan error
	stopped bool
	axes    []float64 // gamepad polling buffers
	values  []float64
	pressed []bool
}

func (r *runner) setup() error {
	r.win = js.Global()
	r.doc = r.win.Get("document")
	if r.doc.IsUndefined() {
		return errors.New("web: no document (run in a browser page)")
	}
	r.doc.Set("title", r.cfg.Title)
	r.canvas = r.doc.Call("getElementById", "diorama")
	if r.canvas.IsNull() {
		r.canvas = r.doc.Call("createElement", "canvas")
		r.canvas.Set("id", "diorama")
		r.doc.Get("body").Call("appendChild", r.canvas)
	}
	r.canvas.Set("width", r.cfg.Width)
	r.canvas.Set("height", r.cfg.Height)
	r.canvas.Set("tabIndex", 0)
	st := r.canvas.Get("style")
	st.Set("position", "absolute")
	st.Set("imageRendering", "pixelated")
	st.Set("touchAction", "none")
	r.ctx = r.canvas.Call("getContext", "2d")
	if r.ctx.IsNull() {
		return errors.New("web: canvas 2d context unavailable")
	}
	n := 4 * r.cfg.Width * r.cfg.Height
	r.staging = make([]uint8, n)
	r.jsPix = r.win.Get("Uint8ClampedArray").New(n)
	r.imgData = r.win.Get("ImageData").New(r.jsPix, r.cfg.Width, r.cfg.Height)
	r.timer = strings.Contains(r.win.Get("location").Get("search").String(), "timer=1")

	r.on(r.win, "resize", func(js.Value) { r.layout() })
	r.on(r.win, "keydown", func(e js.Value) { r.key(e, platform.KeyDown) })
	r.on(r.win, "keyup", func(e js.Value) { r.key(e, platform.KeyUp) })
	r.on(r.win, "blur", func(js.Value) { r.d.Input.Push(platform.Event{Kind: platform.FocusLost}) })
	r.on(r.canvas, "mousemove", func(e js.Value) { r.mouse(e, platform.MouseMove) })
	r.on(r.canvas, "mousedown", func(e js.Value) { r.mouse(e, platform.MouseDown) })
	r.on(r.win, "mouseup", func(e js.Value) { r.mouse(e, platform.MouseUp) })
	r.on(r.canvas, "contextmenu", func(e js.Value) { e.Call("preventDefault") })
	r.on(r.canvas, "wheel", func(e js.Value) {
		e.Call("preventDefault")
		r.d.Input.Push(platform.Event{Kind: platform.MouseWheel, Pointer: platform.MousePointer,
			DX: wheelNotches(e.Get("deltaX").Float(), e.Get("deltaMode").Int()),
			DY: wheelNotches(e.Get("deltaY").Float(), e.Get("deltaMode").Int())})
	})
	r.on(r.canvas, "touchstart", func(e js.Value) { r.touch(e, platform.TouchDown) })
	r.on(r.canvas, "touchmove", func(e js.Value) { r.touch(e, platform.TouchMove) })
	r.on(r.canvas, "touchend", func(e js.Value) { r.touch(e, platform.TouchUp) })
	r.on(r.canvas, "touchcancel", func(e js.Value) { r.touch(e, platform.TouchUp) })
	r.frameFn = js.FuncOf(func(_ js.Value, args []js.Value) any {
		now := r.win.Get("performance").Call("now").Float()
		r.frame(now)
		return nil
	})
	r.layout()
	return nil
}

func (r *runner) on(target js.Value, name string, fn func(js.Value)) {
	f := js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) > 0 {
			fn(args[0])
		}
		return nil
	})
	target.Call("addEventListener", name, f, map[string]any{"passive": false})
	r.funcs = append(r.funcs, listener{target, name, f})
}

// listener is an event handler to remove and release when the run ends.
type listener struct {
	target js.Value
	name   string
	fn     js.Func
}

func (r *runner) release() {
	r.stopped = true
	for _, l := range r.funcs {
		l.target.Call("removeEventListener", l.name, l.fn)
		l.fn.Release()
	}
	r.frameFn.Release()
}

func (r *runner) layout() {
	dpr := r.win.Get("devicePixelRatio").Float()
	l := fit(r.cfg.Scale, r.cfg.Width, r.cfg.Height, r.win.Get("innerWidth").Float(), r.win.Get("innerHeight").Float(), dpr)
	x, y, w, h := l.CSSRect()
	st := r.canvas.Get("style")
	st.Set("left", px(x))
	st.Set("top", px(y))
	st.Set("width", px(w))
	st.Set("height", px(h))
}

func (r *runner) toFrame(clientX, clientY float64) (float64, float64) {
	b := r.canvas.Call("getBoundingClientRect")
	return clientToFrame(clientX, clientY, b.Get("left").Float(), b.Get("top").Float(),
		b.Get("width").Float(), b.Get("height").Float(), r.cfg.Width, r.cfg.Height)
}

func (r *runner) key(e js.Value, kind platform.EventKind) {
	k := keyOfCode(e.Get("code").String())
	if k == platform.KeyUnknown || kind == platform.KeyDown && e.Get("repeat").Bool() {
		return
	}
	switch k {
	case platform.KeySpace, platform.KeyArrowUp, platform.KeyArrowDown, platform.KeyArrowLeft, platform.KeyArrowRight, platform.KeyTab:
		e.Call("preventDefault") // keep the page from scrolling
	}
	r.d.Input.Push(platform.Event{Kind: kind, Key: k})
}

func (r *runner) mouse(e js.Value, kind platform.EventKind) {
	x, y := r.toFrame(e.Get("clientX").Float(), e.Get("clientY").Float())
	ev := platform.Event{Kind: kind, Pointer: platform.MousePointer, X: x, Y: y}
	if kind != platform.MouseMove {
		switch e.Get("button").Int() {
		case 0:
			ev.Button = platform.MouseLeft
		case 1:
			ev.Button = platform.MouseMiddle
		case 2:
			ev.Button = platform.MouseRight
		default:
			return
		}
	}
	r.d.Input.Push(ev)
}

func (r *runner) touch(e js.Value, kind platform.EventKind) {
	e.Call("preventDefault")
	ts := e.Get("changedTouches")
	for i := 0; i < ts.Length(); i++ {
		t := ts.Index(i)
		x, y := r.toFrame(t.Get("clientX").Float(), t.Get("clientY").Float())
		r.d.Input.Push(platform.Event{Kind: kind, Pointer: t.Get("identifier").Int(), X: x, Y: y})
	}
}

func (r *runner) schedule() {
	if r.timer {
		r.win.Call("setTimeout", r.frameFn, 16)
	} else {
		r.win.Call("requestAnimationFrame", r.frameFn)
	}
}

// frame runs one frame at time now (ms) and presents it.
func (r *runner) frame(now float64) {
	if r.stopped {
		return
	}
	var dt time.Duration
	if r.started {
		dt = time.Duration((now - r.last) * float64(time.Millisecond))
	}
	r.last, r.started = now, true
	r.pollGamepads()
	if err := r.d.Step(dt); err != nil {
		r.stopped = true
		r.done <- err
		return
	}
	f := r.d.Frame
	opaqueCopy(r.staging, f.Pix)
	js.CopyBytesToJS(r.jsPix, r.staging)
	r.ctx.Call("putImageData", r.imgData, 0, 0)
	r.frames++
	r.doc.Get("body").Call("setAttribute", "data-frames", r.frames)
	r.schedule()
}

func px(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) + "px" }

// pollGamepads reads navigator.getGamepads() (standard mapping only).
func (r *runner) pollGamepads() {
	nav := r.win.Get("navigator")
	if nav.Get("getGamepads").IsUndefined() {
		return
	}
	pads := nav.Call("getGamepads")
	for i := 0; i < platform.MaxGamepads; i++ {
		var p js.Value
		if i < pads.Length() {
			p = pads.Index(i)
		}
		if p.IsUndefined() || p.IsNull() || !p.Get("connected").Bool() || p.Get("mapping").String() != "standard" {
			r.d.Input.SetGamepad(i, platform.RawGamepad{})
			continue
		}
		axes, buttons := p.Get("axes"), p.Get("buttons")
		r.axes, r.values, r.pressed = r.axes[:0], r.values[:0], r.pressed[:0]
		for j := 0; j < axes.Length(); j++ {
			r.axes = append(r.axes, axes.Index(j).Float())
		}
		for j := 0; j < buttons.Length(); j++ {
			b := buttons.Index(j)
			r.values = append(r.values, b.Get("value").Float())
			r.pressed = append(r.pressed, b.Get("pressed").Bool())
		}
		r.d.Input.SetGamepad(i, standardGamepad(r.axes, r.values, r.pressed))
	}
}
