package viewer

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"image/png"
	"io/fs"
	"math"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"diorama/internal/testenv"
	"diorama/level"
	"diorama/mathx"
	"diorama/scene/tiled"
)

// moreMaps names a folder of further public Tiled maps to compare with
// tmxrasterizer (checked by hand; not committed: third-party files).
var moreMaps = flag.String("tmx.more", "", "a folder of more Tiled maps for TestExportMatchesTmxrasterizer")

// tmxrasterizer returns the path of Tiled's command-line renderer and its
// Debian package version, or skips (fails under CI=true).
func tmxrasterizer(t *testing.T) (string, string) {
	t.Helper()
	p, err := lookTmx()
	if err != nil {
		msg := "tmxrasterizer is not on PATH (Debian: tiled; scripts/deps.sh tiled)"
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	v, err := exec.Command("dpkg-query", "-W", "-f=${Version}", "tiled").Output()
	if err != nil {
		v = []byte("unknown")
	}
	return p, string(v)
}

func lookTmx() (string, error) { return exec.LookPath("tmxrasterizer") }

// rasterize runs tmxrasterizer on dir/name with the object layers hidden
// and returns its image.
func rasterize(t *testing.T, bin, dir, name string, hide []string) (*image.NRGBA, error) {
	out := filepath.Join(t.TempDir(), "tmx.png")
	args := []string{}
	for _, h := range hide {
		args = append(args, "--hide-layer", h)
	}
	cmd := exec.Command(bin, append(args, filepath.Join(dir, name), out)...)
	cmd.Env = append(os.Environ(), "QT_QPA_PLATFORM=offscreen", "XDG_RUNTIME_DIR="+t.TempDir())
	msg, err := cmd.CombinedOutput()
	if err != nil {
		return nil, fmt.Errorf("tmxrasterizer: %v: %s", err, msg)
	}
	f, err := os.Open(out)
	if err != nil {
		return nil, fmt.Errorf("tmxrasterizer wrote no image: %s", msg)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		return nil, err
	}
	n := image.NewNRGBA(img.Bounds())
	draw.Draw(n, n.Rect, img, img.Bounds().Min, draw.Src)
	return n, nil
}

// objectLayers names m's object layers, for --hide-layer.
func objectLayers(m *tiled.Map) []string {
	var names []string
	for _, l := range m.Flatten() {
		if l.Kind == tiled.ObjectGroup {
			names = append(names, l.Name)
		}
	}
	return names
}

// diff counts the pixels of a and b that differ (any channel; colour
// ignored where both are fully transparent) and the largest channel
// difference.
func diff(a, b *image.NRGBA) (n, worst int) {
	for y := 0; y < a.Rect.Dy(); y++ {
		for x := 0; x < a.Rect.Dx(); x++ {
			p, q := a.NRGBAAt(x, y), b.NRGBAAt(x, y)
			if p.A == 0 && q.A == 0 || p == q {
				continue
			}
			n++
			for _, d := range [4]int{int(p.R) - int(q.R), int(p.G) - int(q.G), int(p.B) - int(q.B), int(p.A) - int(q.A)} {
				worst = max(worst, d, -d)
			}
		}
	}
	return n, worst
}

// backdrop is the opaque colour of the image layer withBackdrop adds.
var backdrop = color.NRGBA{40, 44, 52, 255}

// withBackdrop writes a copy of the map name (in a copy of its folder
// tree dir, made once per test into tmp) with an opaque image layer
// under every other layer covering the whole image (repeated), and returns the
// copy's folder. Drawn over it, every pixel's compositing starts from an
// opaque colour: on a transparent frame Qt stores colours
// unpremultiplied (QImage::Format_ARGB32) and Diorama's frame keeps them
// premultiplied, so where edges of half-transparent tiles overlap
// nothing the two round differently; over an opaque backdrop both blend
// the same premultiplied way, which is what a game's frame does.
//
// The backdrop is still needed with images premultiplied as Qt does
// (raster.Premul): without it isometric_grass_and_water.tmx differs by up
// to 6 levels on 0.56 % of its pixels and the staggered one by 4 on
// 0.69 %. On a Format_ARGB32 image Qt blends in 16 bits and stores each
// pixel unpremultiplied, c·255/a rounded, from those 16 bits; a frame of
// 8-bit premultiplied pixels cannot hold what overlapping translucent
// edges keep there, and the PNG encoder's unpremultiplying truncates.
func withBackdrop(t *testing.T, tmp, dir, name string, r image.Rectangle) string {
	t.Helper()
	if _, err := os.Stat(tmp); err != nil {
		if err := os.CopyFS(tmp, os.DirFS(dir)); err != nil {
			t.Fatal(err)
		}
	}
	// A 64×64 tile repeated both ways (Tiled 1.8's image-layer repeat):
	// a whole-map picture of a 12800×12800 map would be over the image
	// limits, and slow.
	ox, oy := min(r.Min.X, 0), min(r.Min.Y, 0)
	img := image.NewNRGBA(image.Rect(0, 0, 64, 64))
	draw.Draw(img, img.Rect, &image.Uniform{backdrop}, image.Point{}, draw.Src)
	bd := filepath.Join(tmp, filepath.Dir(name), "__backdrop.png")
	f, err := os.Create(bd)
	if err != nil {
		t.Fatal(err)
	}
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
	f.Close()
	src, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	s := string(src)
	// The first layer of the map: after its tilesets (an embedded
	// tileset's tiles may hold object groups: collision shapes).
	from := 0
	if k := strings.LastIndex(s, "</tileset>"); k >= 0 {
		from = k
	}
	at := len(s)
	for _, tag := range []string{"<layer", "<objectgroup", "<imagelayer", "<group"} {
		if k := strings.Index(s[from:], tag); k >= 0 && from+k < at {
			at = from + k
		}
	}
	if at == len(s) {
		t.Fatalf("%s: no layer", name)
	}
	layer := fmt.Sprintf(`<imagelayer id="65000" name="__backdrop" offsetx="%d" offsety="%d" repeatx="1" repeaty="1"><image source="__backdrop.png" width="%d" height="%d"/></imagelayer>`,
		ox, oy, img.Rect.Dx(), img.Rect.Dy())
	if err := os.WriteFile(filepath.Join(tmp, name), []byte(s[:at]+layer+s[at:]), 0o644); err != nil {
		t.Fatal(err)
	}
	return tmp
}

// mapFiles lists the TMX maps under dir.
func mapFiles(t *testing.T, dir string) []string {
	var maps []string
	err := fs.WalkDir(os.DirFS(dir), ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && path.Ext(p) == ".tmx" {
			maps = append(maps, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return maps
}

// tmxKnown are the maps of ../shared/testdata/tiled-examples that Debian's
// tmxrasterizer (Tiled 1.8.2) draws otherwise than Export: the largest
// channel difference allowed (the same size is always required) and why.
var tmxKnown = map[string]struct {
	levels int
	why    string
}{
	// A version difference, not a drawing one: Tiled 1.9 added
	// sub-images in image collections (a tile's x, y, width, height, as
	// forest.tmx's tiles use), and Tiled 1.9 and later, master included,
	// draw each tile's rectangle of its sheet, which Export does (scene
	// reads the sub-rectangle); Debian's 1.8.2 ignores the attributes and
	// draws each tile's whole 1024×1024 sheet.
	"forest/forest.tmx": {255, "Tiled 1.8.2 has no image-collection sub-rectangles (added in 1.9; master and Export draw them)"},
}

// TestExportMatchesTmxrasterizer draws every TMX map of Tiled's examples
// (and of -tmx.more) with Export, object layers hidden, and compares it
// with tmxrasterizer's image of the same map with the same layers hidden:
// same size, and the same pixels.
func TestExportMatchesTmxrasterizer(t *testing.T) {
	bin, version := tmxrasterizer(t)
	t.Logf("tmxrasterizer from Debian's tiled %s", version)
	dirs := []string{testenv.SharedTestdata(t, "tiled-examples")}
	if *moreMaps != "" {
		dirs = append(dirs, *moreMaps)
	}
	same, total := 0, 0
	for di, srcDir := range dirs {
		tmp := filepath.Join(t.TempDir(), fmt.Sprint(di))
		for _, name := range mapFiles(t, srcDir) {
			total++
			t.Run(name, func(t *testing.T) {
				// Tiled's examples must load; a map of -tmx.more that
				// names a file its repository lacks, or is malformed on
				// purpose (a loader's test), is not compared.
				refuse := t.Fatal
				if di > 0 {
					refuse = func(args ...any) { t.Skip(append([]any{"not compared:"}, args...)...) }
				}
				m, err := tiled.Load(os.DirFS(srcDir), name)
				if err != nil {
					refuse(err)
				}
				w, err := level.BuildTiled(os.DirFS(srcDir), m, level.Options{})
				if err != nil {
					refuse(err)
				}
				r := ExportRect(w, m)
				so := w.SourceOrigin
				r = r.Add(mathx.Point{X: -int(math.Round(so.X)), Y: -int(math.Round(so.Y))})
				dir := withBackdrop(t, tmp, srcDir, name, r.Image())
				fsys := os.DirFS(dir)
				want, err := rasterize(t, bin, dir, name, objectLayers(m))
				if err != nil {
					t.Skipf("Tiled %s cannot draw it: %v", version, err)
				}
				fr, err := Export(fsys, name, ExportOptions{HideObjectLayers: true})
				if err != nil {
					t.Fatal(err)
				}
				var buf bytes.Buffer
				if err := png.Encode(&buf, fr); err != nil {
					t.Fatal(err)
				}
				ours := bytes.Clone(buf.Bytes())
				gi, _ := png.Decode(&buf)
				got := image.NewNRGBA(gi.Bounds())
				draw.Draw(got, got.Rect, gi, image.Point{}, draw.Src)
				if got.Rect.Size() != want.Rect.Size() {
					t.Fatalf("%v, tmxrasterizer %v", got.Rect.Size(), want.Rect.Size())
				}
				n, worst := diff(got, want)
				if n == 0 {
					same++
					if _, ok := tmxKnown[name]; ok && di == 0 {
						t.Errorf("now pixel-identical: take it off tmxKnown")
					}
					return
				}
				pct := 100 * float64(n) / float64(got.Rect.Dx()*got.Rect.Dy())
				if k, ok := tmxKnown[name]; ok && di == 0 && worst <= k.levels {
					t.Logf("%d pixels differ (%.2f %%), by up to %d levels: %s", n, pct, worst, k.why)
					return
				}
				if os.Getenv("TMX_KEEP") != "" {
					k := filepath.Join(os.Getenv("TMX_KEEP"), strings.NewReplacer("/", "_").Replace(name))
					_ = os.WriteFile(k+".ours.png", ours, 0o644)
					f, _ := os.Create(k + ".tmx.png")
					_ = png.Encode(f, want)
					f.Close()
				}
				t.Errorf("%d pixels differ (%.2f %%), by up to %d levels", n, pct, worst)
			})
		}
	}
	t.Logf("%d of %d maps pixel-identical to tmxrasterizer", same, total)
}

// TestExportOddIsometricMatchesTmxrasterizer draws isometric maps with odd
// tile widths and heights (generated here: a 64×64 tileset on 5×3 to
// 64×31 tiles, both parities of map height, every tile of the set, some
// flipped) and requires Export's image to be tmxrasterizer's: Tiled's row
// walk rounds half pixels one way or the other by row (see scene's
// isoPlacement), and Qt smooths a flipped tile on a half pixel (rows
// blended in pairs, at ties tipped by setupMatrix's 1/65536 nudge:
// raster.SmoothTurn16At; 63 or 64 pixels of three maps were a level
// apart when the pairs were averaged without it). Diagonal flips (turned
// tiles, smoothed through a rotation) are left out. Tiles wider than the
// tileset's are left out too: there Tiled 1.8.2's draw margins go
// negative where current Tiled (followed) clamps them.
func TestExportOddIsometricMatchesTmxrasterizer(t *testing.T) {
	bin, version := tmxrasterizer(t)
	dir := t.TempDir()
	for _, f := range []string{"tiles.tsx", "tiles.png"} {
		b, err := os.ReadFile(filepath.Join("..", "level", "testdata", f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct{ tw, th, w, h int }{
		{5, 3, 5, 4}, {5, 3, 4, 5}, {61, 29, 5, 4}, {61, 29, 4, 5}, {63, 31, 5, 4},
		{63, 31, 4, 5}, {63, 32, 4, 5}, {64, 31, 5, 4}, {64, 31, 4, 5}, {63, 31, 17, 3},
	} {
		name := fmt.Sprintf("iso_%dx%d_%dx%d.tmx", c.tw, c.th, c.w, c.h)
		t.Run(name, func(t *testing.T) {
			// Every third tile flipped horizontally, vertically or both.
			cells := make([]string, c.w*c.h)
			for k := range cells {
				flip := [6]uint32{0, 0x80000000, 0, 0x40000000, 0, 0xC0000000}[k%6]
				cells[k] = fmt.Sprint(uint32(1+(k*5+k/c.w)%8) | flip)
			}
			tmx := fmt.Sprintf(`<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="isometric" renderorder="right-down" width="%d" height="%d" tilewidth="%d" tileheight="%d" infinite="0" nextlayerid="2" nextobjectid="1">
 <tileset firstgid="1" source="tiles.tsx"/>
 <layer id="1" name="g" width="%d" height="%d"><data encoding="csv">%s</data></layer>
</map>`, c.w, c.h, c.tw, c.th, c.w, c.h, strings.Join(cells, ","))
			exportMatchesTmxrasterizer(t, bin, version, dir, name, tmx)
		})
	}
}

// TestExportHexTurnsMatchTmxrasterizer draws generated hexagonal maps
// whose tiles are turned by 60°, 120° and 180°, some also mirrored (every
// combination of the diagonal, 120° and flip bits), and requires Export's
// image to be tmxrasterizer's, over an opaque backdrop as
// TestExportMatchesTmxrasterizer. tmxrasterizer smooths a turned tile
// (raster.SmoothTurn does as Qt does). From an opaque tileset the images
// are identical. From a translucent one too: a turned or mirrored tile's
// translucent samples are blended by Qt at 16 bits and rounded after, as
// Export does (raster.SmoothTurn16 and NewSpriteAlpha). A tile only
// mirrored is smoothed as well: Qt draws it through scale(-1, 1), and
// setupMatrix's 1/65536 nudge puts each sample 65535/65536 on its pixel
// and 1/65536 on the next, which a 16-bit blend can see (90 pixels a
// level apart when mirrored tiles were copied instead; up to 2 levels on
// thousands when the turned samples were rounded to 8 bits).
func TestExportHexTurnsMatchTmxrasterizer(t *testing.T) {
	bin, version := tmxrasterizer(t)
	for _, translucent := range []bool{false, true} {
		name := fmt.Sprintf("hex_turns_translucent_%v.tmx", translucent)
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			writeTileSheet(t, dir, 120, 60, 2, 4, func(x, y int) uint8 { return alphaIf(translucent, x, y) })
			// Odd rows are staggered: turned tiles overlap their
			// neighbours and each other. The first column is not turned:
			// a turned tile cut by the image's left edge is sampled from
			// the edge on (Qt starts a span's 16.16 stepping at its first
			// drawn pixel), which a sprite made once per tile is not.
			flags := []uint32{0x20000000, 0x10000000, 0x30000000, 0xA0000000, 0x60000000, 0x90000000, 0xD0000000, 0x50000000}
			var cells []string
			for k := 0; k < 4*5; k++ {
				f := flags[k%len(flags)]
				if k%4 == 0 {
					f = 0x80000000 * uint32(k/4%2)
				}
				cells = append(cells, fmt.Sprint(f|uint32(1+k%2)))
			}
			tmx := fmt.Sprintf(`<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="hexagonal" renderorder="right-down" width="4" height="5" tilewidth="60" tileheight="60" infinite="0" hexsidelength="30" staggeraxis="y" staggerindex="odd" nextlayerid="2" nextobjectid="1">
 <tileset firstgid="1" name="t" tilewidth="60" tileheight="60" tilecount="2" columns="2"><image source="t.png" width="120" height="60"/></tileset>
 <layer id="1" name="g" width="4" height="5"><data encoding="csv">%s</data></layer>
</map>`, strings.Join(cells, ","))
			exportMatchesTmxrasterizer(t, bin, version, dir, name, tmx)
		})
	}
}

// TestExportLayerOpacityMatchesTmxrasterizer draws generated orthogonal
// maps with a half-transparent tile layer and a half-transparent image
// layer over an opaque layer (a translucent tileset: every alpha from 40
// to 255), at opacities where Qt's constant alpha int(opacity·256)·255>>8
// and a rounded one differ (0.3, 0.9), and requires Export's image to be
// tmxrasterizer's, pixel for pixel: a layer's opacity is applied at draw
// time in 16 bits, as Qt composites into tmxrasterizer's ARGB32 image
// (raster.NewSpriteAlpha), over an opaque backdrop as
// TestExportMatchesTmxrasterizer.
func TestExportLayerOpacityMatchesTmxrasterizer(t *testing.T) {
	bin, version := tmxrasterizer(t)
	dir := t.TempDir()
	writeTileSheet(t, dir, 64, 32, 4, 8, func(x, y int) uint8 { return alphaIf(x >= 32, x, y) }) // the second tile translucent
	for _, op := range []float64{0.05, 0.3, 0.49, 0.5, 0.7, 0.9, 0.999} {
		name := fmt.Sprintf("opacity_%g.tmx", op)
		t.Run(name, func(t *testing.T) {
			var under, over []string
			for k := 0; k < 6*5; k++ {
				under = append(under, fmt.Sprint(1+k%2))
				over = append(over, fmt.Sprint(1+(k/3)%2))
			}
			tmx := fmt.Sprintf(`<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="orthogonal" renderorder="right-down" width="6" height="5" tilewidth="32" tileheight="32" infinite="0" nextlayerid="4" nextobjectid="1">
 <tileset firstgid="1" name="t" tilewidth="32" tileheight="32" tilecount="2" columns="2"><image source="t.png" width="64" height="32"/></tileset>
 <layer id="1" name="under" width="6" height="5"><data encoding="csv">%s</data></layer>
 <layer id="2" name="over" width="6" height="5" opacity="%g" offsetx="5" offsety="3"><data encoding="csv">%s</data></layer>
 <imagelayer id="3" name="img" opacity="%g" offsetx="70" offsety="50"><image source="t.png" width="64" height="32"/></imagelayer>
</map>`, strings.Join(under, ","), op, strings.Join(over, ","), 1-op/2)
			exportMatchesTmxrasterizer(t, bin, version, dir, name, tmx)
		})
	}
}

// TestExportJPEGMatchesTmxrasterizer draws generated JPEG files (image
// layers over an opaque backdrop: Go's encoder's 4:2:0 colour at several
// qualities and odd sizes, and greyscale) and requires Export's image to
// be tmxrasterizer's: Qt decodes JPEG with libjpeg-turbo (islow IDCT,
// fancy chroma upsampling), which raster's baseline decoder follows;
// image/jpeg's pixels are up to 16 levels off on photographs.
func TestExportJPEGMatchesTmxrasterizer(t *testing.T) {
	bin, version := tmxrasterizer(t)
	dir := t.TempDir()
	for _, c := range []struct {
		w, h, q int
		gray    bool
	}{{37, 23, 90, false}, {64, 48, 50, false}, {61, 33, 100, false}, {17, 70, 75, false}, {45, 29, 85, true}} {
		name := fmt.Sprintf("jpeg_%dx%d_q%d_gray%v", c.w, c.h, c.q, c.gray)
		t.Run(name, func(t *testing.T) {
			var src image.Image
			rgba := image.NewRGBA(image.Rect(0, 0, c.w, c.h))
			for y := 0; y < c.h; y++ {
				for x := 0; x < c.w; x++ {
					// Gradients, a hard edge and some noise: every
					// coefficient busy.
					r := uint8(x*255/c.w + (x*y*7)%23)
					g := uint8(y*255/c.h) ^ uint8((x*13)%32)
					b := uint8(200)
					if x*c.h > y*c.w {
						b = uint8((x + y) * 3)
					}
					rgba.SetRGBA(x, y, color.RGBA{r, g, b, 255})
				}
			}
			src = rgba
			if c.gray {
				gr := image.NewGray(rgba.Rect)
				draw.Draw(gr, gr.Rect, rgba, image.Point{}, draw.Src)
				src = gr
			}
			var buf bytes.Buffer
			if err := jpeg.Encode(&buf, src, &jpeg.Options{Quality: c.q}); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, name+".jpg"), buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			tmx := fmt.Sprintf(`<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="orthogonal" renderorder="right-down" width="1" height="1" tilewidth="%d" tileheight="%d" infinite="0" nextlayerid="2" nextobjectid="1">
 <imagelayer id="1" name="photo"><image source="%s.jpg" width="%d" height="%d"/></imagelayer>
</map>`, c.w, c.h, name, c.w, c.h)
			if err := os.WriteFile(filepath.Join(dir, name+".tmx"), []byte(tmx), 0o644); err != nil {
				t.Fatal(err)
			}
			m, err := tiled.Load(os.DirFS(dir), name+".tmx")
			if err != nil {
				t.Fatal(err)
			}
			w, err := level.BuildTiled(os.DirFS(dir), m, level.Options{})
			if err != nil {
				t.Fatal(err)
			}
			bd := withBackdrop(t, filepath.Join(t.TempDir(), "bd"), dir, name+".tmx", ExportRect(w, m).Image())
			want, err := rasterize(t, bin, bd, name+".tmx", nil)
			if err != nil {
				t.Fatalf("tiled %s: %v", version, err)
			}
			fr, err := Export(os.DirFS(bd), name+".tmx", ExportOptions{})
			if err != nil {
				t.Fatal(err)
			}
			got := image.NewNRGBA(image.Rect(0, 0, fr.Bounds().Dx(), fr.Bounds().Dy()))
			draw.Draw(got, got.Rect, fr, fr.Bounds().Min, draw.Src)
			if got.Rect.Size() != want.Rect.Size() {
				t.Fatalf("%v, tmxrasterizer %v", got.Rect.Size(), want.Rect.Size())
			}
			if n, worst := diff(got, want); n > 0 {
				t.Errorf("%d pixels differ from tmxrasterizer %s, by up to %d levels", n, version, worst)
			}
			// What image/jpeg would have drawn, for the record.
			gi, err := jpeg.Decode(bytes.NewReader(buf.Bytes()))
			if err != nil {
				t.Fatal(err)
			}
			gn := image.NewNRGBA(gi.Bounds())
			draw.Draw(gn, gn.Rect, gi, image.Point{}, draw.Src)
			n, worst := diff(gn, got.SubImage(image.Rect(0, 0, c.w, c.h)).(*image.NRGBA))
			t.Logf("image/jpeg's pixels: %d differ, by up to %d levels", n, worst)
		})
	}
}

// exportMatchesTmxrasterizer writes the generated map tmx as dir/name,
// draws it with tmxrasterizer (bin, Tiled version) and with Export, both
// over an opaque backdrop (withBackdrop, as TestExportMatchesTmxrasterizer
// does), and fails the test unless they are the same size and the same
// pixels. With TMX_KEEP set to a folder, a differing pair is written there.
func exportMatchesTmxrasterizer(t *testing.T, bin, version, dir, name, tmx string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), []byte(tmx), 0o644); err != nil {
		t.Fatal(err)
	}
	m, err := tiled.Load(os.DirFS(dir), name)
	if err != nil {
		t.Fatal(err)
	}
	w, err := level.BuildTiled(os.DirFS(dir), m, level.Options{})
	if err != nil {
		t.Fatal(err)
	}
	bd := withBackdrop(t, filepath.Join(t.TempDir(), "bd"), dir, name, ExportRect(w, m).Image())
	want, err := rasterize(t, bin, bd, name, nil)
	if err != nil {
		t.Fatalf("tiled %s: %v", version, err)
	}
	fr, err := Export(os.DirFS(bd), name, ExportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	got := image.NewNRGBA(image.Rect(0, 0, fr.Bounds().Dx(), fr.Bounds().Dy()))
	draw.Draw(got, got.Rect, fr, fr.Bounds().Min, draw.Src)
	if got.Rect.Size() != want.Rect.Size() {
		t.Fatalf("%v, tmxrasterizer %v", got.Rect.Size(), want.Rect.Size())
	}
	n, worst := diff(got, want)
	if k := os.Getenv("TMX_KEEP"); k != "" && n > 0 {
		for f, img := range map[string]image.Image{".ours.png": got, ".tmx.png": want} {
			var b bytes.Buffer
			_ = png.Encode(&b, img)
			_ = os.WriteFile(filepath.Join(k, name+f), b.Bytes(), 0o644)
		}
	}
	if n > 0 {
		t.Errorf("%d pixels differ from tmxrasterizer %s, by up to %d levels", n, version, worst)
	}
}

// writeTileSheet writes dir/t.png, a w×h tileset image of gradients (red
// rx·x, green gy·y, blue a mix of both) whose alpha at (x, y) is
// alpha(x, y).
func writeTileSheet(t *testing.T, dir string, w, h, rx, gy int, alpha func(x, y int) uint8) {
	t.Helper()
	tile := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			tile.SetNRGBA(x, y, color.NRGBA{uint8(x * rx), uint8(y * gy), uint8((x*y + 17*x) % 256), alpha(x, y)})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, tile); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "t.png"), buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// alphaIf is opaque, or when translucent a pattern of alphas from 40 to
// 255 that sets neighbouring pixels apart.
func alphaIf(translucent bool, x, y int) uint8 {
	if translucent {
		return uint8(40 + (x*7+y*13)%216)
	}
	return 255
}
