package atlas

import (
	"fmt"
	"image"

	"diorama/raster"
)

// NineSlice returns frame i as a raster nine-slice cut by its 9-slice
// centre ([Frame.Center], from TexturePacker's borders). It fails when
// the frame has none.
func (a *Atlas) NineSlice(i int) (*raster.NineSlice, error) {
	if i < 0 || i >= len(a.Frames) {
		return nil, fmt.Errorf("atlas: frame %d out of range (%d frames)", i, len(a.Frames))
	}
	f := &a.Frames[i]
	if !f.HasCenter {
		return nil, fmt.Errorf("atlas: frame %q has no 9-slice borders", f.Name)
	}
	img, err := a.Image(i)
	if err != nil {
		return nil, err
	}
	return raster.NewNineSlice(img, f.Center)
}

// SliceNineSlice returns the area of the Aseprite slice called name, as
// it is at frame i, as a raster nine-slice cut by the slice's centre. It
// fails when there is no such slice, the slice is hidden at that frame,
// has no 9-slice centre or lies outside the frame.
func (a *Atlas) SliceNineSlice(i int, name string) (*raster.NineSlice, error) {
	s, ok := a.Slice(name)
	if !ok {
		return nil, fmt.Errorf("atlas: no slice %q", name)
	}
	key, ok := s.KeyAt(i)
	if !ok {
		return nil, fmt.Errorf("atlas: slice %q is not shown at frame %d", name, i)
	}
	if !key.HasCenter {
		return nil, fmt.Errorf("atlas: slice %q has no 9-slice centre", name)
	}
	img, err := a.Image(i)
	if err != nil {
		return nil, err
	}
	if !key.Bounds.In(img.Bounds()) {
		return nil, fmt.Errorf("atlas: slice %q bounds %v lie outside frame %q (%v)", name, key.Bounds, a.Frames[i].Name, img.Bounds())
	}
	return raster.NewNineSlice(img.SubImage(key.Bounds).(*image.RGBA), key.Center)
}
