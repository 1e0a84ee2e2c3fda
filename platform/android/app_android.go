//go:build android

package android

import (
	"encoding/binary"
	"fmt"
	"io"
	"log"
	"math"
	"time"

	"golang.org/x/mobile/app"
	"golang.org/x/mobile/asset"
	"golang.org/x/mobile/event/key"
	"golang.org/x/mobile/event/lifecycle"
	"golang.org/x/mobile/event/paint"
	"golang.org/x/mobile/event/size"
	"golang.org/x/mobile/event/touch"
	"golang.org/x/mobile/gl"

	"diorama/platform"
	"diorama/raster"
)

// OpenAsset opens a file packaged in the APK's assets/ folder.
func OpenAsset(name string) (io.ReadSeekCloser, error) {
	f, err := asset.Open(name)
	if err != nil {
		return nil, fmt.Errorf("android: asset %q: %w", name, err)
	}
	return f, nil
}

// Run runs g as the app's main loop and does not return while the app
// lives; a game error is logged and ends the loop. It must be called from
// main.
func Run(g platform.Game, cfg platform.Config) error {
	s, err := NewSession(g, cfg)
	if err != nil {
		return err
	}
	var runErr error
	app.Main(func(a app.App) {
		var glctx gl.Context
		var r renderer
		last := time.Now()
		for e := range a.Events() {
			switch e := a.Filter(e).(type) {
			case lifecycle.Event:
				switch s.Lifecycle(e) {
				case GLCreate:
					glctx, _ = e.DrawContext.(gl.Context)
					if glctx != nil {
						if err := r.create(glctx); err != nil {
							log.Printf("diorama: %v", err)
							glctx = nil
						}
					}
					last = time.Now()
					a.Send(paint.Event{})
				case GLDestroy:
					if glctx != nil {
						r.destroy(glctx)
					}
					glctx = nil
				}
			case size.Event:
				s.Size(e)
			case touch.Event:
				s.Touch(e)
			case key.Event:
				s.Key(e)
			case paint.Event:
				if glctx == nil || e.External {
					continue
				}
				now := time.Now()
				if err := s.Frame(now.Sub(last)); err != nil {
					if !platform.IsQuit(err) {
						runErr = err
						log.Printf("diorama: %v", err)
					}
					return
				}
				last = now
				r.paint(glctx, s.Driver.Frame, s.Viewport(), s.fbW, s.fbH)
				a.Publish()
				a.Send(paint.Event{})
			}
		}
	})
	return runErr
}

// renderer owns the GL objects of one context.
type renderer struct {
	prog    gl.Program
	buf     gl.Buffer
	tex     gl.Texture
	pos     gl.Attrib
	texW    int
	texH    int
	staging []uint8 // tight rows when the frame's stride has padding
}

const vs = `#version 100
attribute vec2 pos;
varying vec2 uv;
void main() {
	uv = vec2((pos.x + 1.0) * 0.5, (1.0 - pos.y) * 0.5);
	gl_Position = vec4(pos, 0.0, 1.0);
}`

const fs = `#version 100
precision mediump float;
varying vec2 uv;
uniform sampler2D frame;
void main() { gl_FragColor = texture2D(frame, uv); }`

func (r *renderer) create(ctx gl.Context) error {
	p, err := program(ctx, vs, fs)
	if err != nil {
		return err
	}
	r.prog = p
	r.pos = ctx.GetAttribLocation(p, "pos")
	r.buf = ctx.CreateBuffer()
	ctx.BindBuffer(gl.ARRAY_BUFFER, r.buf)
	quad := make([]byte, 0, 32)
	for _, v := range []float32{-1, -1, 1, -1, -1, 1, 1, 1} {
		quad = binary.LittleEndian.AppendUint32(quad, math.Float32bits(v))
	}
	ctx.BufferData(gl.ARRAY_BUFFER, quad, gl.STATIC_DRAW)
	r.tex = ctx.CreateTexture()
	ctx.BindTexture(gl.TEXTURE_2D, r.tex)
	ctx.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST)
	ctx.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST)
	ctx.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE)
	ctx.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE)
	r.texW, r.texH = 0, 0 // a new context has no texture storage yet
	ctx.UseProgram(r.prog)
	ctx.Uniform1i(ctx.GetUniformLocation(r.prog, "frame"), 0)
	ctx.Disable(gl.BLEND)
	ctx.ClearColor(0, 0, 0, 1)
	return nil
}

func (r *renderer) destroy(ctx gl.Context) {
	ctx.DeleteTexture(r.tex)
	ctx.DeleteBuffer(r.buf)
	ctx.DeleteProgram(r.prog)
}

func (r *renderer) paint(ctx gl.Context, f *raster.Frame, vp platform.Viewport, fbW, fbH int) {
	ctx.Viewport(0, 0, fbW, fbH)
	ctx.Clear(gl.COLOR_BUFFER_BIT)
	w, h := f.W(), f.H()
	if w == 0 || h == 0 || vp.W == 0 {
		return
	}
	pix := f.Pix[:4*w*h]
	if f.Stride != 4*w {
		if len(r.staging) != 4*w*h {
			r.staging = make([]uint8, 4*w*h)
		}
		for y := 0; y < h; y++ {
			copy(r.staging[4*w*y:4*w*(y+1)], f.Row(y))
		}
		pix = r.staging
	}
	ctx.BindTexture(gl.TEXTURE_2D, r.tex)
	if w != r.texW || h != r.texH {
		ctx.TexImage2D(gl.TEXTURE_2D, 0, gl.RGBA, w, h, gl.RGBA, gl.UNSIGNED_BYTE, nil)
		r.texW, r.texH = w, h
	}
	ctx.TexSubImage2D(gl.TEXTURE_2D, 0, 0, 0, w, h, gl.RGBA, gl.UNSIGNED_BYTE, pix)
	ctx.Viewport(vp.X, fbH-vp.Y-vp.H, vp.W, vp.H)
	ctx.UseProgram(r.prog)
	ctx.BindBuffer(gl.ARRAY_BUFFER, r.buf)
	ctx.EnableVertexAttribArray(r.pos)
	ctx.VertexAttribPointer(r.pos, 2, gl.FLOAT, false, 0, 0)
	ctx.DrawArrays(gl.TRIANGLE_STRIP, 0, 4)
	ctx.DisableVertexAttribArray(r.pos)
}

func program(ctx gl.Context, vsrc, fsrc string) (gl.Program, error) {
	p := ctx.CreateProgram()
	for _, sh := range []struct {
		ty  gl.Enum
		src string
	}{{gl.VERTEX_SHADER, vsrc}, {gl.FRAGMENT_SHADER, fsrc}} {
		s := ctx.CreateShader(sh.ty)
		ctx.ShaderSource(s, sh.src)
		ctx.CompileShader(s)
		if ctx.GetShaderi(s, gl.COMPILE_STATUS) == 0 {
			msg := ctx.GetShaderInfoLog(s)
			ctx.DeleteShader(s)
			return p, fmt.Errorf("android: compile shader: %s", msg)
		}
		ctx.AttachShader(p, s)
		ctx.DeleteShader(s)
	}
	ctx.LinkProgram(p)
	if ctx.GetProgrami(p, gl.LINK_STATUS) == 0 {
		return p, fmt.Errorf("android: link program: %s", ctx.GetProgramInfoLog(p))
	}
	return p, nil
}
