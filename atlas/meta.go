package atlas

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"strconv"
	"strings"
)

// UserData is the text and colour Aseprite lets users attach to layers,
// cels, tags and slices ("data" and "color" in its JSON export).
type UserData struct {
	Text     string
	Color    color.NRGBA
	HasColor bool
}

// BlendMode is an Aseprite layer blend mode; the values are the ones the
// .aseprite file stores.
type BlendMode uint8

// Aseprite's blend modes, in file order.
const (
	BlendNormal BlendMode = iota
	BlendMultiply
	BlendScreen
	BlendOverlay
	BlendDarken
	BlendLighten
	BlendColorDodge
	BlendColorBurn
	BlendHardLight
	BlendSoftLight
	BlendDifference
	BlendExclusion
	BlendHue
	BlendSaturation
	BlendColor
	BlendLuminosity
	BlendAddition
	BlendSubtract
	BlendDivide
)

// blendNames are the names Aseprite's JSON export writes ("blendMode").
var blendNames = [...]string{"normal", "multiply", "screen", "overlay", "darken", "lighten",
	"color_dodge", "color_burn", "hard_light", "soft_light", "difference", "exclusion",
	"hsl_hue", "hsl_saturation", "hsl_color", "hsl_luminosity", "addition", "subtract", "divide"}

// String returns the name Aseprite's JSON export uses.
func (m BlendMode) String() string {
	if int(m) < len(blendNames) {
		return blendNames[m]
	}
	return fmt.Sprintf("BlendMode(%d)", m)
}

// ParseBlendMode reads a blend mode name of Aseprite's JSON export.
func ParseBlendMode(s string) (BlendMode, bool) {
	for i, n := range blendNames {
		if n == s {
			return BlendMode(i), true
		}
	}
	return 0, false
}

// Layer describes one layer of an Aseprite sprite (meta.layers of the JSON
// export, or the layer chunks of a .aseprite file).
type Layer struct {
	Name string
	// Group is the name of the group layer holding this one ("" at the
	// top level).
	Group string
	// IsGroup marks group layers (they hold no pixels). The JSON export
	// does not say so directly: a layer is a group when another layer
	// names it as its group.
	IsGroup bool
	// Opacity is 0..255; BlendMode how the layer's pixels are composited.
	Opacity   int
	BlendMode BlendMode
	// Visible is false for hidden layers (only .aseprite files have
	// them: the JSON export lists the layers it drew).
	Visible  bool
	UserData UserData
}

// Slice is a named area of an Aseprite sprite, possibly with a 9-slice
// centre and a pivot, given by keys that each hold from a frame on.
type Slice struct {
	Name     string
	UserData UserData
	Keys     []SliceKey // in frame order
}

// SliceKey is a slice's shape from frame Frame on.
type SliceKey struct {
	Frame int
	// Bounds is the slice's rectangle in sprite coordinates (empty when
	// the slice is hidden from this frame on).
	Bounds image.Rectangle
	// Center is the 9-slice centre relative to Bounds.Min, when HasCenter.
	Center    image.Rectangle
	HasCenter bool
	// Pivot is relative to Bounds.Min, when HasPivot.
	Pivot    image.Point
	HasPivot bool
}

// KeyAt returns the key in force at frame (the last key starting at or
// before it), or false when the slice does not exist yet or is hidden.
func (s *Slice) KeyAt(frame int) (SliceKey, bool) {
	var k SliceKey
	found := false
	for _, key := range s.Keys {
		if key.Frame <= frame {
			k, found = key, true
		}
	}
	if !found || k.Bounds.Empty() {
		return SliceKey{}, false
	}
	return k, true
}

// Slice returns the slice called name.
func (a *Atlas) Slice(name string) (*Slice, bool) {
	for i := range a.Slices {
		if a.Slices[i].Name == name {
			return &a.Slices[i], true
		}
	}
	return nil, false
}

// MaxMeta bounds the number of layers, slices and keys per slice, and
// animations, of one description.
const MaxMeta = 1 << 14

type jLayer struct {
	Name      *string `json:"name"`
	Group     *string `json:"group"`
	Opacity   *int    `json:"opacity"`
	BlendMode *string `json:"blendMode"`
	Color     *string `json:"color"`
	Data      *string `json:"data"`
}

type jSliceKey struct {
	Frame  *int   `json:"frame"`
	Bounds *jRect `json:"bounds"`
	Center *jRect `json:"center"`
	Pivot  *struct {
		X *int `json:"x"`
		Y *int `json:"y"`
	} `json:"pivot"`
}

type jSlice struct {
	Name  *string     `json:"name"`
	Color *string     `json:"color"`
	Data  *string     `json:"data"`
	Keys  []jSliceKey `json:"keys"`
}

// readUserData reads Aseprite's "color" ("#rrggbbaa") and "data" fields.
func readUserData(col, data *string, field string, ferr func(string, string, ...any) error) (UserData, error) {
	var u UserData
	if data != nil {
		u.Text = *data
	}
	if col != nil {
		c, ok := parseHexColor(*col)
		if !ok {
			return u, ferr(field+".color", "%q is not a #rrggbbaa colour", *col)
		}
		u.Color, u.HasColor = c, true
	}
	return u, nil
}

// parseHexColor reads "#rrggbb" or "#rrggbbaa".
func parseHexColor(s string) (color.NRGBA, bool) {
	if !strings.HasPrefix(s, "#") || (len(s) != 7 && len(s) != 9) {
		return color.NRGBA{}, false
	}
	v, err := strconv.ParseUint(s[1:], 16, 32)
	if err != nil {
		return color.NRGBA{}, false
	}
	if len(s) == 7 {
		v = v<<8 | 0xff
	}
	return color.NRGBA{uint8(v >> 24), uint8(v >> 16), uint8(v >> 8), uint8(v)}, true
}

func readLayers(js []jLayer, ferr func(string, string, ...any) error) ([]Layer, error) {
	if len(js) > MaxMeta {
		return nil, ferr("meta.layers", "%d layers (at most %d)", len(js), MaxMeta)
	}
	out := make([]Layer, 0, len(js))
	for i, jl := range js {
		field := fmt.Sprintf("meta.layers[%d]", i)
		if jl.Name == nil {
			return nil, ferr(field+".name", "missing")
		}
		l := Layer{Name: *jl.Name, Opacity: 255, Visible: true}
		if jl.Group != nil {
			l.Group = *jl.Group
		}
		if jl.Opacity != nil {
			if *jl.Opacity < 0 || *jl.Opacity > 255 {
				return nil, ferr(field+".opacity", "%d out of range 0..255", *jl.Opacity)
			}
			l.Opacity = *jl.Opacity
		}
		if jl.BlendMode != nil {
			m, ok := ParseBlendMode(*jl.BlendMode)
			if !ok {
				return nil, ferr(field+".blendMode", "unknown blend mode %q", *jl.BlendMode)
			}
			l.BlendMode = m
		}
		u, err := readUserData(jl.Color, jl.Data, field, ferr)
		if err != nil {
			return nil, err
		}
		l.UserData = u
		out = append(out, l)
	}
	for i := range out {
		for j := range out {
			if out[j].Group != "" && out[j].Group == out[i].Name {
				out[i].IsGroup = true
				break
			}
		}
	}
	return out, nil
}

func readSlices(js []jSlice, ferr func(string, string, ...any) error) ([]Slice, error) {
	if len(js) > MaxMeta {
		return nil, ferr("meta.slices", "%d slices (at most %d)", len(js), MaxMeta)
	}
	out := make([]Slice, 0, len(js))
	for i, jsl := range js {
		field := fmt.Sprintf("meta.slices[%d]", i)
		if jsl.Name == nil {
			return nil, ferr(field+".name", "missing")
		}
		s := Slice{Name: *jsl.Name}
		u, err := readUserData(jsl.Color, jsl.Data, field, ferr)
		if err != nil {
			return nil, err
		}
		s.UserData = u
		if len(jsl.Keys) > MaxMeta {
			return nil, ferr(field+".keys", "%d keys (at most %d)", len(jsl.Keys), MaxMeta)
		}
		for k, jk := range jsl.Keys {
			kf := fmt.Sprintf("%s.keys[%d]", field, k)
			var key SliceKey
			if jk.Frame == nil || *jk.Frame < 0 || *jk.Frame > MaxSheetFrames {
				return nil, ferr(kf+".frame", "missing or out of range 0..%d", MaxSheetFrames)
			}
			key.Frame = *jk.Frame
			if k > 0 && key.Frame <= s.Keys[k-1].Frame {
				return nil, ferr(kf+".frame", "%d does not follow the previous key's frame %d", key.Frame, s.Keys[k-1].Frame)
			}
			if jk.Bounds == nil {
				return nil, ferr(kf+".bounds", "missing")
			}
			b, err := sliceRect(jk.Bounds, kf+".bounds", true, ferr)
			if err != nil {
				return nil, err
			}
			key.Bounds = b
			if jk.Center != nil {
				c, err := sliceRect(jk.Center, kf+".center", false, ferr)
				if err != nil {
					return nil, err
				}
				if c.Max.X > b.Dx() || c.Max.Y > b.Dy() {
					return nil, ferr(kf+".center", "%v lies outside the %d×%d slice", c, b.Dx(), b.Dy())
				}
				key.Center, key.HasCenter = c, true
			}
			if jk.Pivot != nil {
				if jk.Pivot.X == nil || jk.Pivot.Y == nil {
					return nil, ferr(kf+".pivot", "needs x and y")
				}
				px, py := *jk.Pivot.X, *jk.Pivot.Y
				if px < -maxCoord || px > maxCoord || py < -maxCoord || py > maxCoord {
					return nil, ferr(kf+".pivot", "(%d, %d) out of range", px, py)
				}
				key.Pivot, key.HasPivot = image.Pt(px, py), true
			}
			s.Keys = append(s.Keys, key)
		}
		out = append(out, s)
	}
	return out, nil
}

// maxCoord bounds slice positions (Aseprite's are 32-bit but a sprite is
// at most 65535 pixels wide).
const maxCoord = 1 << 20

// sliceRect reads a slice rectangle: x and y in ±maxCoord, w and h in
// 0..raster.MaxSide (zero allowed for hidden slices and empty centres).
func sliceRect(r *jRect, field string, signed bool, ferr func(string, string, ...any) error) (image.Rectangle, error) {
	lo := 0
	if signed {
		lo = -maxCoord
	}
	for _, c := range []struct {
		v    *int
		name string
		lo   int
		hi   int
	}{{r.X, "x", lo, maxCoord}, {r.Y, "y", lo, maxCoord}, {r.W, "w", 0, maxCoord}, {r.H, "h", 0, maxCoord}} {
		if c.v == nil {
			return image.Rectangle{}, ferr(field+"."+c.name, "missing")
		}
		if *c.v < c.lo || *c.v > c.hi {
			return image.Rectangle{}, ferr(field+"."+c.name, "%d out of range %d..%d", *c.v, c.lo, c.hi)
		}
	}
	return image.Rect(*r.X, *r.Y, *r.X+*r.W, *r.Y+*r.H), nil
}

// DefaultFrameDuration is the duration given to frames of clips whose file
// has none (TexturePacker animations), in milliseconds: Aseprite's
// default frame duration.
const DefaultFrameDuration = 100

// readAnimations reads TexturePacker's top-level "animations" object (the
// PixiJS form: a clip name to a list of frame names), keeping the file's
// order. Each frame plays for its Duration or DefaultFrameDuration.
func readAnimations(raw json.RawMessage, frames []Frame, ferr func(string, string, ...any) error) ([]Clip, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	byName := make(map[string]int, len(frames))
	for i, f := range frames {
		byName[f.Name] = i
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, ferr("animations", "must be an object of frame-name lists")
	}
	var out []Clip
	for dec.More() {
		if len(out) >= MaxMeta {
			return nil, ferr("animations", "more than %d animations", MaxMeta)
		}
		kt, err := dec.Token()
		if err != nil {
			return nil, ferr("animations", "invalid: %v", err)
		}
		name, _ := kt.(string)
		field := "animations[" + strconv.Quote(name) + "]"
		var names []string
		if err := dec.Decode(&names); err != nil {
			return nil, ferr(field, "invalid (want a list of frame names): %v", err)
		}
		if len(names) == 0 {
			return nil, ferr(field, "no frames")
		}
		if len(names) > MaxSheetFrames {
			return nil, ferr(field, "more than %d frames", MaxSheetFrames)
		}
		c := Clip{Name: name, Dir: Forward}
		for k, fn := range names {
			i, ok := byName[fn]
			if !ok {
				return nil, ferr(fmt.Sprintf("%s[%d]", field, k), "no frame called %q", fn)
			}
			d := frames[i].Duration
			if d <= 0 {
				d = DefaultFrameDuration
			}
			c.Frames = append(c.Frames, i)
			c.Durations = append(c.Durations, d)
		}
		out = append(out, c)
	}
	return out, nil
}
