package atlas

import (
	"bytes"
	"diorama/internal/loadutil"
	"encoding/json"
	"fmt"
	"image"
	"io"
	"io/fs"
	"math"
	"path"
	"slices"
	"strconv"
	"strings"

	"diorama/mathx"
	"diorama/raster"
)

// Error is a problem in a sprite sheet description or an Aseprite file,
// the engine's one positioned reader error: the file, the field (Where: a
// JSON path such as frames["hero.png"].frame.w, or a byte offset in an
// Aseprite file), the line when known, and what is wrong. It reads
// "file: field: message". Kind is [ErrSyntax] (not JSON, a key written
// twice), [ErrInvalid] (a value missing or out of range), [ErrLimit] (a
// size or a count over the package's limits), [ErrPath] (an image path
// leaving the file system) or [ErrMissing] (a file that cannot be
// opened), matched with errors.Is.
type Error = loadutil.Error

// Reader error kinds, matched with errors.Is on a sheet or Aseprite
// error; the same values as every other reader's.
var (
	ErrSyntax  = loadutil.ErrSyntax
	ErrInvalid = loadutil.ErrInvalid
	ErrLimit   = loadutil.ErrLimit
	ErrPath    = loadutil.ErrPath
	ErrMissing = loadutil.ErrMissing
)

// Limits on sheet files, checked before anything large is allocated.
const (
	// MaxSheetBytes is the largest JSON description accepted.
	MaxSheetBytes = 64 << 20
	// MaxSheetFrames is the largest number of frames in one description.
	MaxSheetFrames = 1 << 16
	// MaxFrameDuration is the longest frame duration accepted (ms).
	MaxFrameDuration = 1 << 24
)

// Sheet is a parsed TexturePacker or Aseprite JSON description: frames on
// one page image, and (Aseprite) animation clips from frame tags.
type Sheet struct {
	File   string      // the description's name, for errors
	Image  string      // meta.image, the page file relative to the description
	Size   image.Point // meta.size, or zero if absent
	Frames []Frame
	Clips  []Clip
	// Layers and Slices are Aseprite's meta.layers and meta.slices.
	Layers []Layer
	Slices []Slice
	// Related lists the other pages of a PixiJS-style multi-pack
	// (meta.related_multi_packs: descriptions relative to this one).
	// Its "animations" may name frames on those pages, so they become
	// clips only when the pages are joined ([AtlasOf],
	// [LoadTexturePacker]).
	Related []string
	anims   json.RawMessage // animations waiting for the joined frames
}

type jRect struct {
	X *int `json:"x"`
	Y *int `json:"y"`
	W *int `json:"w"`
	H *int `json:"h"`
}

type jPoint struct {
	X *float64 `json:"x"`
	Y *float64 `json:"y"`
}

type jFrame struct {
	Filename         *string `json:"filename"`
	Frame            *jRect  `json:"frame"`
	Rotated          bool    `json:"rotated"`
	Trimmed          bool    `json:"trimmed"`
	SpriteSourceSize *jRect  `json:"spriteSourceSize"`
	SourceSize       *jRect  `json:"sourceSize"`
	Pivot            *jPoint `json:"pivot"`
	Anchor           *jPoint `json:"anchor"`
	Duration         *int    `json:"duration"`
	// Borders is the PixiJS form of a 9-slice (fixed border widths:
	// left, top, right, bottom); Scale9Borders the Phaser form (the
	// centre rectangle x, y, w, h).
	Borders       *jBorders `json:"borders"`
	Scale9Borders *jRect    `json:"scale9Borders"`
}

type jBorders struct {
	Left   *int `json:"left"`
	Top    *int `json:"top"`
	Right  *int `json:"right"`
	Bottom *int `json:"bottom"`
}

type jTag struct {
	Name      *string         `json:"name"`
	From      *int            `json:"from"`
	To        *int            `json:"to"`
	Direction *string         `json:"direction"`
	Repeat    json.RawMessage `json:"repeat"`
	Color     *string         `json:"color"`
	Data      *string         `json:"data"`
}

type jMeta struct {
	Image     string   `json:"image"`
	Size      *jRect   `json:"size"`
	FrameTags []jTag   `json:"frameTags"`
	Layers    []jLayer `json:"layers"`
	Slices    []jSlice `json:"slices"`
	Related   []string `json:"related_multi_packs"`
}

type jSheet struct {
	Frames     json.RawMessage `json:"frames"`
	Animations json.RawMessage `json:"animations"`
	Meta       *jMeta          `json:"meta"`
}

// ParseTexturePacker parses TexturePacker's JSON (hash or array) for one
// page. name (a file's path) names the description in errors. Frames keep
// the file's
// order; rotated frames, trimming, pivots ("pivot" or "anchor") and
// 9-slice borders ("borders" as PixiJS writes them, "scale9Borders" as
// Phaser does; see [Frame.Center]) are read, and the top-level
// "animations" object (clip name to frame names) becomes clips of
// [DefaultFrameDuration] frames. Every rectangle is checked (no negative
// or absurd size, trimmed area inside the source, frame inside meta.size,
// no two frames partly overlapping; identical rectangles are allowed, as
// TexturePacker aliases duplicate sprites). A frame rectangle larger than
// its spriteSourceSize by the same even amount on both axes is inner
// padding or extrusion around the pixels: Rect is then the inner area.
func ParseTexturePacker(name string, data []byte) (*Sheet, error) {
	return parseSheet(data, name, false)
}

// ParseAsepriteJSON parses Aseprite's JSON export (--format json-hash or
// json-array) for one page, named name in errors: frames with their durations in milliseconds
// and meta.frameTags as clips (direction forward, reverse, pingpong or
// pingpong_reverse; repeat as a number or a numeric string, absent or 0
// for forever; tag colour and user data), meta.layers (name, group,
// opacity, blend mode, user data) and meta.slices (keys with bounds,
// 9-slice centre and pivot, user data). Rectangles are checked as for
// [ParseTexturePacker]; exports with inner padding or extrusion load
// too. [ParseAseprite] reads Aseprite's own binary file instead.
func ParseAsepriteJSON(name string, data []byte) (*Sheet, error) {
	return parseSheet(data, name, true)
}

// decodeSheet returns the error constructor for file's fields and
// decodes data, at most MaxSheetBytes of JSON, into v.
func decodeSheet(data []byte, file string, v any) (func(string, string, ...any) error, error) {
	ferr := func(field, format string, a ...any) error {
		return &Error{File: file, Where: field, Msg: fmt.Sprintf(format, a...), Kind: ErrInvalid}
	}
	if len(data) > MaxSheetBytes {
		return ferr, &Error{File: file, Msg: fmt.Sprintf("description is %d bytes (at most %d)", len(data), MaxSheetBytes), Kind: ErrLimit}
	}
	if err := json.Unmarshal(data, v); err != nil {
		return ferr, &Error{File: file, Msg: "invalid JSON", Kind: ErrSyntax, Err: err}
	}
	if path, off, dup := loadutil.DuplicateKey(data); dup {
		line, col := loadutil.LineCol(data, off)
		return ferr, &Error{File: file, Line: line, Col: col, Where: path, Msg: "key written twice in the same object", Kind: ErrSyntax}
	}
	if off, msg, bad := loadutil.JSONText(data); bad {
		line, col := loadutil.LineCol(data, off)
		return ferr, &Error{File: file, Line: line, Col: col, Msg: msg, Kind: ErrSyntax}
	}
	return ferr, nil
}

func parseSheet(data []byte, file string, aseprite bool) (*Sheet, error) {
	var js jSheet
	ferr, err := decodeSheet(data, file, &js)
	if err != nil {
		return nil, err
	}
	if len(js.Frames) == 0 || string(js.Frames) == "null" {
		return nil, ferr("frames", "missing")
	}
	sh := &Sheet{File: file}
	if js.Meta != nil {
		sh.Image = js.Meta.Image
		if js.Meta.Size != nil {
			w, h, err := size(js.Meta.Size, "meta.size", ferr)
			if err != nil {
				return nil, err
			}
			sh.Size = image.Pt(w, h)
		}
	}
	if sh.Frames, err = readFrames(js.Frames, "frames", sh.Size, aseprite, nil, ferr); err != nil {
		return nil, err
	}
	if js.Meta != nil {
		if len(js.Meta.FrameTags) > MaxMeta {
			return nil, ferr("meta.frameTags", "%d tags (at most %d)", len(js.Meta.FrameTags), MaxMeta)
		}
		for t, tag := range js.Meta.FrameTags {
			c, err := readTag(tag, fmt.Sprintf("meta.frameTags[%d]", t), sh.Frames, ferr)
			if err != nil {
				return nil, err
			}
			sh.Clips = append(sh.Clips, c)
		}
		if sh.Layers, err = readLayers(js.Meta.Layers, ferr); err != nil {
			return nil, err
		}
		if sh.Slices, err = readSlices(js.Meta.Slices, ferr); err != nil {
			return nil, err
		}
	}
	if js.Meta != nil && len(js.Meta.Related) > 0 {
		if len(js.Meta.Related) > MaxPages {
			return nil, ferr("meta.related_multi_packs", "%d pages (at most %d)", len(js.Meta.Related), MaxPages)
		}
		sh.Related = js.Meta.Related
		if len(js.Animations) > 0 && string(js.Animations) != "null" {
			sh.anims = js.Animations
		}
		return sh, nil
	}
	anims, err := readAnimations(js.Animations, sh.Frames, ferr)
	if err != nil {
		return nil, err
	}
	sh.Clips = append(sh.Clips, anims...)
	return sh, nil
}

// readFrames decodes and checks the frames at JSON path prefix. seen, when
// not nil, holds names already used (on other pages) and is updated.
func readFrames(raw json.RawMessage, prefix string, page image.Point, aseprite bool, seen map[string]bool, ferr func(string, string, ...any) error) ([]Frame, error) {
	names, frames, err := orderedFrames(raw, prefix, ferr)
	if err != nil {
		return nil, err
	}
	if seen == nil {
		seen = make(map[string]bool, len(frames))
	}
	out := make([]Frame, 0, len(frames))
	for i, jf := range frames {
		field := names[i]
		name := ""
		if strings.HasPrefix(field, prefix+"[\"") {
			name, _ = strconv.Unquote(field[len(prefix)+1 : len(field)-1])
		} else if jf.Filename != nil {
			name = *jf.Filename
		} else {
			return nil, ferr(field+".filename", "missing")
		}
		if seen[name] {
			return nil, ferr(field, "duplicate frame name %q", name)
		}
		seen[name] = true
		f, err := readFrame(name, field, jf, page, aseprite, ferr)
		if err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	if err := checkOverlaps(out, func(i int) string { return names[i] }, ferr); err != nil {
		return nil, err
	}
	return out, nil
}

// orderedFrames decodes "frames" as either an object (hash, keeping key
// order) or an array, returning a field path for each frame.
func orderedFrames(raw json.RawMessage, prefix string, ferr func(string, string, ...any) error) ([]string, []jFrame, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	tok, err := dec.Token()
	if err != nil {
		return nil, nil, ferr(prefix, "invalid: %v", err)
	}
	var names []string
	var frames []jFrame
	switch tok {
	case json.Delim('['):
		for i := 0; dec.More(); i++ {
			if i >= MaxSheetFrames {
				return nil, nil, ferr(prefix, "more than %d frames", MaxSheetFrames)
			}
			var f jFrame
			field := fmt.Sprintf("%s[%d]", prefix, i)
			if err := dec.Decode(&f); err != nil {
				return nil, nil, ferr(field, "invalid: %v", err)
			}
			names = append(names, field)
			frames = append(frames, f)
		}
	case json.Delim('{'):
		for i := 0; dec.More(); i++ {
			if i >= MaxSheetFrames {
				return nil, nil, ferr(prefix, "more than %d frames", MaxSheetFrames)
			}
			kt, err := dec.Token()
			if err != nil {
				return nil, nil, ferr(prefix, "invalid: %v", err)
			}
			key, _ := kt.(string)
			field := prefix + "[" + strconv.Quote(key) + "]"
			var f jFrame
			if err := dec.Decode(&f); err != nil {
				return nil, nil, ferr(field, "invalid: %v", err)
			}
			names = append(names, field)
			frames = append(frames, f)
		}
	default:
		return nil, nil, ferr(prefix, "must be an object (hash) or an array")
	}
	if len(frames) == 0 {
		return nil, nil, ferr(prefix, "no frames")
	}
	return names, frames, nil
}

func size(r *jRect, field string, ferr func(string, string, ...any) error) (int, int, error) {
	return intPair(r.W, r.H, field+".w", field+".h", 1, ferr)
}

func corner(r *jRect, field string, ferr func(string, string, ...any) error) (int, int, error) {
	return intPair(r.X, r.Y, field+".x", field+".y", 0, ferr)
}

// intPair checks that a and b are both present, then that each lies in
// lo..raster.MaxSide, reporting the first failure in that order.
func intPair(a, b *int, fa, fb string, lo int, ferr func(string, string, ...any) error) (int, int, error) {
	if a == nil {
		return 0, 0, ferr(fa, "missing")
	}
	if b == nil {
		return 0, 0, ferr(fb, "missing")
	}
	if *a < lo || *a > raster.MaxSide {
		return 0, 0, ferr(fa, "%d out of range %d..%d", *a, lo, raster.MaxSide)
	}
	if *b < lo || *b > raster.MaxSide {
		return 0, 0, ferr(fb, "%d out of range %d..%d", *b, lo, raster.MaxSide)
	}
	return *a, *b, nil
}

func readFrame(name, field string, jf jFrame, page image.Point, aseprite bool, ferr func(string, string, ...any) error) (Frame, error) {
	f := Frame{Name: name, Rotated: jf.Rotated}
	if jf.Frame == nil {
		return f, ferr(field+".frame", "missing")
	}
	x, y, err := corner(jf.Frame, field+".frame", ferr)
	if err != nil {
		return f, err
	}
	w, h, err := size(jf.Frame, field+".frame", ferr)
	if err != nil {
		return f, err
	}
	f.Size = image.Pt(w, h)
	if f.Rotated {
		f.Rect = image.Rect(x, y, x+h, y+w)
	} else {
		f.Rect = image.Rect(x, y, x+w, y+h)
	}
	if page != (image.Point{}) && !f.Rect.In(image.Rectangle{Max: page}) {
		return f, ferr(field+".frame", "rectangle %v lies outside the %d×%d page (meta.size)", f.Rect, page.X, page.Y)
	}
	pad := 0
	f.Source = f.Size
	if jf.SourceSize != nil {
		sw, sh, err := size(jf.SourceSize, field+".sourceSize", ferr)
		if err != nil {
			return f, err
		}
		f.Source = image.Pt(sw, sh)
	}
	if jf.SpriteSourceSize != nil {
		ox, oy, err := corner(jf.SpriteSourceSize, field+".spriteSourceSize", ferr)
		if err != nil {
			return f, err
		}
		sw, sh, err := size(jf.SpriteSourceSize, field+".spriteSourceSize", ferr)
		if err != nil {
			return f, err
		}
		if sw != w || sh != h {
			// Aseprite's inner padding (and extrusion in some versions)
			// widens the frame rectangle by the same amount on every side.
			dw, dh := w-sw, h-sh
			if dw <= 0 || dw != dh || dw%2 != 0 {
				return f, ferr(field+".spriteSourceSize", "size %d×%d differs from frame size %d×%d (not an even padding on every side)", sw, sh, w, h)
			}
			pad, w, h = dw/2, sw, sh
			f.Size = image.Pt(w, h)
			f.Rect = f.Rect.Inset(pad)
			if jf.SourceSize == nil {
				f.Source = f.Size
			}
		}
		f.Offset = image.Pt(ox, oy)
	}
	if f.Offset.X+w > f.Source.X || f.Offset.Y+h > f.Source.Y {
		return f, ferr(field+".spriteSourceSize", "trimmed area at (%d,%d) size %d×%d exceeds the %d×%d source", f.Offset.X, f.Offset.Y, w, h, f.Source.X, f.Source.Y)
	}
	f.Trimmed = f.Size != f.Source
	if err := readBorders(&f, jf, field, ferr); err != nil {
		return f, err
	}
	pv := jf.Pivot
	pfield := field + ".pivot"
	if pv == nil {
		pv, pfield = jf.Anchor, field+".anchor"
	}
	if pv != nil {
		if pv.X == nil || pv.Y == nil {
			return f, ferr(pfield, "needs x and y")
		}
		if math.Abs(*pv.X) > 1e6 || math.Abs(*pv.Y) > 1e6 {
			return f, ferr(pfield, "(%v, %v) is absurd", *pv.X, *pv.Y)
		}
		f.Pivot, f.HasPivot = mathx.V2(*pv.X, *pv.Y), true
	}
	if jf.Duration != nil {
		if *jf.Duration < 1 || *jf.Duration > MaxFrameDuration {
			return f, ferr(field+".duration", "%d ms out of range 1..%d", *jf.Duration, MaxFrameDuration)
		}
		f.Duration = *jf.Duration
	} else if aseprite {
		return f, ferr(field+".duration", "missing")
	}
	return f, nil
}

// readBorders reads a frame's 9-slice: PixiJS "borders" (fixed widths)
// or Phaser "scale9Borders" (the centre rectangle), both in the original
// (untrimmed) image's coordinates.
func readBorders(f *Frame, jf jFrame, field string, ferr func(string, string, ...any) error) error {
	switch {
	case jf.Borders != nil:
		b := jf.Borders
		if b.Left == nil || b.Top == nil || b.Right == nil || b.Bottom == nil {
			return ferr(field+".borders", "needs left, top, right and bottom")
		}
		l, t, r, bo := *b.Left, *b.Top, *b.Right, *b.Bottom
		if l < 0 || t < 0 || r < 0 || bo < 0 || l+r > f.Source.X || t+bo > f.Source.Y {
			return ferr(field+".borders", "left %d top %d right %d bottom %d do not fit the %d×%d source", l, t, r, bo, f.Source.X, f.Source.Y)
		}
		f.Center, f.HasCenter = image.Rect(l, t, f.Source.X-r, f.Source.Y-bo), true
	case jf.Scale9Borders != nil:
		c, err := sliceRect(jf.Scale9Borders, field+".scale9Borders", false, ferr)
		if err != nil {
			return err
		}
		if c.Max.X > f.Source.X || c.Max.Y > f.Source.Y {
			return ferr(field+".scale9Borders", "centre %v lies outside the %d×%d source", c, f.Source.X, f.Source.Y)
		}
		f.Center, f.HasCenter = c, true
	}
	return nil
}

// checkOverlaps refuses two frames whose page rectangles partly overlap
// (identical rectangles are aliases and allowed).
func checkOverlaps(frames []Frame, field func(int) string, ferr func(string, string, ...any) error) error {
	if first, second, ok := firstOverlap(frames); ok {
		return ferr(field(second)+".frame", "rectangle %v overlaps %s %v", frames[second].Rect, field(first), frames[first].Rect)
	}
	return nil
}

func readTag(tag jTag, field string, frames []Frame, ferr func(string, string, ...any) error) (Clip, error) {
	var c Clip
	if tag.Name == nil {
		return c, ferr(field+".name", "missing")
	}
	c.Name = *tag.Name
	if tag.From == nil || tag.To == nil {
		return c, ferr(field, "needs from and to")
	}
	from, to := *tag.From, *tag.To
	if from < 0 || from >= len(frames) {
		return c, ferr(field+".from", "%d out of range 0..%d", from, len(frames)-1)
	}
	if to < from || to >= len(frames) {
		return c, ferr(field+".to", "%d out of range %d..%d", to, from, len(frames)-1)
	}
	c.Dir = Forward
	if tag.Direction != nil {
		d, ok := ParseDirection(*tag.Direction)
		if !ok {
			return c, ferr(field+".direction", "unknown direction %q", *tag.Direction)
		}
		c.Dir = d
	}
	if len(tag.Repeat) > 0 && string(tag.Repeat) != "null" {
		s := strings.Trim(string(tag.Repeat), "\"")
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 || n > 1<<20 {
			return c, ferr(field+".repeat", "%s is not a count in 0..%d", tag.Repeat, 1<<20)
		}
		c.Repeat = n
	}
	u, err := readUserData(tag.Color, tag.Data, field, ferr)
	if err != nil {
		return c, err
	}
	c.UserData = u
	for i := from; i <= to; i++ {
		c.Frames = append(c.Frames, i)
		d := frames[i].Duration
		if d <= 0 {
			d = 100 // Aseprite's default frame duration
		}
		c.Durations = append(c.Durations, d)
	}
	return c, nil
}

// Atlas turns the sheet into an atlas over its page image, checking every
// frame lies inside the image (and that the image matches meta.size).
func (s *Sheet) Atlas(page image.Image) (*Atlas, error) {
	return s.atlas(page, true)
}

// atlas is [Sheet.Atlas]; anims says whether to resolve the waiting
// animations over this page's frames alone.
func (s *Sheet) atlas(page image.Image, anims bool) (*Atlas, error) {
	if page == nil {
		return nil, &Error{File: s.File, Where: "meta.image", Msg: "page image missing", Kind: ErrInvalid}
	}
	b := page.Bounds()
	if s.Size != (image.Point{}) && b.Size() != s.Size {
		return nil, &Error{File: s.File, Where: "meta.size", Msg: fmt.Sprintf("%d×%d but the image %q is %d×%d", s.Size.X, s.Size.Y, s.Image, b.Dx(), b.Dy()), Kind: ErrInvalid}
	}
	rgba := toRGBA(page)
	for i, f := range s.Frames {
		if !f.Rect.In(rgba.Bounds()) {
			return nil, &Error{File: s.File, Where: fmt.Sprintf("frames %q (#%d).frame", f.Name, i), Msg: fmt.Sprintf("rectangle %v outside the %d×%d image", f.Rect, b.Dx(), b.Dy()), Kind: ErrInvalid}
		}
	}
	a := &Atlas{Pages: []*image.RGBA{rgba}, Frames: slices.Clone(s.Frames), Clips: slices.Clone(s.Clips),
		Layers: slices.Clone(s.Layers), Slices: slices.Clone(s.Slices)}
	if err := a.index(); err != nil {
		return nil, &Error{File: s.File, Where: "frames", Msg: err.Error(), Kind: ErrInvalid}
	}
	if anims {
		if err := a.addAnimations([]*Sheet{s}); err != nil {
			return nil, err
		}
	}
	return a, nil
}

// addAnimations turns the waiting "animations" of sheets into clips over
// the atlas's frames; an animation already defined (by an earlier page)
// is not repeated.
func (a *Atlas) addAnimations(sheets []*Sheet) error {
	for _, sh := range sheets {
		if sh.anims == nil {
			continue
		}
		ferr := func(field, format string, args ...any) error {
			return &Error{File: sh.File, Where: field, Msg: fmt.Sprintf(format, args...), Kind: ErrInvalid}
		}
		clips, err := readAnimations(sh.anims, a.Frames, ferr)
		if err != nil {
			return err
		}
		for _, c := range clips {
			if _, dup := a.Clip(c.Name); !dup {
				a.Clips = append(a.Clips, c)
			}
		}
	}
	return nil
}

// LoadTexturePacker reads the TexturePacker JSON description name in
// fsys and its page image (meta.image, relative to the description). A PixiJS
// multi-pack (meta.related_multi_packs) brings its other pages too, in
// the order listed after this one, with animations resolved over all
// pages.
func LoadTexturePacker(fsys fs.FS, name string) (*Atlas, error) {
	data, err := readLimited(fsys, name)
	if err != nil {
		return nil, err
	}
	first, err := parseSheet(data, name, false)
	if err != nil {
		return nil, err
	}
	if len(first.Related) == 0 {
		img, err := loadPage(fsys, name, first.Image, "meta.image")
		if err != nil {
			return nil, err
		}
		return first.Atlas(img)
	}
	sheets := []*Sheet{first}
	seen := map[string]bool{path.Clean(name): true}
	for i, rel := range first.Related {
		p := path.Join(path.Dir(name), rel)
		if !fs.ValidPath(p) {
			return nil, &Error{File: name, Where: fmt.Sprintf("meta.related_multi_packs[%d]", i), Msg: fmt.Sprintf("%q is not a path inside the sheet's file system", rel), Kind: ErrPath}
		}
		if seen[p] {
			continue
		}
		seen[p] = true
		data, err := readLimited(fsys, p)
		if err != nil {
			return nil, &Error{File: name, Where: fmt.Sprintf("meta.related_multi_packs[%d]", i), Msg: err.Error(), Kind: ErrPath}
		}
		sh, err := parseSheet(data, p, false)
		if err != nil {
			return nil, err
		}
		sheets = append(sheets, sh)
	}
	pages := make([]image.Image, len(sheets))
	for i, sh := range sheets {
		if pages[i], err = loadPage(fsys, sh.File, sh.Image, "meta.image"); err != nil {
			return nil, err
		}
	}
	return AtlasOf(sheets, pages)
}

// LoadAsepriteJSON reads the Aseprite JSON export at path in fsys and
// its page image ([LoadAseprite] reads Aseprite's own binary file).
func LoadAsepriteJSON(fsys fs.FS, path string) (*Atlas, error) {
	return loadSheet(fsys, path, true)
}

func loadSheet(fsys fs.FS, name string, aseprite bool) (*Atlas, error) {
	data, err := readLimited(fsys, name)
	if err != nil {
		return nil, err
	}
	sh, err := parseSheet(data, name, aseprite)
	if err != nil {
		return nil, err
	}
	img, err := loadPage(fsys, name, sh.Image, "meta.image")
	if err != nil {
		return nil, err
	}
	return sh.Atlas(img)
}

// WriteTexturePacker writes the frames on page p in TexturePacker's JSON
// hash format, naming imageName as the page file. Keys come in frame
// order. Clips whose frames all lie on page p are written as the
// format's "animations" (clip name to frame names); their timing travels
// as each frame's Duration, which [LoadTexturePacker] reads back.
func (a *Atlas) WriteTexturePacker(w io.Writer, p int, imageName string) error {
	pg, err := a.page(p)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	buf.WriteString("{\"frames\": {")
	writePageFrames(&buf, a.Frames, p, false)
	buf.WriteString("\n}")
	writeAnimations(&buf, a, p)
	img, _ := json.Marshal(imageName)
	s := pg.Bounds().Size()
	fmt.Fprintf(&buf, ",\n\"meta\": {\"app\": \"diorama atlaspack\", \"version\": \"1.0\", \"image\": %s, \"format\": \"RGBA8888\", \"size\": {\"w\":%d,\"h\":%d}, \"scale\": \"1\"}\n}\n", img, s.X, s.Y)
	_, err = w.Write(buf.Bytes())
	return err
}

// writeAnimations writes the clips of a whose frames are all on page p as
// an "animations" member (nothing when there are none).
func writeAnimations(buf *bytes.Buffer, a *Atlas, p int) {
	first := true
	for _, c := range a.Clips {
		ok := len(c.Frames) > 0
		for _, f := range c.Frames {
			ok = ok && f >= 0 && f < len(a.Frames) && a.Frames[f].Page == p
		}
		if !ok {
			continue
		}
		if first {
			buf.WriteString(",\n\"animations\": {")
		} else {
			buf.WriteByte(',')
		}
		first = false
		name, _ := json.Marshal(c.Name)
		fmt.Fprintf(buf, "\n\t%s: [", name)
		for k, f := range c.Frames {
			if k > 0 {
				buf.WriteString(", ")
			}
			fn, _ := json.Marshal(a.Frames[f].Name)
			buf.Write(fn)
		}
		buf.WriteByte(']')
	}
	if !first {
		buf.WriteString("\n}")
	}
}

// writePageFrames writes the frames on page p, comma-separated, one per
// line, in frame order; filename picks the array form (see writeFrameJSON).
func writePageFrames(buf *bytes.Buffer, frames []Frame, p int, filename bool) {
	first := true
	for _, f := range frames {
		if f.Page != p {
			continue
		}
		if !first {
			buf.WriteByte(',')
		}
		first = false
		buf.WriteString("\n\t")
		writeFrameJSON(buf, f, filename)
	}
}

// writeFrameJSON writes one frame: as a hash member ("name": {...}) or,
// with filename, as an array element ({"filename": "name", ...}).
func writeFrameJSON(buf *bytes.Buffer, f Frame, filename bool) {
	name, _ := json.Marshal(f.Name)
	if filename {
		fmt.Fprintf(buf, "{\"filename\": %s, ", name)
	} else {
		fmt.Fprintf(buf, "%s: {", name)
	}
	fmt.Fprintf(buf, "\"frame\": {\"x\":%d,\"y\":%d,\"w\":%d,\"h\":%d}, \"rotated\": %t, \"trimmed\": %t, "+
		"\"spriteSourceSize\": {\"x\":%d,\"y\":%d,\"w\":%d,\"h\":%d}, \"sourceSize\": {\"w\":%d,\"h\":%d}",
		f.Rect.Min.X, f.Rect.Min.Y, f.Size.X, f.Size.Y, f.Rotated, f.Trimmed,
		f.Offset.X, f.Offset.Y, f.Size.X, f.Size.Y, f.Source.X, f.Source.Y)
	if f.HasPivot {
		fmt.Fprintf(buf, ", \"pivot\": {\"x\":%s,\"y\":%s}", fnum(f.Pivot.X), fnum(f.Pivot.Y))
	}
	if f.HasCenter {
		fmt.Fprintf(buf, ", \"borders\": {\"left\":%d,\"top\":%d,\"right\":%d,\"bottom\":%d}",
			f.Center.Min.X, f.Center.Min.Y, f.Source.X-f.Center.Max.X, f.Source.Y-f.Center.Max.Y)
	}
	if f.Duration > 0 {
		fmt.Fprintf(buf, ", \"duration\": %d", f.Duration)
	}
	buf.WriteByte('}')
}

func fnum(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }
