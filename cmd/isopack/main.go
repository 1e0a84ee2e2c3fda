package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"diorama/atlas"
	"diorama/raster"
)

func main() {
	if err := run(os.Args[1:], os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "isopack:", err)
		os.Exit(1)
	}
}

// facings are the character sprite suffixes and their IsoMob angles.
var facings = []struct {
	name   string
	angles []int
}{{"East", []int{45}}, {"South", []int{135}}, {"West", []int{225}}, {"North", []int{315}}, {"Side", []int{45, 225}}}

var validName = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]*$`)

// asset is one classified image name.
type asset struct {
	name  string // frame name: the file name without .png
	kind  string // "material", "object", "item", "bullet", "character"
	base  string // character name (kind character)
	src   string // sprite src: <base><Facing> (kind character)
	angle []int
}

// classify sorts a name by IsoMob's convention.
func classify(name string) (asset, error) {
	a := asset{name: name}
	if !validName.MatchString(name) {
		return a, fmt.Errorf("%s.png: name must be letters, digits and _ starting with a letter (camel case, as texBrickTiled or heroEast001)", name)
	}
	for _, p := range []struct{ prefix, kind string }{{"tex", "material"}, {"mat", "material"}, {"obj", "object"}, {"item", "item"}, {"bullet", "bullet"}} {
		if rest, ok := strings.CutPrefix(name, p.prefix); ok && rest != "" && rest[0] >= 'A' && rest[0] <= 'Z' {
			a.kind = p.kind
			return a, nil
		}
	}
	stem := strings.TrimRight(name, "0123456789")
	for _, f := range facings {
		if base, ok := strings.CutSuffix(stem, f.name); ok && base != "" {
			a.kind, a.base, a.src, a.angle = "character", base, base+f.name, f.angles
			return a, nil
		}
	}
	return a, fmt.Errorf("%s.png: not an IsoMob asset name (want tex<Name>[Tiled], mat<Name>, obj<Name>, item<Name>, bullet<Name> or <name><East|South|West|North|Side>[<frame>])", name)
}

type config struct {
	in, out, name         string
	scene                 bool
	enemies               int
	cells                 int
	radius, height        float64
	maxSize, pad, extrude int
}

func run(args []string, stderr io.Writer) error {
	fl := flag.NewFlagSet("isopack", flag.ContinueOnError)
	fl.SetOutput(stderr)
	var c config
	fl.StringVar(&c.out, "o", ".", "output folder")
	fl.StringVar(&c.name, "name", "level", "base name of the outputs (<name>.png, <name>.json, <name>_defs.xml, <name>_scene.xml)")
	fl.BoolVar(&c.scene, "scene", false, "also write a starter scene <name>_scene.xml")
	fl.IntVar(&c.enemies, "enemies", 2, "characters the starter scene puts in its corners besides the player (0..64)")
	fl.IntVar(&c.cells, "cells", 10, "the starter scene's room side in cells (4..256)")
	fl.Float64Var(&c.radius, "radius", 20, "collision cylinder radius of objects and characters, scene units")
	fl.Float64Var(&c.height, "height", 20, "collision cylinder height, scene units")
	fl.IntVar(&c.maxSize, "max", 4096, "largest sheet width and height")
	fl.IntVar(&c.pad, "pad", 2, "transparent pixels between sprites")
	fl.IntVar(&c.extrude, "extrude", 1, "edge pixels repeated around each sprite")
	if err := fl.Parse(args); err != nil {
		return err
	}
	if fl.NArg() != 1 {
		fl.Usage()
		return fmt.Errorf("want one input folder, got %d arguments", fl.NArg())
	}
	c.in = fl.Arg(0)
	return pack(c, stderr)
}

// pack reads c.in, writes the sheet, the definitions and the scene.
func pack(c config, log io.Writer) error {
	if !validName.MatchString(c.name) {
		return fmt.Errorf("-name %q: letters, digits and _ only", c.name)
	}
	if c.cells < 4 || c.cells > 256 {
		return fmt.Errorf("-cells %d out of range 4..256", c.cells)
	}
	if c.enemies < 0 || c.enemies > 64 {
		return fmt.Errorf("-enemies %d out of range 0..64", c.enemies)
	}
	if !(c.radius > 0) || !(c.height > 0) {
		return fmt.Errorf("-radius %v and -height %v must be > 0", c.radius, c.height)
	}
	entries, err := os.ReadDir(c.in)
	if err != nil {
		return err
	}
	var assets []asset
	b := atlas.NewBuilder(atlas.Options{Trim: true, PackOptions: atlas.PackOptions{MaxW: c.maxSize, MaxH: c.maxSize, Padding: c.pad, Extrude: c.extrude}})
	for _, e := range entries {
		if e.IsDir() || !strings.EqualFold(filepath.Ext(e.Name()), ".png") {
			continue
		}
		name := strings.TrimSuffix(e.Name(), filepath.Ext(e.Name()))
		a, err := classify(name)
		if err != nil {
			return err
		}
		img, err := readPNG(filepath.Join(c.in, e.Name()))
		if err != nil {
			return err
		}
		if err := b.Add(name, img); err != nil {
			return err
		}
		assets = append(assets, a)
	}
	if len(assets) == 0 {
		return fmt.Errorf("%s: no PNG files", c.in)
	}
	sheet, err := b.Build()
	if err != nil {
		return err
	}
	if len(sheet.Pages) != 1 {
		return fmt.Errorf("the images need %d sheets of %d×%d: raise -max", len(sheet.Pages), c.maxSize, c.maxSize)
	}
	if err := os.MkdirAll(c.out, 0o755); err != nil {
		return err
	}
	base := filepath.Join(c.out, c.name)
	if err := writePNG(sheet, base+".png"); err != nil {
		return err
	}
	if err := writeFile(base+".json", func(w io.Writer) error { return sheet.WriteTexturePacker(w, 0, c.name+".png") }); err != nil {
		return err
	}
	pg := sheet.Pages[0].Bounds()
	fmt.Fprintf(log, "%s.png: %d×%d, %d images\n", base, pg.Dx(), pg.Dy(), len(assets))
	d := definitions(assets)
	if err := writeFile(base+"_defs.xml", func(w io.Writer) error { return d.write(w, c) }); err != nil {
		return err
	}
	if c.scene {
		if err := writeFile(base+"_scene.xml", func(w io.Writer) error { return d.writeScene(w, c) }); err != nil {
			return err
		}
	}
	return nil
}

// defs is what the definitions file lists, in name order.
type defs struct {
	materials []string
	objects   []asset // kind object or item
	chars     []character
}

type character struct {
	name    string
	sprites []sprite
	frames  int
}

type sprite struct {
	angle int
	src   string
}

func definitions(assets []asset) defs {
	var d defs
	byChar := map[string]*character{}
	seen := map[string]bool{}
	for _, a := range assets {
		switch a.kind {
		case "material":
			d.materials = append(d.materials, a.name)
		case "object", "item":
			d.objects = append(d.objects, a)
		case "character":
			ch := byChar[a.base]
			if ch == nil {
				ch = &character{name: a.base}
				byChar[a.base] = ch
			}
			ch.frames++
			if seen[a.src] {
				continue
			}
			seen[a.src] = true
			for _, ang := range a.angle {
				ch.sprites = append(ch.sprites, sprite{ang, a.src})
			}
		}
	}
	for _, ch := range byChar {
		slices.SortFunc(ch.sprites, func(x, y sprite) int { return x.angle - y.angle })
		d.chars = append(d.chars, *ch)
	}
	slices.Sort(d.materials)
	slices.SortFunc(d.objects, func(x, y asset) int { return strings.Compare(x.name, y.name) })
	// A character called player or hero comes first (the starter scene's
	// Player), then the others by name.
	first := func(c character) bool { return c.name == "player" || c.name == "hero" }
	slices.SortFunc(d.chars, func(x, y character) int {
		if first(x) != first(y) {
			if first(x) {
				return -1
			}
			return 1
		}
		return strings.Compare(x.name, y.name)
	})
	return d
}

func num(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// write writes the <definitions> file in the form IsoMob's asset-building
// script writes.
func (d defs) write(w io.Writer, c config) error {
	var b bytes.Buffer
	fmt.Fprintf(&b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- Written by isopack from %d images. -->\n<definitions>\n", len(d.materials)+len(d.objects)+len(d.chars))
	fmt.Fprintf(&b, "<media src=%q/>\n", c.name)
	for _, m := range d.materials {
		fmt.Fprintf(&b, "<materialDefinition name=%q type=\"tile\"><diffuse>%s</diffuse></materialDefinition>\n", m, m)
	}
	coll := fmt.Sprintf("  <collisionModel><cylinder radius=%q height=%q/></collisionModel>\n", num(c.radius), num(c.height))
	for _, o := range d.objects {
		fmt.Fprintf(&b, "<objectDefinition name=%q solid=\"%t\" animated=\"false\">\n  <displayModel><sprite angle=\"0\" src=%q/></displayModel>\n%s</objectDefinition>\n", o.name, o.kind == "object", o.name, coll)
	}
	for _, ch := range d.chars {
		fmt.Fprintf(&b, "<objectDefinition name=%q solid=\"true\" animated=\"true\">\n  <displayModel>\n", ch.name)
		for _, s := range ch.sprites {
			fmt.Fprintf(&b, "    <sprite angle=\"%d\" src=%q/>\n", s.angle, s.src)
		}
		fmt.Fprintf(&b, "  </displayModel>\n%s</objectDefinition>\n", coll)
	}
	b.WriteString("</definitions>\n")
	_, err := w.Write(b.Bytes())
	return err
}

// writeScene writes a starter room using every definition.
func (d defs) writeScene(w io.Writer, c config) error {
	const gs = 64
	n := c.cells
	side := n * gs
	var b bytes.Buffer
	fmt.Fprintf(&b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<scene gridsize=\"%d\" levelsize=\"%d\">\n<head>\n  <name>%s</name>\n  <description>starter scene written by isopack</description>\n  <definitions src=\"%s_defs.xml\"/>\n</head>\n<body>\n", gs, gs, c.name, c.name)
	// The walls take a material named like a wall (Wall, Brick, Stone,
	// Plank), the floor the first tiled other one.
	floor, wall := "", ""
	for _, m := range d.materials {
		for _, w := range []string{"Wall", "Brick", "Stone", "Plank"} {
			if wall == "" && strings.Contains(m, w) {
				wall = m
			}
		}
	}
	for _, tiledOnly := range []bool{true, false} {
		for _, m := range d.materials {
			if floor == "" && m != wall && (!tiledOnly || strings.HasSuffix(m, "Tiled")) {
				floor = m
			}
		}
	}
	if floor == "" {
		floor = wall
	}
	if wall == "" {
		wall = floor
	}
	if floor != "" {
		fmt.Fprintf(&b, "  <floor id=\"F1\" x=\"0\" y=\"0\" z=\"0\" width=\"%d\" height=\"%d\" src=%q/>\n", side, side, floor)
		fmt.Fprintf(&b, "  <wall id=\"W1\" x=\"0\" y=\"0\" z=\"0\" dir=\"vert\" size=\"%d\" height=\"%d\" src=%q/>\n", side, gs, wall)
		fmt.Fprintf(&b, "  <wall id=\"W2\" x=\"0\" y=\"0\" z=\"0\" dir=\"horiz\" size=\"%d\" height=\"%d\" src=%q/>\n", side, gs, wall)
	}
	for k, o := range d.objects {
		// On the diagonal x + y = n-1 (the player stands on x + y = n).
		cell := 1 + k%(n-2)
		fmt.Fprintf(&b, "  <object id=\"O%d\" x=\"%d\" y=\"%d\" z=\"0\" def=%q/>\n", k+1, cell*gs+gs/2, (n-1-cell)*gs+gs/2, o.name)
	}
	if len(d.chars) > 0 {
		fmt.Fprintf(&b, "  <character id=\"Player\" x=\"%d\" y=\"%d\" z=\"0\" def=%q orientation=\"45\"/>\n", side/2, side/2, d.chars[0].name)
	}
	// The other characters (or the player's kind when it is the only
	// one) stand in the corners: at least c.enemies of them.
	others, count := d.chars, 0
	if len(d.chars) > 0 {
		count = max(c.enemies, len(d.chars)-1)
	}
	if len(others) > 1 {
		others = others[1:]
	}
	corners := [][2]int{{n - 1, n - 1}, {n - 1, 1}, {1, n - 1}, {1, 1}}
	for k := range count {
		cr := corners[k%len(corners)]
		fmt.Fprintf(&b, "  <character id=\"E%d\" x=\"%d\" y=\"%d\" z=\"0\" def=%q orientation=\"225\"/>\n", k+1, cr[0]*gs+gs/2-16*(k/len(corners)%4), cr[1]*gs+gs/2, others[k%len(others)].name)
	}
	b.WriteString("</body>\n</scene>\n")
	_, err := w.Write(b.Bytes())
	return err
}

// writeFile creates path and fills it with write, naming the file in a
// write error.
func writeFile(path string, write func(io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return f.Close()
}

func readPNG(path string) (image.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return raster.DecodeImage(path, f, raster.ImageLimits{})
}

// writePNG writes the sheet's page in straight alpha that decodes back to
// exactly the atlas's premultiplied pixels.
func writePNG(a *atlas.Atlas, path string) error {
	img, err := a.PageNRGBA(0)
	if err != nil {
		return err
	}
	return writeFile(path, func(w io.Writer) error {
		bw := bufio.NewWriter(w)
		if err := png.Encode(bw, img); err != nil {
			return err
		}
		return bw.Flush()
	})
}
