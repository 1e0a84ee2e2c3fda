package viewer

import (
	"fmt"
	"image"
	"image/color"
	"io/fs"
	"math"
	"path"
	"strings"

	"diorama/iso"
	"diorama/iso/overlay"
	"diorama/level"
	"diorama/mathx"
	"diorama/platform"
	"diorama/raster"
	"diorama/scene"
	"diorama/scene/tiled"
)

// ReloadTicks is how often (in ticks of the 60 Hz loop) the viewer checks
// its files for changes: once a second.
const ReloadTicks = 60

// Viewer is a platform.Game that shows a Tiled map or world; see the
// package documentation for its controls.
type Viewer struct {
	fsys fs.FS
	name string

	maps  []*shown
	files map[string]stamp // every file the shown maps were read from
	err   error            // the last reload's error; nil when current

	center  mathx.Vec2 // camera centre in world-file pixels
	zoom    int
	toggled map[layerKey]bool // layers the user toggled (kept across reloads)
	debug   bool
	tick    uint64
	checked uint64
	reloads int

	dragging   bool
	dragFrom   mathx.Vec2
	pinch      float64 // finger distance at the last zoom step
	frameW     int
	frameH     int
	dl         *raster.DrawList
	font       *raster.Font
	dbg        scene.DebugView // F1
	statusLine string

	missing     []string // images the shown maps lack, drawn as placeholders
	loadMissing []string // those of the last load
}

// shown is one map on screen: its place in the world file, the model, the
// built world and the painter that draws it.
type shown struct {
	file string
	pos  mathx.Vec2 // top-left in world-file pixels
	size mathx.Vec2 // declared size in pixels (0 when unknown)
	m    *tiled.Map
	w    *scene.World
	cam  *iso.Camera
	pt   *iso.Painter
	ov   *overlay.Overlay
	base []bool
}

// layerKey names a layer across reloads: its map file and index.
type layerKey struct {
	file  string
	layer int
}

// stamp is what the viewer remembers of a file to notice a save.
type stamp struct {
	size    int64
	modTime int64
	missing bool
}

// Watcher notices when any of a set of files in an fs.FS is saved (its
// size or modification time changes, or it appears or goes): what a game
// needs to reload a level while it is edited. It reads no file, only
// stats them.
type Watcher struct {
	fsys  fs.FS
	files map[string]stamp
}

// NewWatcher returns a watcher of no files in fsys.
func NewWatcher(fsys fs.FS) *Watcher { return &Watcher{fsys: fsys, files: map[string]stamp{}} }

// Add starts watching the named files (remembering their state now).
func (w *Watcher) Add(names ...string) {
	for _, n := range names {
		if n != "" {
			w.files[n] = stampOf(w.fsys, n)
		}
	}
}

// AddMap watches m's file and every file it was read from: external
// tilesets, templates and images.
func (w *Watcher) AddMap(m *tiled.Map) {
	w.Add(m.File)
	noteMapFiles(m, func(p string) { w.Add(p) })
}

// Changed reports whether a watched file changed since it was added or
// since the last call that reported a change (each save is reported
// once).
func (w *Watcher) Changed() bool {
	changed := false
	for p, s := range w.files {
		if now := stampOf(w.fsys, p); now != s {
			w.files[p] = now
			changed = true
		}
	}
	return changed
}

func stampOf(fsys fs.FS, p string) stamp {
	st, err := fs.Stat(fsys, p)
	if err != nil {
		return stamp{missing: true}
	}
	return stamp{size: st.Size(), modTime: st.ModTime().UnixNano()}
}

// Open loads the Tiled map (.tmx, .tmj, .json) or world (.world) name
// from fsys and returns a viewer showing it, the camera on the middle of
// the first map. Give fsys as an os.Root's FS (os.OpenRoot(dir).FS()) so
// that paths, symbolic links included, cannot leave the folder.
func Open(fsys fs.FS, name string) (*Viewer, error) {
	v := &Viewer{fsys: fsys, name: name, zoom: 1, toggled: map[layerKey]bool{}, dl: raster.NewDrawList(), font: raster.DefaultFont(), dbg: scene.DebugView{Names: true}}
	maps, files, err := v.load()
	if err != nil {
		return nil, err
	}
	v.maps, v.files, v.missing = maps, files, v.loadMissing
	if len(maps) > 0 {
		m := maps[0]
		b := m.w.Grid.Bounds()
		c := mathx.V2(float64(b.Min.X+b.Max.X)/2, float64(b.Min.Y+b.Max.Y)/2)
		v.center = c.Sub(m.w.SourceOrigin).Add(m.pos)
	}
	v.applyToggles()
	return v, nil
}

// Err returns the error of the last reload, or nil when the maps on
// screen are the files' current contents.
func (v *Viewer) Err() error { return v.err }

// Reloads returns how many times the viewer reloaded its files.
func (v *Viewer) Reloads() int { return v.reloads }

// Maps returns how many maps are shown (one for a map, each of a world's).
func (v *Viewer) Maps() int { return len(v.maps) }

// World returns the built world of map i, as level.BuildTiled made it.
func (v *Viewer) World(i int) *scene.World { return v.maps[i].w }

// Center returns the camera centre in world-file pixels (for a single
// map, Tiled's pixel coordinates of the map).
func (v *Viewer) Center() mathx.Vec2 { return v.center }

// SetCenter moves the camera centre to c (world-file pixels).
func (v *Viewer) SetCenter(c mathx.Vec2) { v.center = c }

// Zoom returns the whole-number zoom.
func (v *Viewer) Zoom() int { return v.zoom }

// SetDebug shows or hides the colliders, navmesh and entity overlay.
func (v *Viewer) SetDebug(on bool) { v.debug = on }

// ToggleLayer shows a hidden layer or hides a shown one: layer i of map
// m. The choice survives reloads.
func (v *Viewer) ToggleLayer(m, i int) {
	if m < 0 || m >= len(v.maps) || i < 0 || i >= len(v.maps[m].w.Layers) {
		return
	}
	k := layerKey{v.maps[m].file, i}
	v.toggled[k] = !v.toggled[k]
	v.applyToggles()
}

// applyToggles sets every layer's Hidden from the file and the user's
// toggles.
func (v *Viewer) applyToggles() {
	for _, s := range v.maps {
		for i := range s.w.Layers {
			s.w.Layers[i].Hidden = s.base[i] != v.toggled[layerKey{s.file, i}]
		}
	}
}

// load reads the map or world and builds every map, and returns the
// files read with their stamps.
func (v *Viewer) load() ([]*shown, map[string]stamp, error) {
	v.loadMissing = nil
	files := map[string]stamp{}
	note := func(p string) {
		if p != "" {
			files[p] = v.stampOf(p)
		}
	}
	type entry struct {
		file      string
		pos, size mathx.Vec2
	}
	var entries []entry
	if strings.EqualFold(path.Ext(v.name), ".world") {
		note(v.name)
		wd, err := tiled.LoadWorld(v.fsys, v.name)
		if err != nil {
			return nil, files, err
		}
		for _, m := range wd.Maps {
			entries = append(entries, entry{m.File, mathx.V2(float64(m.X), float64(m.Y)), mathx.V2(float64(m.Width), float64(m.Height))})
		}
		if len(entries) == 0 {
			return nil, files, fmt.Errorf("%s: the world has no maps", v.name)
		}
		if n := int64(len(entries)); n*MapCells > MaxWorldCells {
			return nil, files, fmt.Errorf("%s: %d maps, more than a world's budget holds (%d: each map counts %d of MaxWorldCells, %d, besides its layers and tiles)",
				v.name, n, MaxWorldCells/MapCells, MapCells, MaxWorldCells)
		}
	} else {
		entries = []entry{{file: v.name}}
	}
	var out []*shown
	used := int64(0) // cells of the maps loaded, MapCells each included
	for i, e := range entries {
		note(e.file)
		// Each map is loaded with what is left of the world's budget
		// as its own MaxTotalCells, so that the maps together, not
		// each one, stay within it, refused before they are read.
		left := MaxWorldCells - used - MapCells
		if left < tiled.LayerCells {
			return nil, files, fmt.Errorf("%s: maps[%d] %s: the world's maps exceed %d cells in all (MaxWorldCells: each map counts %d besides its layers and tiles)",
				v.name, i, e.file, MaxWorldCells, MapCells)
		}
		if len(entries) == 1 {
			left = tiled.DefaultLimits.MaxTotalCells // a map alone: its own budget
		}
		m, err := tiled.Loader{Limits: tiled.Limits{MaxTotalCells: min(left, tiled.DefaultLimits.MaxTotalCells)}, Missing: func(err error) { v.loadMissing = append(v.loadMissing, err.Error()) }}.Load(v.fsys, e.file)
		if err != nil {
			if e.file != v.name {
				err = fmt.Errorf("%s: maps[%d] %s: %w", v.name, i, e.file, err)
			}
			return nil, files, err
		}
		used += MapCells + mapCells(m.Layers)
		noteMapFiles(m, note)
		// Forgiving where Tiled is: a missing image is a placeholder,
		// listed on the banner (Missing).
		w, err := level.BuildTiled(v.fsys, m, level.Options{TextFont: raster.SansFont,
			Missing: func(err error) { v.loadMissing = append(v.loadMissing, err.Error()) }})
		if err != nil {
			return nil, files, err
		}
		s := &shown{file: e.file, pos: e.pos, size: e.size, m: m, w: w}
		for _, l := range w.Layers {
			s.base = append(s.base, l.Hidden)
		}
		out = append(out, s)
	}
	return out, files, nil
}

// MaxWorldCells is the budget of the maps a viewer shows together (a
// world's), in the tile cells of tiled.Limits.MaxTotalCells (2^26, the
// budget of one map): every layer's tiles and tiled.LayerCells a layer,
// plus MapCells for each map. A world of more maps than the budget holds
// is refused before any map is read; one whose maps grow past it, at the
// map that does, before that map's tiles are decoded.
const MaxWorldCells = 1 << 26

// MapCells is what one map costs against MaxWorldCells besides its
// layers: the scene.World built from it, some 316 KB for a 2×2 map
// measured (1,000 maps took 316 MiB and 2 s to load and build), the
// price of 65,536 cells. A world shows at most 1,024 maps.
const MapCells = 1 << 16

// mapCells counts layers as tiled.Limits.MaxTotalCells does: their tiles
// and tiled.LayerCells each.
func mapCells(ls []*tiled.Layer) int64 {
	n := int64(0)
	for _, l := range ls {
		n += tiled.LayerCells + int64(len(l.Tiles)) + mapCells(l.Layers)
		for _, c := range l.Chunks {
			n += int64(len(c.Tiles))
		}
	}
	return n
}

// noteMapFiles reports every file m was read from besides itself:
// external tilesets, templates and images.
func noteMapFiles(m *tiled.Map, note func(string)) {
	for _, ts := range m.Tilesets {
		note(ts.Source)
		if ts.Image != nil {
			note(ts.Image.Source)
		}
		for _, t := range ts.Tiles {
			if t.Image != nil {
				note(t.Image.Source)
			}
		}
	}
	var walk func([]*tiled.Layer)
	walk = func(ls []*tiled.Layer) {
		for _, l := range ls {
			if l.Image != nil {
				note(l.Image.Source)
			}
			for _, o := range l.Objects {
				note(o.Template)
			}
			walk(l.Layers)
		}
	}
	walk(m.Layers)
}

func (v *Viewer) stampOf(p string) stamp { return stampOf(v.fsys, p) }

// changed reports whether any file the maps were read from changed.
func (v *Viewer) changed() bool {
	for p, s := range v.files {
		if v.stampOf(p) != s {
			return true
		}
	}
	return false
}

// CheckReload reloads the maps when one of their files changed since
// the last load (Update calls it every ReloadTicks ticks). A failed load
// keeps the maps on screen and is reported by Err until a load succeeds;
// a good one keeps the camera and the layer toggles.
func (v *Viewer) CheckReload() {
	if !v.changed() {
		return
	}
	maps, files, err := v.load()
	// Remember what was read even when it failed, so the same broken
	// save is not loaded again every second, and a fix is noticed.
	for p, s := range files {
		v.files[p] = s
	}
	v.reloads++
	if err != nil {
		v.err = err
		return
	}
	v.maps, v.files, v.err, v.missing = maps, files, nil, v.loadMissing
	v.applyToggles()
}

// Update reads the controls and checks for saved files once a second.
func (v *Viewer) Update(in *platform.Input) error {
	v.tick++
	if v.tick-v.checked >= ReloadTicks {
		v.checked = v.tick
		v.CheckReload()
	}
	if in.KeyPressed(platform.KeyEscape) {
		return platform.ErrQuit
	}
	if in.KeyPressed(platform.KeyF1) {
		v.debug = !v.debug
	}
	if in.KeyPressed(platform.KeyHome) && len(v.maps) > 0 {
		s := v.maps[0]
		b := s.w.Grid.Bounds()
		v.center = mathx.V2(float64(b.Min.X+b.Max.X)/2, float64(b.Min.Y+b.Max.Y)/2).Sub(s.w.SourceOrigin).Add(s.pos)
	}
	for k := 0; k < 10; k++ {
		key := platform.Key1 + platform.Key(k)
		if k == 9 {
			key = platform.Key0
		}
		if in.KeyPressed(key) {
			v.ToggleLayer(v.mapUnderCenter(), k)
		}
	}
	// Pan: keys and the left stick move 8 screen pixels a tick.
	var d mathx.Vec2
	if in.KeyDown(platform.KeyArrowLeft) || in.KeyDown(platform.KeyA) {
		d.X--
	}
	if in.KeyDown(platform.KeyArrowRight) || in.KeyDown(platform.KeyD) {
		d.X++
	}
	if in.KeyDown(platform.KeyArrowUp) || in.KeyDown(platform.KeyW) {
		d.Y--
	}
	if in.KeyDown(platform.KeyArrowDown) || in.KeyDown(platform.KeyS) {
		d.Y++
	}
	pad := in.Gamepad(0)
	d = d.Add(pad.Left)
	v.center = v.center.Add(d.Scale(8 / float64(v.zoom)))
	if pad.Pressed(platform.PadRightBumper) {
		v.setZoom(v.zoom + 1)
	}
	if pad.Pressed(platform.PadLeftBumper) {
		v.setZoom(v.zoom - 1)
	}
	// Zoom: wheel and +/-.
	if _, wy := in.Wheel(); wy > 0 || in.KeyPressed(platform.KeyEqual) {
		v.setZoom(v.zoom + 1)
	} else if wy < 0 || in.KeyPressed(platform.KeyMinus) {
		v.setZoom(v.zoom - 1)
	}
	// Drag with the left button or one finger; pinch with two.
	ms := in.Mouse()
	pos, down := mathx.V2(ms.X, ms.Y), in.MouseDown(platform.MouseLeft)
	ts := in.Touches()
	switch {
	case len(ts) == 1:
		pos, down = mathx.V2(ts[0].X, ts[0].Y), !ts[0].Released
		v.pinch = 0
	case len(ts) >= 2:
		down = false
		dist := math.Hypot(ts[0].X-ts[1].X, ts[0].Y-ts[1].Y)
		if v.pinch <= 0 {
			v.pinch = dist
		} else if dist > v.pinch*1.5 {
			v.setZoom(v.zoom + 1)
			v.pinch = dist
		} else if dist < v.pinch/1.5 {
			v.setZoom(v.zoom - 1)
			v.pinch = dist
		}
	default:
		v.pinch = 0
	}
	if down {
		if v.dragging {
			v.center = v.center.Sub(pos.Sub(v.dragFrom).Scale(1 / float64(v.zoom)))
		}
		v.dragFrom, v.dragging = pos, true
	} else {
		v.dragging = false
	}
	return nil
}

func (v *Viewer) setZoom(z int) { v.zoom = mathx.ClampInt(z, 1, iso.MaxZoom) }

// mapUnderCenter returns the index of the map whose rectangle holds the
// camera centre (the first map when none does).
func (v *Viewer) mapUnderCenter() int {
	for i, s := range v.maps {
		if s.size.X > 0 && s.size.Y > 0 && v.center.X >= s.pos.X && v.center.Y >= s.pos.Y &&
			v.center.X < s.pos.X+s.size.X && v.center.Y < s.pos.Y+s.size.Y {
			return i
		}
	}
	return 0
}

// Draw renders every map under the camera, the debug overlay when on,
// and a status line (or the last reload's error on a red banner).
func (v *Viewer) Draw(f *raster.Frame, alpha float64) {
	f.Clear(color.RGBA{24, 24, 32, 255})
	for _, s := range v.maps {
		if s.cam == nil || v.frameW != f.W() || v.frameH != f.H() {
			s.cam = iso.NewCamera(f.W(), f.H())
			s.pt = iso.NewPainter(s.w.Grid, s.cam)
			s.ov = overlay.New(s.w.Grid, s.cam)
		}
		s.cam.Center = v.center.Sub(s.pos).Add(s.w.SourceOrigin)
		s.cam.SetZoom(v.zoom)
		if bg := s.m.Background; bg.A != 0 {
			// Each map's background colour fills its own bounds, as in
			// Tiled's world view.
			b := s.w.Grid.Bounds()
			p0 := s.cam.MapPixelToScreen(b.Min)
			p1 := s.cam.MapPixelToScreen(b.Max)
			raster.FillRect(f, f.Rect, image.Rect(p0.X, p0.Y, p1.X, p1.Y), color.RGBAModel.Convert(bg).(color.RGBA))
		}
		v.dl.Reset()
		depth, err := s.w.Render(v.dl, s.pt, 1)
		if err != nil {
			v.err = err
		}
		if v.debug {
			v.drawDebug(s, depth)
		}
		v.dl.Draw(f)
	}
	v.frameW, v.frameH = f.W(), f.H()
	v.drawStatus(f)
}

// drawDebug adds the world's debug view of s: navmesh, colliders and
// the entities with their names.
func (v *Viewer) drawDebug(s *shown, depth int64) {
	s.ov.Begin(v.dl, depth)
	v.dbg.Draw(s.w, s.ov)
}

// drawStatus writes the map name, zoom and layer states, or the error.
func (v *Viewer) drawStatus(f *raster.Frame) {
	lh := v.font.LineHeight()
	if v.err != nil {
		msg := v.err.Error()
		r := image.Rect(0, 0, f.W(), 2*lh+8)
		raster.FillRect(f, f.Rect, r, color.RGBA{150, 20, 20, 235})
		v.font.Draw(f, f.Rect, "reload failed, showing the last good map:", 6, 4+v.font.Ascent(), color.RGBA{255, 255, 255, 255})
		v.font.Draw(f, f.Rect, msg, 6, 4+lh+v.font.Ascent(), color.RGBA{255, 230, 200, 255})
		return
	}
	if len(v.missing) > 0 {
		n := min(len(v.missing), 5)
		r := image.Rect(0, 0, f.W(), (n+1)*lh+8)
		raster.FillRect(f, f.Rect, r, color.RGBA{120, 90, 10, 235})
		v.font.Draw(f, f.Rect, fmt.Sprintf("%d missing, drawn as magenta checks:", len(v.missing)), 6, 4+v.font.Ascent(), color.RGBA{255, 255, 255, 255})
		for i, m := range v.missing[:n] {
			v.font.Draw(f, f.Rect, m, 6, 4+(i+1)*lh+v.font.Ascent(), color.RGBA{255, 240, 200, 255})
		}
	}
	if len(v.maps) == 0 {
		return
	}
	s := v.maps[v.mapUnderCenter()]
	var b strings.Builder
	fmt.Fprintf(&b, "%s  x%d  ", s.file, v.zoom)
	for i, l := range s.w.Layers {
		if i >= 10 {
			break
		}
		mark := "+"
		if l.Hidden {
			mark = "-"
		}
		fmt.Fprintf(&b, " %d%s%s", (i+1)%10, mark, l.Name)
	}
	v.statusLine = b.String()
	y := f.H() - lh - 4
	raster.FillRect(f, f.Rect, image.Rect(0, y-2, f.W(), f.H()), color.RGBA{0, 0, 0, 160})
	v.font.Draw(f, f.Rect, v.statusLine, 6, y+v.font.Ascent(), color.RGBA{230, 230, 230, 255})
}

// Missing lists what the shown maps lack (images that could not be read,
// each error naming the file); they are drawn as magenta and black checks
// and listed on a banner.
func (v *Viewer) Missing() []string { return v.missing }

// Status returns the last status line drawn (map, zoom, layer states).
func (v *Viewer) Status() string { return v.statusLine }
