package scene

import (
	"errors"
	"fmt"
	"math"

	"diorama/ai/nav"
	"diorama/mathx"
)

// NavOptions configure a world's navigation (Navigator.SetOptions).
type NavOptions struct {
	// Radius is the clearance movers keep from walls and solid objects,
	// in world units (default 0.25: a one-tile corridor stays open).
	Radius float64
	// Sub cuts each tile into Sub×Sub navigation cells (1..8, default 4),
	// so clearance is rounded up to 1/Sub tile.
	Sub int
	// MaxCells bounds the navigation cells (tiles × Sub²), checked before
	// they are allocated (default DefaultNavCells; builders set it from
	// level.Options.Limits.NavCells).
	MaxCells int
}

// DefaultNavCells is the navigation budget when none is given: 16 Mi
// cells (a 1024×1024-tile world at Sub 4).
const DefaultNavCells = 1 << 24

func (o NavOptions) withDefaults() NavOptions {
	if o.Radius == 0 {
		o.Radius = 0.25
	}
	if o.Sub == 0 {
		o.Sub = 4
	}
	if o.MaxCells <= 0 {
		o.MaxCells = DefaultNavCells
	}
	return o
}

// Navigation is a world's walkable floor: its tiles (walls and solid
// objects blocked), the navmesh built from them and a searcher. It comes
// from the same source as the physics: the world's walls when it is first
// asked for, and then every solid object as it is created, removed or
// switched (World.SetSolid), so a door, crate or barricade is one call
// that changes physics, navigation and drawing together.
type Navigation struct {
	tiles    *nav.TileMap
	mesh     *nav.Mesh
	search   *nav.Searcher
	blocks   []uint16 // per tile: solid objects covering it
	version  uint64
	corridor []int
	portals  [][2]mathx.Vec2
}

// ErrNoNav is returned when a world has no walkable floor to navigate.
var ErrNoNav = errors.New("scene: the world has no navigation (no walkable floor)")

// setNavOptions is Navigator.SetOptions.
func (w *World) setNavOptions(o NavOptions) error {
	o = o.withDefaults()
	if !(o.Radius >= 0) || o.Radius > 8 || o.Sub < 1 || o.Sub > 8 {
		return fmt.Errorf("scene: NavOptions radius %v or sub %d out of range", o.Radius, o.Sub)
	}
	w.navOpt, w.nav, w.navErr = o, nil, nil
	return nil
}

// navigation is Navigator.Floor.
func (w *World) navigation() (*Navigation, error) {
	if w.nav != nil || w.navErr != nil {
		return w.nav, w.navErr
	}
	w.nav, w.navErr = w.buildNav()
	return w.nav, w.navErr
}

func (w *World) buildNav() (*Navigation, error) {
	o := w.navOpt.withDefaults()
	b := w.bounds
	cols, rows := int(math.Ceil(b.Max.X)), int(math.Ceil(b.Max.Y))
	if cells := int64(cols) * int64(rows) * int64(o.Sub*o.Sub); cells > int64(o.MaxCells) {
		return nil, fmt.Errorf("scene: navigation of %d×%d tiles at %d cells a tile is %d cells, over the limit of %d (raise level.Options.Limits.NavCells or NavOptions.MaxCells)",
			cols, rows, o.Sub*o.Sub, cells, o.MaxCells)
	}
	tm, err := nav.NewTileMap(cols, rows)
	if err != nil {
		return nil, fmt.Errorf("scene: navigation: %w", err)
	}
	for k := range w.Phys.WallCount() {
		r := tileRect(w.Phys.Wall(k), cols, rows)
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				tm.Set(x, y, nav.Wall)
			}
		}
	}
	n := &Navigation{tiles: tm, search: nav.NewSearcher(), blocks: make([]uint16, cols*rows)}
	// Solid objects are blocked at run time, so removing one frees its
	// tiles again.
	m, err := nav.Build(tm, nav.MeshOptions{Radius: o.Radius, Sub: o.Sub, Method: nav.Greedy})
	if err != nil {
		return nil, fmt.Errorf("scene: navigation: %w", err)
	}
	n.mesh = m
	for i, st := range w.state {
		if st == stLive && w.solid[i] {
			n.block(w.solidRect(i, n), true)
			w.navBlock[i] = true
		}
	}
	return n, nil
}

// tileRect returns the tiles a box overlaps (by more than a sliver),
// clipped to cols×rows.
func tileRect(b mathx.AABB, cols, rows int) mathx.Rect {
	const eps = 1e-3
	return mathx.Rect{
		Min: mathx.Point{X: max(int(math.Floor(b.Min.X+eps)), 0), Y: max(int(math.Floor(b.Min.Y+eps)), 0)},
		Max: mathx.Point{X: min(int(math.Ceil(b.Max.X-eps)), cols), Y: min(int(math.Ceil(b.Max.Y-eps)), rows)},
	}
}

// block adds (or removes) one solid object's cover of r, blocking the
// tiles that become covered and freeing those no object covers any more.
func (n *Navigation) block(r mathx.Rect, on bool) {
	changed := false
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			k := y*n.tiles.W + x
			if on {
				n.blocks[k]++
				if n.blocks[k] == 1 {
					n.mesh.Block(mathx.Rect{Min: mathx.Point{X: x, Y: y}, Max: mathx.Point{X: x + 1, Y: y + 1}})
					changed = true
				}
			} else if n.blocks[k] > 0 {
				n.blocks[k]--
				if n.blocks[k] == 0 {
					n.mesh.Unblock(mathx.Rect{Min: mathx.Point{X: x, Y: y}, Max: mathx.Point{X: x + 1, Y: y + 1}})
					changed = true
				}
			}
		}
	}
	if changed {
		n.version++
	}
}

// Version counts the changes to the navigation; a path planned at an
// older version may cross something placed since.
func (n *Navigation) Version() uint64 { return n.version }

// Mesh returns the navmesh (for drawing and for searches of one's own).
func (n *Navigation) Mesh() *nav.Mesh { return n.mesh }

// Blocked reports whether tile (x, y) is a wall or under a solid object.
func (n *Navigation) Blocked(x, y int) bool {
	if x < 0 || y < 0 || x >= n.tiles.W || y >= n.tiles.H {
		return true
	}
	return n.tiles.At(x, y) == nav.Wall || n.blocks[y*n.tiles.W+x] > 0
}

// Path appends to dst[:0] the shortest path (funnelled through the
// navmesh) from one world point to another, keeping the navigation's
// clearance. A start or goal off the walkable floor is moved to the
// nearest walkable point first.
func (n *Navigation) Path(from, to mathx.Vec2, dst []mathx.Vec2) ([]mathx.Vec2, error) {
	m := n.mesh
	from, to = n.OnFloor(from), n.OnFloor(to)
	var err error
	n.corridor, _, err = m.FindPath(n.search, from, to, n.corridor)
	if err != nil {
		return dst[:0], err
	}
	n.portals, err = m.Portals(from, to, n.corridor, n.portals)
	if err != nil {
		return dst[:0], err
	}
	return nav.Funnel(n.portals, dst[:0]), nil
}

// Walkable reports whether a mover can stand at p: on the navmesh, with
// the navigation's clearance from walls. It has the signature of
// tactics.Accessible.
func (n *Navigation) Walkable(p mathx.Vec2) bool { return n.mesh.PolyAt(p) >= 0 }

// OnFloor returns p when a mover can stand there, else the nearest point
// where it can (p itself when there is none: an empty mesh, a point
// that is not finite).
func (n *Navigation) OnFloor(p mathx.Vec2) mathx.Vec2 {
	if n.mesh.PolyAt(p) < 0 {
		if k, q := n.mesh.Nearest(p); k >= 0 {
			return q
		}
	}
	return p
}

// Reachable reports whether a mover can walk from one point to another
// (each moved onto the floor first, as Path does) through the navigation
// as it is now: a shut door or a barricade across the only way makes it
// false. It plans no path and allocates nothing.
func (n *Navigation) Reachable(from, to mathx.Vec2) bool {
	var err error
	n.corridor, _, err = n.mesh.FindPath(n.search, n.OnFloor(from), n.OnFloor(to), n.corridor)
	return err == nil && len(n.corridor) > 0
}

// Clear reports whether a mover can walk straight from a to b.
func (n *Navigation) Clear(a, b mathx.Vec2) bool { return n.mesh.Clear(a, b) }
