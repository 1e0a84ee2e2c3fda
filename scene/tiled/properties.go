package tiled

import (
	"image/color"
	"strconv"
	"strings"

	"diorama/internal/loadutil"
)

// PropertyType is the type of a custom property.
type PropertyType uint8

// Property types (Tiled's "type" attribute; string is the default).
const (
	StringProp PropertyType = iota
	IntProp
	FloatProp
	BoolProp
	ColorProp
	FileProp
	ObjectProp
	ClassProp
	ListProp // Tiled 1.12: a list of values, in Property.Items
)

var propTypeNames = [...]string{"string", "int", "float", "bool", "color", "file", "object", "class", "list"}

// String returns Tiled's name for the type.
func (t PropertyType) String() string {
	if int(t) < len(propTypeNames) {
		return propTypeNames[t]
	}
	return "type(" + itoa(int(t)) + ")"
}

// propType returns the type named s; an unknown name is StringProp with
// ok false, kept by the caller in Property.TypeName.
func propType(s string) (t PropertyType, ok bool) {
	if t, ok := parsePropType(s); ok {
		return t, true
	}
	return StringProp, false
}

func parsePropType(s string) (PropertyType, bool) {
	if s == "" {
		return StringProp, true
	}
	for i, n := range propTypeNames {
		if n == s {
			return PropertyType(i), true
		}
	}
	return 0, false
}

// Property is one custom property. Value is the text as written; the typed
// field matching Type holds the parsed value.
type Property struct {
	Name string
	Type PropertyType
	// CustomType is the propertytype attribute: the name of a custom class
	// or enum type, when set.
	CustomType string
	// Value is the raw value (for a file property: the resolved fs path).
	Value string
	Int   int64       // IntProp and ObjectProp (object ID; 0 means none)
	Float float64     // FloatProp (also set for IntProp)
	Bool  bool        // BoolProp
	Color color.NRGBA // ColorProp (zero when the value is empty)
	// Members are the values of a class property.
	Members Properties
	// Items are the values of a list property, in order; an item has no
	// Name and may itself be a class or a list.
	Items Properties
	// TypeName is the type as written when this loader does not know it
	// (a type from a newer Tiled): the property is kept as a string
	// holding the raw value, so the map still loads.
	TypeName string
}

// Properties is an ordered list of properties, in file order.
type Properties []Property

// Get returns the property with the given name.
func (ps Properties) Get(name string) (*Property, bool) {
	for i := range ps {
		if ps[i].Name == name {
			return &ps[i], true
		}
	}
	return nil, false
}

// String returns the raw value of property name, or def.
func (ps Properties) String(name, def string) string {
	if p, ok := ps.Get(name); ok {
		return p.Value
	}
	return def
}

// Int returns the integer value of an int or object property, or def.
func (ps Properties) Int(name string, def int64) int64 {
	if p, ok := ps.Get(name); ok && (p.Type == IntProp || p.Type == ObjectProp) {
		return p.Int
	}
	return def
}

// Float returns the value of a float or int property, or def.
func (ps Properties) Float(name string, def float64) float64 {
	if p, ok := ps.Get(name); ok && (p.Type == FloatProp || p.Type == IntProp) {
		return p.Float
	}
	return def
}

// Bool returns the value of a bool property, or def.
func (ps Properties) Bool(name string, def bool) bool {
	if p, ok := ps.Get(name); ok && p.Type == BoolProp {
		return p.Bool
	}
	return def
}

// Color returns the value of a color property, or def.
func (ps Properties) Color(name string, def color.NRGBA) color.NRGBA {
	if p, ok := ps.Get(name); ok && p.Type == ColorProp {
		return p.Color
	}
	return def
}

// setScalar sets the value of a property that is neither a class nor a
// list from its text, as both formats write it (an attribute or element
// text in TMX, a JSON string or number): the typed fields from raw and,
// for a file property, the path resolved against file. Errors name file,
// line (0 in JSON) and where: "bad int value", "file property".
func (p *Property) setScalar(file string, line int, where, raw string) error {
	if err := p.setValue(raw); err != nil {
		return &Error{File: file, Line: line, Where: where, Msg: "bad " + p.Type.String() + " value", Kind: ErrInvalid, Err: err}
	}
	if p.Type == FileProp && raw != "" {
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
func (p *Property) setValue(raw string) error {
	p.Value = raw
	switch p.Type {
	case IntProp, ObjectProp:
		v, err := parseIntish(raw)
		if err != nil {
			return err
		}
		p.Int, p.Float = v, float64(v)
	case FloatProp:
		v, err := parseFloat(raw)
		if err != nil {
			return err
		}
		p.Float = v
	case BoolProp:
		switch raw {
		case "true":
			p.Bool = true
		case "false", "":
			p.Bool = false
		default:
			return errorString("not true or false")
		}
	case ColorProp:
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
