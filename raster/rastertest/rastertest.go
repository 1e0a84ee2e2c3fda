package rastertest

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"diorama/raster"
)

// Golden compares frame with the PNG at path (conventionally
// testdata/<name>.png in the calling package) pixel for pixel. With update
// set, it (re)writes the file instead: golden files are regenerated only on
// purpose (the packages pass their -update flag here).
//
// On a mismatch the test fails with the number of differing pixels and
// the first one, and the rendered image is written beside the temporary
// directory for inspection.
func Golden(t testing.TB, path string, frame *raster.Frame, update bool) {
	t.Helper()
	if update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := png.Encode(&buf, frame.Image()); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("updated %s", path)
		return
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("golden %s missing (run the test with -update to create it): %v", path, err)
	}
	want, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("golden %s: %v", path, err)
	}
	if n, first := Diff(frame, want); n != 0 {
		out := filepath.Join(os.TempDir(), "diorama-failed-"+filepath.Base(path))
		if f, err := os.Create(out); err == nil {
			png.Encode(f, frame.Image())
			f.Close()
		}
		t.Fatalf("golden %s: %d pixels differ, first %s; got image written to %s", path, n, first, out)
	}
}

// Diff counts the pixels where frame and want differ, comparing in
// straight alpha (the form a PNG stores), and describes the first.
func Diff(frame *raster.Frame, want image.Image) (int, string) {
	if frame.Bounds().Size() != want.Bounds().Size() {
		return frame.W()*frame.H() + 1, fmt.Sprintf("size %v, golden %v", frame.Bounds().Size(), want.Bounds().Size())
	}
	n := 0
	first := ""
	wb := want.Bounds()
	for y := 0; y < frame.H(); y++ {
		for x := 0; x < frame.W(); x++ {
			g := color.NRGBAModel.Convert(frame.RGBAAt(x, y)).(color.NRGBA)
			w := color.NRGBAModel.Convert(want.At(wb.Min.X+x, wb.Min.Y+y)).(color.NRGBA)
			if g.A == 0 && w.A == 0 {
				continue
			}
			if g != w {
				if n == 0 {
					first = fmt.Sprintf("at (%d,%d): got %v want %v", x, y, g, w)
				}
				n++
			}
		}
	}
	return n, first
}
