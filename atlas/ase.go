package atlas

import (
	"bytes"
	"compress/zlib"
	"diorama/internal/loadutil"
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"io"
	"io/fs"
	"path"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"diorama/raster"
)

// Limits on .aseprite files, checked before anything large is allocated.
const (
	// MaxAseBytes is the largest .aseprite file accepted.
	MaxAseBytes = 64 << 20
	// MaxAsePixels bounds width × height × frames of a sprite (the
	// composited frames).
	MaxAsePixels = 1 << 24
	// MaxAseDecoded bounds the bytes of all cel and tileset images of a
	// file once decompressed.
	MaxAseDecoded = 1 << 27
	// MaxAseWork bounds the compositing work of a file: the pixels of
	// every cel as drawn on its frame (linked cels count each time they
	// are drawn) plus a frame per separately composited group and frame.
	MaxAseWork = 1 << 28
)

// Aseprite chunk types (docs/ase-file-specs.md).
const (
	chunkOldPalette   = 0x0004
	chunkOldPalette64 = 0x0011
	chunkLayer        = 0x2004
	chunkCel          = 0x2005
	chunkTags         = 0x2018
	chunkPalette      = 0x2019
	chunkUserData     = 0x2020
	chunkSlice        = 0x2022
	chunkTileset      = 0x2023
)

// Layer flags and header flags.
const (
	layerVisible    = 1
	layerBackground = 8
	layerReference  = 64

	headerLayerOpacity = 1
	headerGroupBlend   = 2
	headerLayerUUID    = 4
)

type aseLayer struct {
	Layer
	flags   uint16
	typ     uint16 // 0 image, 1 group, 2 tilemap
	parent  int    // index of the parent group, -1 at the top
	tileset uint32
}

type aseCel struct {
	layer   int
	x, y    int
	opacity uint8
	z       int
	empty   bool // a link to nothing: draws nothing
	w, h    int
	pix     []byte // w*h pixels in the sprite's depth (or tile words)
	tilemap bool
	bits    int // bits per tile
	idMask  uint32
	xMask   uint32
	yMask   uint32
	dMask   uint32
}

type aseTileset struct {
	id      uint32
	n       int
	tw, th  int
	pix     []byte // tw × th*n pixels
	zeroIsE bool   // tile 0 is the empty tile
}

// framePal is a palette in force from a frame on.
type framePal struct {
	frame int
	pal   []color.NRGBA
}

type aseFile struct {
	file      string
	w, h      int
	depth     int // bytes per pixel: 4 RGBA, 2 grayscale, 1 indexed
	flags     uint32
	transp    uint8
	durations []int
	cels      [][]aseCel // per frame
	layers    []aseLayer
	palette   []color.NRGBA // the palette when the sprite has one (see pals)
	pals      []framePal    // palettes in frame order, each differing from the one before
	frameNew  []color.NRGBA // palette chunks of the frame being read
	frameOld  []color.NRGBA
	tags      []Clip
	slices    []Slice
	tilesets  []aseTileset
	decoded   int
	celAt     map[[2]int]int // (frame, layer) → index in cels[frame]
	children  [][]int        // children[p+1]: layers whose parent is p, in order
}

// maxGroupDepth bounds group nesting (each level of composited groups
// holds a frame-sized buffer while drawing).
const maxGroupDepth = 64

// maxLayerFrames bounds layers × frames, the work of compositing besides
// the pixels themselves.
const maxLayerFrames = 1 << 22

// aseReader reads little-endian fields from a chunk, remembering the
// first failure with its absolute byte offset.
type aseReader struct {
	b    []byte
	pos  int
	base int // absolute offset of b[0] in the file
	err  error
	what string
}

func (r *aseReader) fail(format string, a ...any) {
	if r.err == nil {
		r.err = fmt.Errorf("byte offset %d (%s): %s", r.base+r.pos, r.what, fmt.Sprintf(format, a...))
	}
}

func (r *aseReader) take(n int) []byte {
	if r.err != nil {
		return nil
	}
	if n < 0 || n > len(r.b)-r.pos {
		r.fail("truncated: need %d more bytes, %d left", n, len(r.b)-r.pos)
		return nil
	}
	s := r.b[r.pos : r.pos+n]
	r.pos += n
	return s
}

func (r *aseReader) u8() uint8 {
	if s := r.take(1); s != nil {
		return s[0]
	}
	return 0
}

func (r *aseReader) u16() uint16 {
	if s := r.take(2); s != nil {
		return binary.LittleEndian.Uint16(s)
	}
	return 0
}

func (r *aseReader) u32() uint32 {
	if s := r.take(4); s != nil {
		return binary.LittleEndian.Uint32(s)
	}
	return 0
}

func (r *aseReader) i16() int { return int(int16(r.u16())) }
func (r *aseReader) i32() int { return int(int32(r.u32())) }

func (r *aseReader) str() string {
	n := int(r.u16())
	s := r.take(n)
	if s == nil {
		return ""
	}
	if !utf8.Valid(s) {
		r.fail("string is not UTF-8")
		return ""
	}
	for _, c := range string(s) {
		if !loadutil.TextRune(c) {
			r.fail("string holds the character %U", c)
			return ""
		}
	}
	return string(s)
}

func (r *aseReader) rest() []byte { return r.take(len(r.b) - r.pos) }

// ParseAseprite reads an Aseprite .ase/.aseprite file and builds the
// atlas Aseprite's own sprite-sheet export would give (horizontal sheet,
// frames named "title N.ext", or "title.ext" for one frame, untrimmed,
// with their durations; tags as clips; layers and slices), so a game
// needs no export step. name (a file's path) names the data in errors and
// gives the title.
//
// Frames are composited from the visible layers (hidden layers and
// groups, and reference layers, are left out) with cel and layer opacity
// and the layer blend modes, as Aseprite renders them: groups are
// composited separately only when the file says so (header flag 2).
// Indexed sprites are composited in palette indices, as Aseprite draws
// its indexed sheet: each index other than the transparent one replaces
// the one below (opacity and blend modes do not apply), and the
// transparent index is transparent unless a visible background layer
// exists; a palette that changes between frames makes Aseprite's sheet
// RGBA, and then each frame is composited in RGBA with its own palette.
// Linked cels, zlib-compressed cels, tilemaps, z-index, RGBA, grayscale
// and indexed colour (palettes from the new chunk, or the old ones when
// a frame has no new one) are read. Sizes
// are checked against [MaxAsePixels], [MaxAseDecoded] and [MaxAseWork]
// before allocating or compositing; errors give the file, the byte
// offset and what was expected. Cel user data and colour profiles are read but not kept.
func ParseAseprite(name string, data []byte) (*Atlas, error) {
	af, err := decodeAse(data, name)
	if err != nil {
		return nil, err
	}
	return af.atlas()
}

// LoadAseprite reads the .ase/.aseprite file at path in fsys (see
// [ParseAseprite]; [LoadAsepriteJSON] reads Aseprite's JSON export).
func LoadAseprite(fsys fs.FS, path string) (*Atlas, error) {
	f, err := loadutil.Open(fsys, path) // regular files only
	if err != nil {
		return nil, err // an *Error naming the file
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxAseBytes+1))
	if err != nil {
		return nil, &Error{File: path, Msg: "cannot read", Kind: ErrMissing, Err: err}
	}
	return ParseAseprite(path, data)
}

func aseErr(file, field, format string, a ...any) error {
	return &Error{File: file, Where: field, Msg: fmt.Sprintf(format, a...), Kind: ErrInvalid}
}

// aseLimit is aseErr for a size or a count over the package's limits.
func aseLimit(file, field, format string, a ...any) error {
	return &Error{File: file, Where: field, Msg: fmt.Sprintf(format, a...), Kind: ErrLimit}
}

func decodeAse(data []byte, file string) (*aseFile, error) {
	if len(data) > MaxAseBytes {
		return nil, aseLimit(file, "", "file is %d bytes (at most %d)", len(data), MaxAseBytes)
	}
	if len(data) < 128 {
		return nil, aseErr(file, "byte offset 0", "truncated header: %d bytes, want 128", len(data))
	}
	h := &aseReader{b: data[:128], what: "header"}
	size := int(h.u32())
	magic := h.u16()
	nframes := int(h.u16())
	af := &aseFile{file: file, celAt: map[[2]int]int{}}
	af.w, af.h = int(h.u16()), int(h.u16())
	depth := h.u16()
	af.flags = h.u32()
	speed := int(h.u16())
	h.take(8)
	af.transp = h.u8()
	if magic != 0xA5E0 {
		return nil, aseErr(file, "byte offset 4", "magic number %#04x, want 0xa5e0 (not an Aseprite file)", magic)
	}
	if size < 128 || size > len(data) {
		return nil, aseErr(file, "byte offset 0", "file size field %d but the data is %d bytes", size, len(data))
	}
	data = data[:size]
	switch depth {
	case 32:
		af.depth = 4
	case 16:
		af.depth = 2
	case 8:
		af.depth = 1
	default:
		return nil, aseErr(file, "byte offset 12", "colour depth %d, want 32, 16 or 8", depth)
	}
	if nframes < 1 {
		return nil, aseErr(file, "byte offset 6", "no frames")
	}
	if af.w < 1 || af.h < 1 || af.w > raster.MaxSide || af.h > raster.MaxSide {
		return nil, aseLimit(file, "byte offset 8", "size %d×%d out of range 1..%d", af.w, af.h, raster.MaxSide)
	}
	if int64(af.w)*int64(af.h)*int64(nframes) > MaxAsePixels {
		return nil, aseLimit(file, "byte offset 6", "%d frames of %d×%d exceed %d pixels", nframes, af.w, af.h, MaxAsePixels)
	}
	if speed == 0 {
		speed = DefaultFrameDuration
	}
	af.durations = make([]int, nframes)
	af.cels = make([][]aseCel, nframes)
	pos := 128
	for fr := 0; fr < nframes; fr++ {
		fh := &aseReader{b: data[pos:], base: pos, what: fmt.Sprintf("frame %d header", fr)}
		fsize := int(fh.u32())
		fmagic := fh.u16()
		old := int(fh.u16())
		dur := int(fh.u16())
		fh.take(2)
		nnew := int(fh.u32())
		if fh.err != nil {
			return nil, aseErr(file, "", "%v", fh.err)
		}
		if fmagic != 0xF1FA {
			return nil, aseErr(file, fmt.Sprintf("byte offset %d", pos+4), "frame %d magic %#04x, want 0xf1fa", fr, fmagic)
		}
		if fsize < 16 || fsize > len(data)-pos {
			return nil, aseErr(file, fmt.Sprintf("byte offset %d", pos), "frame %d is %d bytes but %d remain", fr, fsize, len(data)-pos)
		}
		n := old
		if nnew != 0 {
			n = nnew
		}
		if dur == 0 {
			dur = speed
		}
		af.durations[fr] = dur
		if err := af.readChunks(data[pos+16:pos+fsize], pos+16, fr, n); err != nil {
			return nil, err
		}
		pos += fsize
	}
	if len(af.layers)*nframes > maxLayerFrames {
		return nil, aseLimit(file, "", "%d layers × %d frames exceed %d", len(af.layers), nframes, maxLayerFrames)
	}
	if len(af.pals) > 0 {
		af.palette = af.pals[0].pal
	}
	if err := af.check(); err != nil {
		return nil, err
	}
	return af, nil
}

// userTarget says which object the next user data chunk belongs to.
type userTarget struct {
	kind  int // 0 none, 1 layer, 2 cel, 3 slice, 4 tags
	index int
}

func (af *aseFile) readChunks(b []byte, base, frame, n int) error {
	var target userTarget
	af.frameNew, af.frameOld = nil, nil
	pos := 0
	for c := 0; c < n; c++ {
		if pos == len(b) {
			break // some writers overstate the count
		}
		cr := &aseReader{b: b[pos:], base: base + pos, what: fmt.Sprintf("frame %d chunk %d header", frame, c)}
		size := int(cr.u32())
		typ := cr.u16()
		if cr.err != nil {
			return aseErr(af.file, "", "%v", cr.err)
		}
		if size < 6 || size > len(b)-pos {
			return aseErr(af.file, fmt.Sprintf("byte offset %d", base+pos), "frame %d chunk %d (type %#04x) is %d bytes, want 6..%d", frame, c, typ, size, len(b)-pos)
		}
		r := &aseReader{b: b[pos+6 : pos+size], base: base + pos + 6, what: fmt.Sprintf("frame %d chunk %#04x", frame, typ)}
		if typ != chunkUserData {
			// User data belongs to the chunk just before it; chunks that
			// keep none (palettes: the sprite's own user data) reset it.
			target = userTarget{}
		}
		af.readChunk(r, typ, frame, &target)
		if r.err != nil {
			return aseErr(af.file, "", "%v", r.err)
		}
		pos += size
	}
	return af.endFramePalette(frame, base+len(b))
}

// readChunk reads one chunk of frame; failures are left in r.err. Chunk
// types not listed (colour profile, external files, cel extra, mask,
// path) carry nothing the atlas keeps and are skipped.
func (af *aseFile) readChunk(r *aseReader, typ uint16, frame int, target *userTarget) {
	switch typ {
	case chunkOldPalette, chunkOldPalette64:
		af.readOldPalette(r, typ)
	case chunkPalette:
		af.readPalette(r)
	case chunkLayer:
		af.readLayer(r, frame, target)
	case chunkCel:
		af.readCel(r, frame, target)
	case chunkTags:
		af.readTags(r, target)
	case chunkUserData:
		af.readUserData(r, target)
	case chunkSlice:
		af.readSlice(r, target)
	case chunkTileset:
		af.readTileset(r)
	}
}

// readOldPalette reads chunk 0x0004 or 0x0011: FLI colour packets
// changing the palette so far (6-bit values for 0x0011).
func (af *aseFile) readOldPalette(r *aseReader, typ uint16) {
	p := af.frameOld
	if p == nil {
		p = slices.Clone(af.curPalette())
	}
	packets := int(r.u16())
	idx := 0
	for k := 0; k < packets && r.err == nil; k++ {
		idx += int(r.u8())
		cnt := int(r.u8())
		if cnt == 0 {
			cnt = 256
		}
		if idx+cnt > 256 {
			r.fail("palette packet %d writes entries %d..%d (at most 255)", k, idx, idx+cnt-1)
			return
		}
		p = growPalette(p, idx+cnt)
		for i := 0; i < cnt && r.err == nil; i++ {
			rgb := r.take(3)
			if rgb == nil {
				return
			}
			c := color.NRGBA{rgb[0], rgb[1], rgb[2], 255}
			if typ == chunkOldPalette64 {
				c.R, c.G, c.B = six(rgb[0]), six(rgb[1]), six(rgb[2])
			}
			p[idx+i] = c
		}
		idx += cnt
	}
	af.frameOld = p
}

// readPalette reads chunk 0x2019: the new palette size and the entries
// it changes.
func (af *aseFile) readPalette(r *aseReader) {
	size, from, to := r.u32(), r.u32(), r.u32()
	r.take(8)
	if r.err != nil {
		return
	}
	if size > 1<<16 || from > to || to >= size {
		r.fail("palette size %d with entries %d..%d (want from <= to < size <= 65536)", size, from, to)
		return
	}
	p := af.frameNew
	if p == nil {
		p = slices.Clone(af.curPalette())
	}
	p = growPalette(p, int(size))[:size]
	for i := from; i <= to && r.err == nil; i++ {
		fl := r.u16()
		rgba := r.take(4)
		if rgba == nil {
			return
		}
		p[i] = color.NRGBA{rgba[0], rgba[1], rgba[2], rgba[3]}
		if fl&1 != 0 {
			r.str()
		}
	}
	af.frameNew = p
}

// readLayer reads chunk 0x2004; the parent group comes from the child
// level (NOTE.1).
func (af *aseFile) readLayer(r *aseReader, frame int, target *userTarget) {
	if frame != 0 {
		r.fail("layer chunk outside the first frame")
		return
	}
	var l aseLayer
	l.flags = r.u16()
	l.typ = r.u16()
	level := int(r.u16())
	r.take(4)
	bm := r.u16()
	l.Opacity = int(r.u8())
	r.take(3)
	l.Name = r.str()
	if l.typ == 2 {
		l.tileset = r.u32()
	}
	if af.flags&headerLayerUUID != 0 {
		r.take(16)
	}
	if r.err != nil {
		return
	}
	if l.typ > 2 {
		r.fail("layer %q has type %d, want 0 (image), 1 (group) or 2 (tilemap)", l.Name, l.typ)
		return
	}
	if bm > uint16(BlendDivide) {
		r.fail("layer %q has blend mode %d, want 0..%d", l.Name, bm, BlendDivide)
		return
	}
	if len(af.layers) >= MaxMeta {
		r.fail("more than %d layers", MaxMeta)
		return
	}
	l.BlendMode = BlendMode(bm)
	l.Visible = l.flags&layerVisible != 0
	l.IsGroup = l.typ == 1
	if af.flags&headerLayerOpacity == 0 || (l.IsGroup && af.flags&headerGroupBlend == 0) {
		l.Opacity = 255 // not stored (NOTE.6)
	}
	if l.IsGroup && af.flags&headerGroupBlend == 0 {
		l.BlendMode = BlendNormal
	}
	// The parent is the last group one level up (NOTE.1).
	l.parent = -1
	if level > maxGroupDepth {
		r.fail("layer %q is nested %d groups deep (at most %d)", l.Name, level, maxGroupDepth)
		return
	}
	if level > 0 {
		p := len(af.layers) - 1
		for p >= 0 && af.depthOf(p) >= level {
			p = af.layers[p].parent
		}
		if p < 0 || af.depthOf(p) != level-1 || !af.layers[p].IsGroup {
			r.fail("layer %q has child level %d but no group one level up precedes it", l.Name, level)
			return
		}
		l.parent = p
		l.Group = af.layers[p].Name
	}
	af.layers = append(af.layers, l)
	*target = userTarget{1, len(af.layers) - 1}
}

// readCel reads chunk 0x2005: raw, linked, compressed or tilemap cels,
// bounded by MaxAseDecoded before inflating.
func (af *aseFile) readCel(r *aseReader, frame int, target *userTarget) {
	var c aseCel
	c.layer = int(r.u16())
	c.x, c.y = r.i16(), r.i16()
	c.opacity = r.u8()
	ct := r.u16()
	c.z = r.i16()
	r.take(5)
	if r.err != nil {
		return
	}
	if c.layer >= len(af.layers) {
		r.fail("cel of layer %d but the file has %d layers", c.layer, len(af.layers))
		return
	}
	switch ct {
	case 0, 2:
		c.w, c.h = int(r.u16()), int(r.u16())
		if r.err != nil {
			return
		}
		if int64(c.w)*int64(c.h)*int64(af.depth) > int64(MaxAseDecoded-af.decoded) {
			r.fail("cel images exceed %d bytes in all", MaxAseDecoded)
			return
		}
		n := c.w * c.h * af.depth
		af.decoded += n
		if ct == 0 {
			c.pix = r.take(n)
		} else {
			c.pix = inflate(r, n)
		}
	case 1:
		// The image of the cel on this layer in an earlier frame
		// (itself already resolved, so links cannot form a cycle); a
		// link to its own frame or a later one is refused (it is the
		// start of a cycle: two cels linked to each other), a link to
		// an earlier frame without a cel on the layer draws nothing,
		// as Aseprite drops such cels.
		link := int(r.u16())
		if r.err != nil {
			return
		}
		if link >= frame {
			what := "a later frame"
			if link == frame {
				what = "its own frame"
			}
			r.fail("cel of layer %d in frame %d links to %s (%d): a linked cel must show a cel of an earlier frame", c.layer, frame, what, link)
			return
		}
		if i, ok := af.celAt[[2]int{link, c.layer}]; ok {
			t := &af.cels[link][i]
			c.empty, c.w, c.h, c.pix, c.tilemap = t.empty, t.w, t.h, t.pix, t.tilemap
			c.bits, c.idMask, c.xMask, c.yMask, c.dMask = t.bits, t.idMask, t.xMask, t.yMask, t.dMask
		} else {
			c.empty = true
		}
	case 3:
		c.tilemap = true
		c.w, c.h = int(r.u16()), int(r.u16())
		c.bits = int(r.u16())
		c.idMask, c.xMask, c.yMask, c.dMask = r.u32(), r.u32(), r.u32(), r.u32()
		r.take(10)
		if r.err != nil {
			return
		}
		if c.bits != 8 && c.bits != 16 && c.bits != 32 {
			r.fail("tilemap with %d bits per tile, want 8, 16 or 32", c.bits)
			return
		}
		if int64(c.w)*int64(c.h)*int64(c.bits/8) > int64(MaxAseDecoded-af.decoded) {
			r.fail("cel images exceed %d bytes in all", MaxAseDecoded)
			return
		}
		n := c.w * c.h * c.bits / 8
		af.decoded += n
		c.pix = inflate(r, n)
	default:
		r.fail("cel type %d, want 0..3", ct)
		return
	}
	if r.err != nil {
		return
	}
	key := [2]int{frame, c.layer}
	if _, dup := af.celAt[key]; dup {
		r.fail("second cel for layer %d in frame %d", c.layer, frame)
		return
	}
	af.celAt[key] = len(af.cels[frame])
	af.cels[frame] = append(af.cels[frame], c)
	*target = userTarget{2, len(af.cels[frame]) - 1}
}

// readTags reads chunk 0x2018; the user data chunks that follow belong
// to the tags in order.
func (af *aseFile) readTags(r *aseReader, target *userTarget) {
	n := int(r.u16())
	r.take(8)
	start := len(af.tags)
	for t := 0; t < n && r.err == nil; t++ {
		from, to := int(r.u16()), int(r.u16())
		dir := r.u8()
		rep := int(r.u16())
		r.take(6)
		rgb := r.take(3)
		r.take(1)
		name := r.str()
		if r.err != nil {
			return
		}
		if from > to || to >= len(af.durations) {
			r.fail("tag %q spans frames %d..%d of %d", name, from, to, len(af.durations))
			return
		}
		if dir > uint8(PingPongReverse) {
			r.fail("tag %q has direction %d, want 0..3", name, dir)
			return
		}
		if len(af.tags) >= MaxMeta {
			r.fail("more than %d tags", MaxMeta)
			return
		}
		c := Clip{Name: name, Dir: Direction(dir), Repeat: rep}
		c.UserData = UserData{Color: color.NRGBA{rgb[0], rgb[1], rgb[2], 255}, HasColor: true}
		for i := from; i <= to; i++ {
			c.Frames = append(c.Frames, i)
		}
		af.tags = append(af.tags, c)
	}
	*target = userTarget{4, start}
}

// readUserData reads chunk 0x2020 for the object read just before it
// (properties maps are skipped).
func (af *aseFile) readUserData(r *aseReader, target *userTarget) {
	fl := r.u32()
	var u UserData
	if fl&1 != 0 {
		u.Text = r.str()
	}
	if fl&2 != 0 {
		if c := r.take(4); c != nil {
			u.Color, u.HasColor = color.NRGBA{c[0], c[1], c[2], c[3]}, true
		}
	}
	r.rest() // properties (flag 4) are not kept
	if r.err != nil {
		return
	}
	switch target.kind {
	case 1:
		af.layers[target.index].UserData = u
		target.kind = 0
	case 2:
		target.kind = 0 // cel user data is not kept
	case 3:
		af.slices[target.index].UserData = u
		target.kind = 0
	case 4:
		if target.index < len(af.tags) {
			af.tags[target.index].UserData = u
			target.index++
		}
	}
}

// readSlice reads chunk 0x2022 and its keys.
func (af *aseFile) readSlice(r *aseReader, target *userTarget) {
	n := int(r.u32())
	fl := r.u32()
	r.u32()
	s := Slice{Name: r.str()}
	if r.err != nil {
		return
	}
	keySize := 20
	if fl&1 != 0 {
		keySize += 16
	}
	if fl&2 != 0 {
		keySize += 8
	}
	if n > (len(r.b)-r.pos)/keySize || n > MaxMeta || len(af.slices) >= MaxMeta {
		r.fail("slice %q claims %d keys, more than the chunk holds", s.Name, n)
		return
	}
	for k := 0; k < n; k++ {
		var key SliceKey
		key.Frame = int(r.u32())
		x, y := r.i32(), r.i32()
		w, h := r.u32(), r.u32()
		if w > maxCoord || h > maxCoord || x < -maxCoord || x > maxCoord || y < -maxCoord || y > maxCoord {
			r.fail("slice %q key %d bounds (%d,%d) %d×%d out of range", s.Name, k, x, y, w, h)
			return
		}
		key.Bounds = image.Rect(x, y, x+int(w), y+int(h))
		if fl&1 != 0 {
			cx, cy := r.i32(), r.i32()
			cw, ch := r.u32(), r.u32()
			if cx < 0 || cy < 0 || cw > maxCoord || ch > maxCoord || cx+int(cw) > int(w) || cy+int(ch) > int(h) {
				r.fail("slice %q key %d centre (%d,%d) %d×%d outside its %d×%d bounds", s.Name, k, cx, cy, cw, ch, w, h)
				return
			}
			key.Center, key.HasCenter = image.Rect(cx, cy, cx+int(cw), cy+int(ch)), true
		}
		if fl&2 != 0 {
			key.Pivot, key.HasPivot = image.Pt(r.i32(), r.i32()), true
		}
		if k > 0 && key.Frame <= s.Keys[k-1].Frame {
			r.fail("slice %q key %d frame %d does not follow %d", s.Name, k, key.Frame, s.Keys[k-1].Frame)
			return
		}
		s.Keys = append(s.Keys, key)
	}
	af.slices = append(af.slices, s)
	*target = userTarget{3, len(af.slices) - 1}
}

// readTileset reads chunk 0x2023 with its tiles stored in the file
// (external tilesets are skipped: their tilemaps fail in check).
func (af *aseFile) readTileset(r *aseReader) {
	var ts aseTileset
	ts.id = r.u32()
	fl := r.u32()
	ts.n = int(r.u32())
	ts.tw, ts.th = int(r.u16()), int(r.u16())
	r.u16()
	r.take(14)
	name := r.str()
	ts.zeroIsE = fl&4 != 0
	if fl&1 != 0 {
		r.take(8)
	}
	if r.err != nil {
		return
	}
	if fl&2 == 0 {
		return // external tilesets cannot be drawn; their tilemaps fail in check
	}
	r.u32() // compressed length: the chunk's end bounds the stream anyway
	if ts.tw < 1 || ts.th < 1 || ts.n < 0 || len(af.tilesets) >= MaxMeta {
		r.fail("tileset %q has %d tiles of %d×%d", name, ts.n, ts.tw, ts.th)
		return
	}
	if int64(ts.tw)*int64(ts.th)*int64(ts.n)*int64(af.depth) > int64(MaxAseDecoded-af.decoded) {
		r.fail("tileset %q images exceed %d bytes", name, MaxAseDecoded)
		return
	}
	n := ts.tw * ts.th * ts.n * af.depth
	af.decoded += n
	ts.pix = inflate(r, n)
	af.tilesets = append(af.tilesets, ts)
}

// indexToRGBA converts an index canvas to straight RGBA with the
// palette, as Aseprite's indexed PNG would give: the transparent index
// is transparent unless a visible background layer exists.
func (af *aseFile) indexToRGBA(dst, index []byte) {
	bg := false
	for _, l := range af.layers {
		if l.flags&layerBackground != 0 && l.Visible {
			bg = true
		}
	}
	for i, k := range index {
		var c [4]byte
		if int(k) < len(af.palette) && (bg || k != af.transp) {
			p := af.palette[k]
			c = [4]byte{p.R, p.G, p.B, p.A}
		}
		copy(dst[4*i:4*i+4], c[:])
	}
}

// curPalette returns the palette in force so far.
func (af *aseFile) curPalette() []color.NRGBA {
	if len(af.pals) == 0 {
		return nil
	}
	return af.pals[len(af.pals)-1].pal
}

// growPalette lengthens p to n entries (new ones opaque black).
func growPalette(p []color.NRGBA, n int) []color.NRGBA {
	for len(p) < n {
		p = append(p, color.NRGBA{A: 255})
	}
	return p
}

// endFramePalette records the palette a frame's chunks set: the new
// chunk's when there is one (the old chunks are then only for old
// readers), else the old chunks'; kept only when it differs from the
// palette before, as Aseprite keeps it.
// Only the first 256 entries are kept (an index is a byte), and they
// count against [MaxAseDecoded].
func (af *aseFile) endFramePalette(frame, end int) error {
	p := af.frameNew
	if p == nil {
		p = af.frameOld
	}
	if p == nil {
		return nil
	}
	p = p[:min(len(p), 256):min(len(p), 256)]
	if len(af.pals) > 0 && slices.Equal(p, af.curPalette()) {
		return nil
	}
	if af.decoded += 4 * len(p); af.decoded > MaxAseDecoded {
		return aseLimit(af.file, fmt.Sprintf("byte offset %d", end), "palettes and images exceed %d bytes in all", MaxAseDecoded)
	}
	af.pals = append(af.pals, framePal{frame, p})
	return nil
}

// paletteAt returns the palette of frame fr (the first one for frames
// before it).
func (af *aseFile) paletteAt(fr int) []color.NRGBA {
	if len(af.pals) == 0 {
		return nil
	}
	i := sort.Search(len(af.pals), func(i int) bool { return af.pals[i].frame > fr })
	return af.pals[max(i-1, 0)].pal
}

func (af *aseFile) depthOf(i int) int {
	d := 0
	for p := af.layers[i].parent; p >= 0; p = af.layers[p].parent {
		d++
	}
	return d
}

// six scales a 6-bit palette value to 8 bits.
func six(v uint8) uint8 {
	v &= 63
	return v<<2 | v>>4
}

// inflate decompresses the rest of r's chunk, which must give exactly n
// bytes (the output is bounded while decoding).
func inflate(r *aseReader, n int) []byte {
	if r.err != nil {
		return nil
	}
	at := r.pos
	zr, err := zlib.NewReader(bytes.NewReader(r.rest()))
	if err != nil {
		r.pos = at
		r.fail("zlib stream: %v", err)
		return nil
	}
	out := make([]byte, n)
	if _, err := io.ReadFull(zr, out); err != nil {
		r.pos = at
		r.fail("zlib stream gives fewer than the %d bytes of the image: %v", n, err)
		return nil
	}
	return out
}

// check verifies what the chunks refer to (tilemap cels have their
// tileset, tilemap layers hold no image cels) and indexes the layer tree.
func (af *aseFile) check() error {
	for fr, cels := range af.cels {
		for _, c := range cels {
			l := &af.layers[c.layer]
			if c.empty {
				continue
			}
			if c.tilemap && (l.typ != 2 || af.tileset(l.tileset) == nil) {
				return aseErr(af.file, fmt.Sprintf("frame %d", fr), "tilemap cel on layer %q without a tileset stored in the file", l.Name)
			}
			if !c.tilemap && l.typ == 2 {
				return aseErr(af.file, fmt.Sprintf("frame %d", fr), "image cel on tilemap layer %q", l.Name)
			}
			if c.tilemap {
				ts := af.tileset(l.tileset)
				if c.w*ts.tw > 1<<20 || c.h*ts.th > 1<<20 {
					return aseErr(af.file, fmt.Sprintf("frame %d", fr), "tilemap on layer %q is %d×%d tiles of %d×%d", l.Name, c.w, c.h, ts.tw, ts.th)
				}
			}
		}
	}
	if af.depth == 1 && len(af.palette) == 0 {
		return aseErr(af.file, "", "indexed sprite without a palette")
	}
	canvas := image.Rect(0, 0, af.w, af.h)
	var work int64
	for _, cels := range af.cels {
		for _, c := range cels {
			if c.empty {
				continue
			}
			w, h := c.w, c.h
			if c.tilemap {
				ts := af.tileset(af.layers[c.layer].tileset)
				w, h = c.w*ts.tw, c.h*ts.th
			}
			r := image.Rect(c.x, c.y, c.x+w, c.y+h).Intersect(canvas)
			work += int64(r.Dx()) * int64(r.Dy())
		}
	}
	if af.flags&headerGroupBlend != 0 {
		for _, l := range af.layers {
			if l.IsGroup {
				work += int64(len(af.cels)) * int64(af.w) * int64(af.h)
			}
		}
	}
	if work > MaxAseWork {
		return aseLimit(af.file, "", "compositing needs %d pixel operations (at most %d)", work, MaxAseWork)
	}
	af.children = make([][]int, len(af.layers)+1)
	for i, l := range af.layers {
		af.children[l.parent+1] = append(af.children[l.parent+1], i)
	}
	return nil
}

// cel returns the cel of layer in frame (an image, or a link already
// resolved to its image), or nil.
func (af *aseFile) cel(layer, frame int) *aseCel {
	i, ok := af.celAt[[2]int{frame, layer}]
	if !ok || af.cels[frame][i].empty {
		return nil
	}
	return &af.cels[frame][i]
}

func (af *aseFile) tileset(id uint32) *aseTileset {
	for i := range af.tilesets {
		if af.tilesets[i].id == id {
			return &af.tilesets[i]
		}
	}
	return nil
}

// title returns the file's base name without its extension, and the
// extension without its dot.
func aseTitle(file string) (string, string) {
	base := path.Base(strings.ReplaceAll(file, "\\", "/"))
	ext := path.Ext(base)
	return strings.TrimSuffix(base, ext), strings.TrimPrefix(ext, ".")
}

// atlas composites every frame onto a page laid out like Aseprite's
// horizontal sheet (wrapped into rows when wider than raster.MaxSide).
func (af *aseFile) atlas() (*Atlas, error) {
	n := len(af.durations)
	cols := min(n, raster.MaxSide/af.w)
	rows := (n + cols - 1) / cols
	if rows*af.h > raster.MaxSide {
		return nil, aseLimit(af.file, "", "%d frames of %d×%d do not fit one %d×%d page", n, af.w, af.h, raster.MaxSide, raster.MaxSide)
	}
	page := image.NewNRGBA(image.Rect(0, 0, cols*af.w, rows*af.h))
	title, ext := aseTitle(af.file)
	a := &Atlas{}
	canvas := make([]byte, 4*af.w*af.h)
	// An indexed sprite with one palette is drawn in indices onto an
	// indexed sheet; with several, Aseprite's sheet is RGBA.
	var index []byte
	if af.depth == 1 && len(af.pals) == 1 {
		index = make([]byte, af.w*af.h)
	}
	for fr := 0; fr < n; fr++ {
		if index != nil {
			for i := range index {
				index[i] = af.transp
			}
			af.renderIndexed(index, -1, fr)
			af.indexToRGBA(canvas, index)
		} else {
			clear(canvas)
			af.render(canvas, -1, fr)
		}
		x, y := (fr%cols)*af.w, (fr/cols)*af.h
		for row := 0; row < af.h; row++ {
			copy(page.Pix[page.PixOffset(x, y+row):], canvas[4*af.w*row:4*af.w*(row+1)])
		}
		name := title + "." + ext
		if n > 1 {
			name = fmt.Sprintf("%s %d.%s", title, fr, ext)
		}
		a.Frames = append(a.Frames, Frame{Name: name, Rect: image.Rect(x, y, x+af.w, y+af.h),
			Size: image.Pt(af.w, af.h), Source: image.Pt(af.w, af.h), Duration: af.durations[fr]})
	}
	for _, t := range af.tags {
		for _, fi := range t.Frames {
			t.Durations = append(t.Durations, af.durations[fi])
		}
		a.Clips = append(a.Clips, t)
	}
	for _, l := range af.layers {
		a.Layers = append(a.Layers, l.Layer)
	}
	a.Slices = af.slices
	a.Pages = []*image.RGBA{toRGBA(page)}
	if err := a.index(); err != nil {
		return nil, aseErr(af.file, "", "%v", err)
	}
	return a, nil
}
