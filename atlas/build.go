package atlas

import (
	"fmt"
	"image"
	"io/fs"
	"path"
	"slices"
	"strings"

	"diorama/internal/loadutil"
	"diorama/raster"
)

// Options configure a [Builder].
type Options struct {
	PackOptions
	// Trim cuts fully transparent borders off each image before packing;
	// the frame keeps the original size and the offset of what remains.
	Trim bool
}

// Builder collects named images and packs them into an [Atlas] at run
// time (or offline through cmd/atlaspack).
type Builder struct {
	opt    Options
	names  []string
	images []*image.RGBA
	seen   map[string]bool
}

// NewBuilder returns an empty builder.
func NewBuilder(opt Options) *Builder {
	return &Builder{opt: opt, seen: map[string]bool{}}
}

// Add adds an image under a unique name. The pixels are copied (and
// premultiplied) at once, so img may change afterwards. Images larger than
// raster.MaxSide on a side, empty images and duplicate names are errors.
func (b *Builder) Add(name string, img image.Image) error {
	if img == nil {
		return fmt.Errorf("atlas: image %q is nil", name)
	}
	r := img.Bounds()
	if r.Dx() <= 0 || r.Dy() <= 0 || r.Dx() > raster.MaxSide || r.Dy() > raster.MaxSide {
		return fmt.Errorf("atlas: image %q has size %d×%d (must be 1..%d a side)", name, r.Dx(), r.Dy(), raster.MaxSide)
	}
	if b.seen[name] {
		return fmt.Errorf("atlas: duplicate image name %q", name)
	}
	b.seen[name] = true
	b.names = append(b.names, name)
	b.images = append(b.images, toRGBA(img))
	return nil
}

// AddFS adds every PNG file in fsys matching the glob pattern (fs.Glob
// syntax, for example "sprites/*.png" in an embed.FS), in sorted path
// order, named by their path without the ".png" extension.
func (b *Builder) AddFS(fsys fs.FS, pattern string) error {
	paths, err := fs.Glob(fsys, pattern)
	if err != nil {
		return fmt.Errorf("atlas: pattern %q: %w", pattern, err)
	}
	slices.Sort(paths)
	n := 0
	for _, p := range paths {
		if !strings.EqualFold(path.Ext(p), ".png") {
			continue
		}
		img, err := loadImage(fsys, p)
		if err != nil {
			return err
		}
		if err := b.Add(strings.TrimSuffix(p, path.Ext(p)), img); err != nil {
			return err
		}
		n++
	}
	if n == 0 {
		return fmt.Errorf("atlas: no PNG file matches %q", pattern)
	}
	return nil
}

// loadImage reads a page or source image: a regular file (loadutil.Open)
// in any format raster.DecodeImage reads (paletted PNGs, as most packers
// write, included), its size checked from the header.
func loadImage(fsys fs.FS, name string) (image.Image, error) {
	f, err := loadutil.Open(fsys, name)
	if err != nil {
		return nil, err // an *Error naming the file
	}
	defer f.Close()
	img, err := raster.DecodeImage(name, f, raster.ImageLimits{})
	if err != nil {
		return nil, fmt.Errorf("atlas: %w", err)
	}
	return img, nil
}

// opaqueBounds returns the bounding box of the pixels with non-zero alpha
// (empty for a fully transparent image).
func opaqueBounds(img *image.RGBA) image.Rectangle {
	b := img.Bounds()
	minX, minY, maxX, maxY := b.Max.X, b.Max.Y, b.Min.X, b.Min.Y
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := img.Pix[img.PixOffset(b.Min.X, y) : img.PixOffset(b.Min.X, y)+4*b.Dx()]
		for x := 0; x < b.Dx(); x++ {
			if row[4*x+3] != 0 {
				minX, maxX = min(minX, b.Min.X+x), max(maxX, b.Min.X+x+1)
				minY, maxY = min(minY, y), max(maxY, y+1)
			}
		}
	}
	if minX >= maxX {
		return image.Rectangle{}
	}
	return image.Rect(minX, minY, maxX, maxY)
}

// Build packs the images and returns the atlas. Frames are in the order
// the images were added. A fully transparent image, when trimming, keeps
// a 1×1 transparent frame so every name still resolves.
func (b *Builder) Build() (*Atlas, error) {
	opt := b.opt.PackOptions
	if err := opt.normalize(); err != nil {
		return nil, err
	}
	if len(b.images) == 0 {
		return nil, fmt.Errorf("atlas: nothing to build")
	}
	content := make([]image.Rectangle, len(b.images))
	sizes := make([]image.Point, len(b.images))
	for i, img := range b.images {
		r := img.Bounds()
		if b.opt.Trim {
			if t := opaqueBounds(img); !t.Empty() {
				r = t
			} else {
				r = image.Rect(0, 0, 1, 1)
			}
		}
		content[i] = r
		sizes[i] = r.Size()
	}
	places, pageSizes, err := Pack(sizes, opt)
	if err != nil {
		return nil, err
	}
	a := &Atlas{Pages: make([]*image.RGBA, len(pageSizes)), Frames: make([]Frame, len(b.images))}
	for p, s := range pageSizes {
		a.Pages[p] = image.NewRGBA(image.Rect(0, 0, s.X, s.Y))
	}
	for i, img := range b.images {
		pl := places[i]
		c := content[i]
		dst := image.Rect(pl.X, pl.Y, pl.X+c.Dx(), pl.Y+c.Dy())
		blit(a.Pages[pl.Page], dst, img, c.Min, opt.Extrude)
		src := img.Bounds().Size()
		a.Frames[i] = Frame{
			Name:    b.names[i],
			Page:    pl.Page,
			Rect:    dst,
			Trimmed: c.Size() != src,
			Offset:  c.Min,
			Size:    c.Size(),
			Source:  src,
		}
	}
	if err := a.index(); err != nil {
		return nil, fmt.Errorf("atlas: %w", err)
	}
	return a, nil
}

// blit copies src's area at sp (dst's size) into page at dst and repeats
// the edge pixels ext times around it.
func blit(page *image.RGBA, dst image.Rectangle, src *image.RGBA, sp image.Point, ext int) {
	w := dst.Dx()
	for y := 0; y < dst.Dy(); y++ {
		copy(page.Pix[page.PixOffset(dst.Min.X, dst.Min.Y+y):][:4*w], src.Pix[src.PixOffset(sp.X, sp.Y+y):])
	}
	if ext == 0 {
		return
	}
	// Left and right columns, then whole top and bottom rows (corners
	// come with the rows).
	for y := dst.Min.Y; y < dst.Max.Y; y++ {
		l := page.PixOffset(dst.Min.X, y)
		r := page.PixOffset(dst.Max.X-1, y)
		for k := 1; k <= ext; k++ {
			copy(page.Pix[l-4*k:l-4*k+4], page.Pix[l:l+4])
			copy(page.Pix[r+4*k:r+4*k+4], page.Pix[r:r+4])
		}
	}
	x0 := dst.Min.X - ext
	rowLen := 4 * (w + 2*ext)
	top := page.PixOffset(x0, dst.Min.Y)
	bot := page.PixOffset(x0, dst.Max.Y-1)
	for k := 1; k <= ext; k++ {
		copy(page.Pix[page.PixOffset(x0, dst.Min.Y-k):][:rowLen], page.Pix[top:top+rowLen])
		copy(page.Pix[page.PixOffset(x0, dst.Max.Y-1+k):][:rowLen], page.Pix[bot:bot+rowLen])
	}
}
