package viewer

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"diorama/level"
)

// tinyMaps writes a 4-tile tileset (tall opaque tiles) and small infinite
// maps in three orientations to a temporary folder: chunks at negative and
// positive coordinates, a layer offset.
func tinyMaps(t *testing.T) (string, map[string]image.Point) {
	t.Helper()
	dir := t.TempDir()
	ts := image.NewNRGBA(image.Rect(0, 0, 64, 32))
	cols := []color.NRGBA{{200, 40, 40, 255}, {40, 200, 40, 255}, {40, 40, 200, 255}, {230, 230, 30, 255}}
	for k, c := range cols {
		draw.Draw(ts, image.Rect(k*16, 0, k*16+16, 32), &image.Uniform{c}, image.Point{}, draw.Src)
		ts.SetNRGBA(k*16+3, 5, color.NRGBA{0, 0, 0, 255})
	}
	f, err := os.Create(filepath.Join(dir, "tiles.png"))
	if err != nil {
		t.Fatal(err)
	}
	png.Encode(f, ts)
	f.Close()
	chunk := func(x, y int) string {
		s := fmt.Sprintf(`<chunk x="%d" y="%d" width="16" height="16">`, x, y)
		for r := 0; r < 16; r++ {
			for c := 0; c < 16; c++ {
				if r > 0 || c > 0 {
					s += ","
				}
				v := 0
				if (r*7+c*3+x+y)%5 != 0 {
					v = 1 + (r+c+x)%4&3
				}
				s += fmt.Sprint(v)
			}
		}
		return s + "</chunk>"
	}
	want := map[string]image.Point{}
	for _, o := range []struct{ name, orient, extra string }{
		{"ortho", "orthogonal", ""},
		{"iso", "isometric", ""},
		{"stag", "staggered", ` staggeraxis="y" staggerindex="odd"`},
	} {
		tw, th := 16, 16
		if o.orient != "orthogonal" {
			th = 8
		}
		m := fmt.Sprintf(`<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="%s"%s renderorder="right-down" width="10" height="10" tilewidth="%d" tileheight="%d" infinite="1" nextlayerid="3" nextobjectid="1">
 <tileset firstgid="1" name="t" tilewidth="16" tileheight="32" tilecount="4" columns="4"><image source="tiles.png" width="64" height="32"/></tileset>
 <layer id="1" name="ground" width="10" height="10"><data encoding="csv">%s%s</data></layer>
 <layer id="2" name="top" width="10" height="10" offsetx="5" offsety="-3"><data encoding="csv">%s</data></layer>
</map>`, o.orient, o.extra, tw, th, chunk(-16, -16), chunk(16, 0), chunk(0, 16))
		if err := os.WriteFile(filepath.Join(dir, o.name+".tmx"), []byte(m), 0o644); err != nil {
			t.Fatal(err)
		}
		// The chunks span tiles -16..31 both ways (48×48 tiles).
		switch o.orient {
		case "orthogonal":
			want[o.name+".tmx"] = image.Pt(48*16+5+0, 48*16+3)
		case "isometric":
			want[o.name+".tmx"] = image.Pt(96*16/2+5, 96*8/2+3)
		}
	}
	// Sparse: two 32×32 file chunks with a few tiles each; Tiled's
	// bounds are the 16×16 blocks holding tiles, (-16,0)-(16,32), not
	// the file's chunks, (-32,0)-(32,32).
	sparse := func(x, y int, cells map[[2]int]int) string {
		s := fmt.Sprintf(`<chunk x="%d" y="%d" width="32" height="32">`, x, y)
		for r := 0; r < 32; r++ {
			for c := 0; c < 32; c++ {
				if r > 0 || c > 0 {
					s += ","
				}
				s += fmt.Sprint(cells[[2]int{x + c, y + r}])
			}
		}
		return s + "</chunk>"
	}
	for _, o := range []struct{ name, orient string }{{"ortho_sparse", "orthogonal"}, {"iso_sparse", "isometric"}} {
		th := 16
		if o.orient == "isometric" {
			th = 8
		}
		m := fmt.Sprintf(`<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="%s" renderorder="right-down" width="10" height="10" tilewidth="16" tileheight="%d" infinite="1" nextlayerid="2" nextobjectid="1">
 <tileset firstgid="1" name="t" tilewidth="16" tileheight="32" tilecount="4" columns="4"><image source="tiles.png" width="64" height="32"/></tileset>
 <layer id="1" name="ground" width="10" height="10"><data encoding="csv">%s%s</data></layer>
</map>`, o.orient, th, sparse(-32, 0, map[[2]int]int{{-10, 20}: 1, {-5, 25}: 2, {-16, 31}: 3}), sparse(0, 0, map[[2]int]int{{3, 3}: 4, {15, 9}: 1}))
		if err := os.WriteFile(filepath.Join(dir, o.name+".tmx"), []byte(m), 0o644); err != nil {
			t.Fatal(err)
		}
		if o.orient == "orthogonal" {
			want[o.name+".tmx"] = image.Pt(32*16, 32*16)
		} else {
			want[o.name+".tmx"] = image.Pt(64*16/2, 64*8/2)
		}
	}
	return dir, want
}

// Export sizes the frame as tmxrasterizer does for infinite maps (the
// bounds of Tiled's 16×16 chunks holding tiles, whatever the file's
// chunks, widened by the layer offsets), scales by whole pixels,
// hides the layers named, and fills the background only when asked; and
// where tmxrasterizer is installed, its image of each map is the same.
func TestExportInfinite(t *testing.T) {
	dir, want := tinyMaps(t)
	fsys := os.DirFS(dir)
	for _, name := range []string{"ortho.tmx", "iso.tmx", "stag.tmx", "ortho_sparse.tmx", "iso_sparse.tmx"} {
		t.Run(name, func(t *testing.T) {
			fr, err := Export(fsys, name, ExportOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if w, ok := want[name]; ok && (fr.W() != w.X || fr.H() != w.Y) {
				t.Fatalf("%d×%d, want %v", fr.W(), fr.H(), w)
			}
			// Scale 2: every pixel doubled.
			f2, err := Export(fsys, name, ExportOptions{Scale: 2})
			if err != nil {
				t.Fatal(err)
			}
			if f2.W() != 2*fr.W() || f2.H() != 2*fr.H() {
				t.Fatalf("scale 2: %d×%d", f2.W(), f2.H())
			}
			for y := 0; y < fr.H(); y += 3 {
				for x := 0; x < fr.W(); x += 3 {
					if fr.RGBAAt(x, y) != f2.RGBAAt(2*x+1, 2*y+1) {
						t.Fatalf("scale 2 at %d,%d: %v, scale 1 %v", x, y, f2.RGBAAt(2*x+1, 2*y+1), fr.RGBAAt(x, y))
					}
				}
			}
			// Both layers hidden: nothing drawn; with Background the
			// map's colour (none here: transparent).
			empty, err := Export(fsys, name, ExportOptions{HideLayers: []string{"GROUND", "top"}, Background: true})
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range empty.Pix {
				if p != 0 {
					t.Fatal("hidden layers drawn")
				}
			}
			if bin, err := lookTmx(); err == nil {
				got := toNRGBA(t, fr)
				tmx, err := rasterize(t, bin, dir, name, nil)
				if err != nil {
					t.Fatal(err)
				}
				if got.Rect.Size() != tmx.Rect.Size() {
					t.Fatalf("%v, tmxrasterizer %v", got.Rect.Size(), tmx.Rect.Size())
				}
				if n, worst := diff(got, tmx); n > 0 {
					t.Fatalf("%d pixels differ from tmxrasterizer's, by up to %d", n, worst)
				}
			}
		})
	}
}

func toNRGBA(t *testing.T, img image.Image) *image.NRGBA {
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	d, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	n := image.NewNRGBA(d.Bounds())
	draw.Draw(n, n.Rect, d, image.Point{}, draw.Src)
	return n
}

// The viewer opens a map whose tileset image is missing (Tiled does):
// the tiles are magenta checks, and Missing and the banner name the file.
func TestViewerMissingImage(t *testing.T) {
	dir := t.TempDir()
	m := `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" renderorder="right-down" width="2" height="1" tilewidth="16" tileheight="16" infinite="0" nextlayerid="2" nextobjectid="1">
 <tileset firstgid="1" name="t" tilewidth="16" tileheight="16" tilecount="4" columns="2"><image source="gone.png" width="32" height="32"/></tileset>
 <layer id="1" name="ground" width="2" height="1"><data encoding="csv">1,4</data></layer>
</map>`
	if err := os.WriteFile(filepath.Join(dir, "m.tmx"), []byte(m), 0o644); err != nil {
		t.Fatal(err)
	}
	v, err := Open(os.DirFS(dir), "m.tmx")
	if err != nil {
		t.Fatal(err)
	}
	if got := v.Missing(); len(got) != 1 || !strings.Contains(got[0], "gone.png") {
		t.Fatalf("Missing %q", got)
	}
	fr, err := Export(os.DirFS(dir), "m.tmx", ExportOptions{Build: level.Options{Missing: func(error) {}}})
	if err != nil {
		t.Fatal(err)
	}
	if c := fr.RGBAAt(0, 0); c != (color.RGBA{255, 0, 255, 255}) {
		t.Fatalf("placeholder pixel %v", c)
	}
	if _, err := Export(os.DirFS(dir), "m.tmx", ExportOptions{}); err == nil {
		t.Fatal("strict export of a map without its image")
	}
}

// A missing external tileset: the viewer opens the map and lists it, and
// its tiles are drawn as magenta checks.
func TestViewerMissingTileset(t *testing.T) {
	dir := t.TempDir()
	m := `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" renderorder="right-down" width="2" height="1" tilewidth="16" tileheight="16" infinite="0" nextlayerid="2" nextobjectid="1">
 <tileset firstgid="1" source="gone.tsx"/>
 <layer id="1" name="ground" width="2" height="1"><data encoding="csv">1,2</data></layer>
</map>`
	if err := os.WriteFile(filepath.Join(dir, "m.tmx"), []byte(m), 0o644); err != nil {
		t.Fatal(err)
	}
	v, err := Open(os.DirFS(dir), "m.tmx")
	if err != nil {
		t.Fatal(err)
	}
	if got := v.Missing(); len(got) == 0 || !strings.Contains(got[0], "gone.tsx") {
		t.Fatalf("Missing %q", got)
	}
	fr, err := Export(os.DirFS(dir), "m.tmx", ExportOptions{Build: level.Options{Missing: func(error) {}}})
	if err != nil {
		t.Fatal(err)
	}
	if c := fr.RGBAAt(0, 0); c != (color.RGBA{255, 0, 255, 255}) {
		t.Fatalf("placeholder pixel %v", c)
	}
}
