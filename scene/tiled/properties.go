package tiled

import (
	"image/color"
	"strconv"
	"strings"

	"diorama/internal/loadutil"
	"diorama/props"
)

// propType returns the type named s; an unknown name is a string with ok
// false, kept by the caller in props.Property.TypeName.
func propType(s string) (t props.Type, ok bool) {
	if t, ok := props.ParseType(s); ok {
		return t, true
	}
	return props.StringType, false
}

// setScalar sets the value of property p that is neither a class nor a
// list from its text, as both formats write it (an attribute or element
// text in TMX, a JSON string or number): the typed fields from raw and,
// for a file property, the path resolved against file. Errors name file,
// line (0 in JSON) and where: "bad int value", "file property".
func setScalar(p *props.Property, file string, line int, where, raw string) error {
	if err := setValue(p, raw); err != nil {
		return &Error{File: file, Line: line, Where: where, Msg: "bad " + p.Type.String() + " value", Kind: ErrInvalid, Err: err}
	}
	if p.Type == props.FileType && raw != "" {
		fp, err := resolvePath(file, raw)
		if err != nil {
			return &Error{File: file, Line: line, Where: where, Msg: "file property", Kind: ErrPath, Err: err}
		}
		p.Value = fp
	}
	return nil
}

// setValue parses raw according to p.Type into the typed fields. For file
// properties the caller resolves the path afterwards.
func setValue(p *props.Property, raw string) error {
	p.Value = raw
	switch p.Type {
	case props.IntType, props.ObjectType:
		v, err := parseIntish(raw)
		if err != nil {
			return err
		}
		p.Int, p.Float = v, float64(v)
	case props.FloatType:
		v, err := parseFloat(raw)
		if err != nil {
			return err
		}
		p.Float = v
	case props.BoolType:
		switch raw {
		case "true":
			p.Bool = true
		case "false", "":
			p.Bool = false
		default:
			return errorString("not true or false")
		}
	case props.ColorType:
		if raw == "" {
			return nil
		}
		c, err := parseColor(raw)
		if err != nil {
			return err
		}
		p.Color = c
	}
	return nil
}

type errorString string

func (e errorString) Error() string { return string(e) }

// parseIntish accepts an integer, or a float with no fractional part
// (Tiled's JSON writes some ints as 1.0).
func parseIntish(s string) (int64, error) {
	if s == "" {
		return 0, nil
	}
	if v, err := strconv.ParseInt(s, 10, 64); err == nil {
		return v, nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f != float64(int64(f)) || f > 1<<62 || f < -(1<<62) {
		return 0, errorString("not an integer: " + quote(s))
	}
	return int64(f), nil
}

// parseFloat parses a finite float ("" is 0).
func parseFloat(s string) (float64, error) {
	if s == "" {
		return 0, nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f-f != 0 { // NaN or Inf
		return 0, errorString("not a finite number: " + quote(s))
	}
	return f, nil
}

// tiledColor reports whether Tiled reads s as a colour where only the
// trans attribute may leave out the '#': a background, tint or layer
// colour written without it (tintcolor="123456") is no colour to Qt, and
// Tiled opens the map with that colour unset (the layer untinted), as
// the loaders do.
func tiledColor(s string) bool { return strings.HasPrefix(s, "#") }

// parseColor parses #RRGGBB or #AARRGGBB (the '#' is optional, as in
// Tiled's trans attribute).
func parseColor(s string) (color.NRGBA, error) {
	h := strings.TrimPrefix(s, "#")
	if len(h) != 6 && len(h) != 8 {
		return color.NRGBA{}, errorString("not a #RRGGBB or #AARRGGBB colour: " + quote(s))
	}
	v, err := strconv.ParseUint(h, 16, 32)
	if err != nil {
		return color.NRGBA{}, errorString("not a #RRGGBB or #AARRGGBB colour: " + quote(s))
	}
	c := color.NRGBA{R: uint8(v >> 16), G: uint8(v >> 8), B: uint8(v), A: 255}
	if len(h) == 8 {
		c.A = uint8(v >> 24)
	}
	return c, nil
}

// quote quotes a value for a message, cut to 40 bytes.
func quote(s string) string { return loadutil.QuoteShort(s) }
