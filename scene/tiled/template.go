package tiled

import (
	"slices"

	"diorama/internal/loadutil"
	"diorama/props"
)

// template is a loaded object template (.tx or .tj).
type template struct {
	obj      *Object
	tsSource string // resolved path of the template's tileset, "" if none
	tsFirst  uint32 // the template's own firstgid for that tileset
}

func (l *load) loadTemplate(name string) (*template, error) {
	if t, ok := l.tmpl[name]; ok {
		return t, nil
	}
	if len(l.tmpl) >= l.lim.MaxTilesets {
		return nil, errf(ErrLimit, name, 0, "", "more than %d templates", l.lim.MaxTilesets)
	}
	data, err := l.readFile(name)
	if err != nil {
		return nil, err
	}
	t, err := l.parseTemplate(name, data)
	if err != nil {
		return nil, err
	}
	if t.obj.Template != "" {
		return nil, errf(ErrInvalid, name, t.obj.line, "object", "a template's object cannot use a template")
	}
	if t.obj.GID.ID() != 0 && t.tsSource == "" {
		return nil, errf(ErrInvalid, name, t.obj.line, "object", "tile object template without a tileset")
	}
	if t.obj.GID.ID() != 0 && t.obj.GID.ID() < t.tsFirst {
		return nil, errf(ErrGID, name, t.obj.line, "object", "GID %d below the tileset's firstgid %d", t.obj.GID.ID(), t.tsFirst)
	}
	l.tmpl[name] = t
	return t, nil
}

// parseTemplate reads a template file (TX or TJ): its object and the
// tileset a tile object's GID refers to.
func (l *load) parseTemplate(file string, data []byte) (*template, error) {
	root, c, err := l.parseForm(file, data, "template", isJSONName(file))
	if err != nil {
		return nil, err
	}
	t := &template{}
	for _, k := range root.Kids {
		switch k.Name {
		case "tileset":
			t.tsFirst = c.uint32(k, "tileset", "firstgid")
			t.tsSource = c.path(k, "tileset", "source")
			if c.err == nil && t.tsSource == "" {
				return nil, errf(ErrInvalid, file, k.Line, "tileset", "template tileset without source")
			}
		case "object":
			o, err := l.object(c, k, "template")
			if err != nil {
				return nil, err
			}
			t.obj = o
		}
		if c.err != nil {
			return nil, c.err
		}
	}
	if t.obj == nil {
		return nil, errf(ErrInvalid, file, root.Line, "template", "no object")
	}
	return t, nil
}

// applyTemplates replaces every object of m's layers that names a template
// by the template merged with the object's own attributes. Tile object
// templates bring their tileset into the map when it is not there yet.
func (l *load) applyTemplates(m *Map) error {
	var walk func([]*Layer) error
	walk = func(ls []*Layer) error {
		for _, ly := range ls {
			for i, o := range ly.Objects {
				if o.Template == "" {
					continue
				}
				t, err := l.loadTemplate(o.Template)
				if err != nil {
					err = loadutil.Chain(m.File, o.line, ly.Kind.String()+" "+quote(ly.Name)+" > object "+itoa(o.ID)+" template", err)
					if l.forgive(err) {
						continue // the object as written, without its template
					}
					return err
				}
				merged := mergeTemplate(t.obj, o)
				if o.set&setGID == 0 && t.obj.GID.ID() != 0 {
					ts, err := l.mapTileset(m, t.tsSource)
					if err != nil {
						return err
					}
					merged.GID = GID(ts.FirstGID+t.obj.GID.ID()-t.tsFirst) | GID(t.obj.GID.Flags())
				}
				ly.Objects[i] = merged
			}
			if err := walk(ly.Layers); err != nil {
				return err
			}
		}
		return nil
	}
	return walk(m.Layers)
}

// applyTileTemplates applies templates to the collision objects of ts's
// tiles (file is where the tileset is written): a template named there
// must exist like one named on a map layer. A tile object template's
// tile is not carried over (collision shapes are not drawn).
func (l *load) applyTileTemplates(file string, ts *Tileset) error {
	for ti := range ts.Tiles {
		og := ts.Tiles[ti].ObjectGroup
		if og == nil {
			continue
		}
		for i, o := range og.Objects {
			if o.Template == "" {
				continue
			}
			t, err := l.loadTemplate(o.Template)
			if err != nil {
				return loadutil.Chain(file, o.line, "tileset "+quote(ts.Name)+" > tile "+itoa(int(ts.Tiles[ti].ID))+" > object "+itoa(o.ID)+" template", err)
			}
			merged := mergeTemplate(t.obj, o)
			if o.set&setGID == 0 {
				merged.GID = 0
				if merged.Shape == TileShape {
					merged.Shape = Rectangle
				}
			}
			og.Objects[i] = merged
		}
	}
	return nil
}

// mapTileset returns the map's tileset loaded from source, adding it after
// the last tileset when the map does not use it yet.
func (l *load) mapTileset(m *Map, source string) (*Tileset, error) {
	for _, ts := range m.Tilesets {
		if ts.Source == source {
			return ts, nil
		}
	}
	if len(m.Tilesets) >= l.lim.MaxTilesets {
		return nil, errf(ErrLimit, m.File, 0, "tilesets", "more than %d tilesets", l.lim.MaxTilesets)
	}
	next := uint32(1)
	for _, ts := range m.Tilesets {
		if end := ts.FirstGID + ts.span(); end > next {
			next = end
		}
	}
	ts, err := l.external(source, next)
	if err != nil {
		return nil, err
	}
	m.Tilesets = append(m.Tilesets, ts)
	return ts, nil
}

// mergeTemplate returns the template object with the instance's own
// attributes on top: id, position and template always come from the
// instance; the rest only where the instance sets them. Properties merge
// by name, the instance's winning, template order first.
func mergeTemplate(t, o *Object) *Object {
	r := *t
	r.ID, r.X, r.Y, r.Template, r.line = o.ID, o.X, o.Y, o.Template, o.line
	r.Points = slices.Clone(t.Points)
	if t.Text != nil {
		tx := *t.Text
		r.Text = &tx
	}
	if o.set&setName != 0 {
		r.Name = o.Name
	}
	if o.set&setClass != 0 {
		r.Class = o.Class
	}
	if o.set&setWidth != 0 {
		r.Width = o.Width
	}
	if o.set&setHeight != 0 {
		r.Height = o.Height
	}
	if o.set&setRotation != 0 {
		r.Rotation = o.Rotation
	}
	if o.set&setVisible != 0 {
		r.Visible = o.Visible
	}
	if o.set&setOpacity != 0 {
		r.Opacity = o.Opacity
	}
	if o.set&setGID != 0 {
		r.GID = o.GID
		if o.GID.ID() != 0 {
			r.Shape = TileShape
		}
	}
	if o.set&setShape != 0 {
		r.Shape, r.Points, r.Text = o.Shape, o.Points, o.Text
	}
	r.Properties = slices.Clone(t.Properties)
	for _, p := range o.Properties {
		if i := slices.IndexFunc(r.Properties, func(q props.Property) bool { return q.Name == p.Name }); i >= 0 {
			r.Properties[i] = p
		} else {
			r.Properties = append(r.Properties, p)
		}
	}
	r.set = t.set | o.set
	return &r
}
