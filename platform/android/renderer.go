//go:build (android || linux) && cgo

package android

import (
	"encoding/binary"
	"fmt"
	"math"

	"golang.org/x/mobile/gl"

	"diorama/platform/internal/viewport"
	"diorama/raster"
)

// renderer owns the GL objects of one context: the program, the quad
// and the frame texture. It builds on Linux too, where the tests run it on
// a real OpenGL ES 2 context.
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

func (r *renderer) paint(ctx gl.Context, f *raster.Frame, vp viewport.Viewport, fbW, fbH int) {
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
