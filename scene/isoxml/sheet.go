package isoxml

import (
	"image"
	"io/fs"
	"strconv"
	"strings"

	"diorama/internal/loadutil"
)

// Sheet is a sprite sheet description in the Sparrow / Starling
// TextureAtlas XML form that Flash-era engines such as IsoMob's (NME)
// read beside their .png: <TextureAtlas imagePath="sheet.png"> with one
// <SubTexture name x y width height [frameX frameY frameWidth
// frameHeight]/> per sprite. IsoMob documents no schema for its sheet
// .xml; this is the common one of its time.
type Sheet struct {
	File   string
	Image  string // the page image, resolved against File
	Frames []SheetFrame
}

// SheetFrame is one <SubTexture>: the sprite's pixels at Rect on the
// page; a trimmed sprite (frameWidth given) sits at Offset inside an
// original image of size Source.
type SheetFrame struct {
	Name   string
	Line   int
	Rect   image.Rectangle
	Offset image.Point
	Source image.Point
}

// maxSheetSide bounds sheet coordinates (raster's largest image side).
const maxSheetSide = 1 << 14

// LoadSheet reads a TextureAtlas XML sprite sheet with DefaultLimits.
func LoadSheet(fsys fs.FS, name string) (*Sheet, error) { return Loader{}.LoadSheet(fsys, name) }

// LoadSheet reads a TextureAtlas XML sprite sheet from fsys: every
// SubTexture needs a unique name and a rectangle of positive size with
// coordinates in 0..16384; frameX and frameY (zero or negative, as
// Starling writes them) and frameWidth and frameHeight must keep the
// rectangle inside the original. Rotated SubTextures are refused. Errors
// are *Error naming the file, line and element.
func (ld Loader) LoadSheet(fsys fs.FS, name string) (*Sheet, error) {
	if err := loadutil.CheckPath(name); err != nil {
		return nil, err
	}
	l := ld.newLoad(fsys)
	root, err := l.readXML(name)
	if err != nil {
		return nil, err
	}
	if root.Name != "TextureAtlas" {
		return nil, errf(ErrInvalid, name, root.Line, "<"+root.Name+">", "root element is not <TextureAtlas>")
	}
	a := newAttrs(name, root, "<TextureAtlas>")
	img := a.str("imagePath", true)
	a.rest()
	if err := a.done(); err != nil {
		return nil, err
	}
	p, err := loadutil.ResolvePath(name, img, strconv.Quote)
	if err != nil {
		return nil, &Error{File: name, Line: root.Line, Where: "<TextureAtlas>", Msg: "bad imagePath", Kind: ErrPath, Err: err}
	}
	sh := &Sheet{File: name, Image: p}
	seen := map[string]bool{}
	for _, n := range root.Kids {
		where := describe(n)
		if n.Name != "SubTexture" {
			return nil, errf(ErrInvalid, name, n.Line, where, "unknown element in <TextureAtlas> (want SubTexture)")
		}
		a := newAttrs(name, n, where)
		f := SheetFrame{Name: a.str("name", true), Line: n.Line}
		coord := func(attr string, required bool, lo int) int {
			v, ok := a.get(attr)
			if !ok {
				if required {
					a.fail(ErrInvalid, "missing attribute %s", attr)
				}
				return 0
			}
			i, err := strconv.Atoi(strings.TrimSpace(v))
			if err != nil {
				a.fail(ErrInvalid, "attribute %s=%q is not an integer", attr, v)
				return 0
			}
			hi := maxSheetSide
			if lo < 0 {
				hi = 0
			}
			if i < lo || i > hi {
				a.fail(ErrInvalid, "attribute %s=%d out of range %d..%d", attr, i, lo, hi)
				return 0
			}
			return i
		}
		x, y := coord("x", true, 0), coord("y", true, 0)
		w, h := coord("width", true, 1), coord("height", true, 1)
		fx, fy := coord("frameX", false, -maxSheetSide), coord("frameY", false, -maxSheetSide)
		fw, fh := coord("frameWidth", false, 1), coord("frameHeight", false, 1)
		if a.boolAttr("rotated", false) {
			a.fail(ErrInvalid, "rotated SubTextures are not supported")
		}
		a.get("pivotX")
		a.get("pivotY")
		if err := a.done(); err != nil {
			return nil, err
		}
		if err := noKids(name, n, where); err != nil {
			return nil, err
		}
		if seen[f.Name] {
			return nil, errf(ErrRef, name, n.Line, where, "SubTexture %q defined twice", f.Name)
		}
		seen[f.Name] = true
		f.Rect = image.Rect(x, y, x+w, y+h)
		f.Offset = image.Pt(-fx, -fy)
		f.Source = image.Pt(w, h)
		if fw > 0 || fh > 0 {
			f.Source = image.Pt(fw, fh)
		}
		if f.Offset.X+w > f.Source.X || f.Offset.Y+h > f.Source.Y {
			return nil, errf(ErrInvalid, name, n.Line, where, "the %d×%d sprite at offset %v does not fit its %d×%d frame", w, h, f.Offset, f.Source.X, f.Source.Y)
		}
		sh.Frames = append(sh.Frames, f)
	}
	return sh, nil
}
