package main

import (
	"bufio"
	"flag"
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"diorama/atlas"
	"diorama/raster"
)

func main() {
	if err := run(os.Args[1:], os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "atlaspack:", err)
		os.Exit(1)
	}
}

func run(args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("atlaspack", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("o", "atlas", "output path prefix (without extension)")
	maxSize := fs.Int("max", 2048, "largest page width and height")
	pad := fs.Int("pad", 2, "transparent pixels between sprites")
	extrude := fs.Int("extrude", 1, "edge pixels repeated around each sprite")
	trim := fs.Bool("trim", true, "cut transparent borders (offsets are kept in the JSON)")
	pot := fs.Bool("pot", false, "power-of-two page sizes")
	algo := fs.String("algo", "maxrects", "packing algorithm: maxrects or skyline")
	multi := fs.Bool("multi", false, "write one multi-page JSON (TexturePacker \"textures\" array) instead of one hash JSON per page")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return fmt.Errorf("no input images")
	}
	opt := atlas.Options{Trim: *trim, PackOptions: atlas.PackOptions{MaxW: *maxSize, MaxH: *maxSize, Padding: *pad, Extrude: *extrude, PowerOfTwo: *pot}}
	switch *algo {
	case "maxrects":
	case "skyline":
		opt.Algorithm = atlas.Skyline
	default:
		return fmt.Errorf("unknown -algo %q (maxrects or skyline)", *algo)
	}
	files, err := inputs(fs.Args())
	if err != nil {
		return err
	}
	b := atlas.NewBuilder(opt)
	for _, f := range files {
		img, err := readPNG(f.path)
		if err != nil {
			return err
		}
		if err := b.Add(f.name, img); err != nil {
			return err
		}
	}
	a, err := b.Build()
	if err != nil {
		return err
	}
	if dir := filepath.Dir(*out); dir != "." {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
	}
	var pageNames []string
	for p, page := range a.Pages {
		base := *out
		if len(a.Pages) > 1 {
			base = fmt.Sprintf("%s-%d", *out, p)
		}
		if err := writePNG(a, p, base+".png"); err != nil {
			return err
		}
		pageNames = append(pageNames, filepath.Base(base)+".png")
		fmt.Fprintf(stderr, "%s.png: %d×%d\n", base, page.Bounds().Dx(), page.Bounds().Dy())
		if *multi {
			continue
		}
		if err := writeFile(base+".json", func(w io.Writer) error { return a.WriteTexturePacker(w, p, filepath.Base(base)+".png") }); err != nil {
			return err
		}
	}
	if *multi {
		return writeFile(*out+".json", func(w io.Writer) error { return a.WriteTexturePackerMulti(w, pageNames) })
	}
	return nil
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

type input struct{ path, name string }

// inputs expands directories to their PNG files, sorted by name.
func inputs(args []string) ([]input, error) {
	var out []input
	for _, arg := range args {
		st, err := os.Stat(arg)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			out = append(out, input{arg, filepath.ToSlash(arg)})
			continue
		}
		entries, err := os.ReadDir(arg)
		if err != nil {
			return nil, err
		}
		var names []string
		for _, e := range entries {
			if !e.IsDir() && strings.EqualFold(filepath.Ext(e.Name()), ".png") {
				names = append(names, e.Name())
			}
		}
		slices.Sort(names)
		for _, n := range names {
			out = append(out, input{filepath.Join(arg, n), n})
		}
	}
	return out, nil
}

func readPNG(path string) (image.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return raster.DecodeImage(path, f, raster.ImageLimits{})
}

// writePNG writes page p in straight alpha that decodes back to exactly the
// atlas's premultiplied pixels.
func writePNG(a *atlas.Atlas, p int, path string) error {
	img, err := a.PageNRGBA(p)
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
