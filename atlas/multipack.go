package atlas

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"io"
	"io/fs"
	"path"
	"slices"
	"strings"

	"diorama/internal/loadutil"
)

// MaxPages is the largest number of pages one multi-page description may
// list.
const MaxPages = 256

type jTexture struct {
	Image  string          `json:"image"`
	Size   *jRect          `json:"size"`
	Frames json.RawMessage `json:"frames"`
}

type jMultiSheet struct {
	Textures []jTexture `json:"textures"`
}

// ParseTexturePackerMulti parses TexturePacker's multi-page JSON (the
// "textures" array Phaser 3 reads): one [Sheet] per page, frames checked as
// in [ParseTexturePacker] and named uniquely across all pages. name (a
// file's path) names the description in errors.
func ParseTexturePackerMulti(name string, data []byte) ([]*Sheet, error) {
	file := name
	var js jMultiSheet
	ferr, err := decodeSheet(data, file, &js)
	if err != nil {
		return nil, err
	}
	if len(js.Textures) == 0 {
		return nil, ferr("textures", "missing or empty")
	}
	if len(js.Textures) > MaxPages {
		return nil, ferr("textures", "%d pages (at most %d)", len(js.Textures), MaxPages)
	}
	seen := map[string]bool{}
	var out []*Sheet
	for p, tx := range js.Textures {
		field := fmt.Sprintf("textures[%d]", p)
		sh := &Sheet{File: file, Image: tx.Image}
		if tx.Image == "" {
			return nil, ferr(field+".image", "missing")
		}
		if tx.Size != nil {
			w, h, err := size(tx.Size, field+".size", ferr)
			if err != nil {
				return nil, err
			}
			sh.Size = image.Pt(w, h)
		}
		if len(tx.Frames) == 0 || string(tx.Frames) == "null" {
			return nil, ferr(field+".frames", "missing")
		}
		frames, err := readFrames(tx.Frames, field+".frames", sh.Size, false, seen, ferr)
		if err != nil {
			return nil, err
		}
		for i := range frames {
			frames[i].Page = p
		}
		sh.Frames = frames
		out = append(out, sh)
	}
	return out, nil
}

// AtlasOf joins sheets (one per page, in page order) and their page images
// into one atlas. Animations of multi-pack sheets ([Sheet.Related]) are
// resolved over the frames of every page.
func AtlasOf(sheets []*Sheet, pages []image.Image) (*Atlas, error) {
	if len(sheets) != len(pages) || len(sheets) == 0 {
		return nil, fmt.Errorf("atlas: %d sheets and %d page images", len(sheets), len(pages))
	}
	a := &Atlas{}
	for p, sh := range sheets {
		base := len(a.Frames)
		one, err := sh.atlas(pages[p], false) // animations: below, over every page's frames
		if err != nil {
			return nil, err
		}
		for _, f := range one.Frames {
			f.Page = p
			a.Frames = append(a.Frames, f)
		}
		a.Pages = append(a.Pages, one.Pages[0])
		for _, c := range sh.Clips {
			c.Frames = slices.Clone(c.Frames)
			for k := range c.Frames {
				c.Frames[k] += base
			}
			a.Clips = append(a.Clips, c)
		}
		a.Layers = append(a.Layers, sh.Layers...)
		a.Slices = append(a.Slices, sh.Slices...)
	}
	if err := a.index(); err != nil {
		return nil, &Error{File: sheets[0].File, Where: "frames", Msg: err.Error(), Kind: ErrInvalid}
	}
	if err := a.addAnimations(sheets); err != nil {
		return nil, err
	}
	return a, nil
}

// LoadTexturePackerMulti reads the multi-page TexturePacker description
// name in fsys and every page image it names (relative to the
// description).
func LoadTexturePackerMulti(fsys fs.FS, name string) (*Atlas, error) {
	data, err := readLimited(fsys, name)
	if err != nil {
		return nil, err
	}
	sheets, err := ParseTexturePackerMulti(name, data)
	if err != nil {
		return nil, err
	}
	pages := make([]image.Image, len(sheets))
	for p, sh := range sheets {
		img, err := loadPage(fsys, name, sh.Image, fmt.Sprintf("textures[%d].image", p))
		if err != nil {
			return nil, err
		}
		pages[p] = img
	}
	return AtlasOf(sheets, pages)
}

func readLimited(fsys fs.FS, name string) ([]byte, error) {
	f, err := loadutil.Open(fsys, name)
	if err != nil {
		return nil, err // an *Error naming the file
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxSheetBytes+1))
	if err != nil {
		return nil, &Error{File: name, Msg: "cannot read", Kind: ErrMissing, Err: err}
	}
	return data, nil
}

// loadPage loads a page image named in description file at JSON path
// field, relative to the description.
// pageName returns the page file a sheet names, relative to the sheet.
// Exporters write the path they were given: Windows separators become
// slashes, and an absolute path (Aseprite and TexturePacker run with a
// full output path, often on another machine: "/home/me/art/hero.png",
// "C:\\art\\hero.png") names the page by its base name beside the sheet,
// the one place a shipped sheet's page can be.
func pageName(image string) string {
	image = strings.ReplaceAll(image, "\\", "/")
	abs := strings.HasPrefix(image, "/") || (len(image) >= 2 && image[1] == ':' && (image[0]|0x20) >= 'a' && (image[0]|0x20) <= 'z')
	if abs {
		return path.Base(image)
	}
	return image
}

func loadPage(fsys fs.FS, file, image, field string) (image.Image, error) {
	if image == "" {
		return nil, &Error{File: file, Where: field, Msg: "missing", Kind: ErrInvalid}
	}
	p := path.Join(path.Dir(file), pageName(image))
	if !fs.ValidPath(p) {
		return nil, &Error{File: file, Where: field, Msg: fmt.Sprintf("%q is not a path inside the sheet's file system", image), Kind: ErrPath}
	}
	img, err := loadImage(fsys, p)
	if err != nil {
		return nil, &Error{File: file, Where: field, Msg: err.Error(), Kind: ErrPath}
	}
	return img, nil
}

// WriteTexturePackerMulti writes every page in TexturePacker's multi-page
// JSON ("textures" array), page p's image named imageNames[p].
func (a *Atlas) WriteTexturePackerMulti(w io.Writer, imageNames []string) error {
	if len(imageNames) != len(a.Pages) {
		return fmt.Errorf("atlas: %d image names for %d pages", len(imageNames), len(a.Pages))
	}
	var buf bytes.Buffer
	buf.WriteString("{\"textures\": [")
	for p := range a.Pages {
		pg, err := a.page(p)
		if err != nil {
			return err
		}
		if p > 0 {
			buf.WriteByte(',')
		}
		img, _ := json.Marshal(imageNames[p])
		s := pg.Bounds().Size()
		fmt.Fprintf(&buf, "\n{\"image\": %s, \"format\": \"RGBA8888\", \"size\": {\"w\":%d,\"h\":%d}, \"scale\": 1, \"frames\": [", img, s.X, s.Y)
		writePageFrames(&buf, a.Frames, p, true)
		buf.WriteString("\n]}")
	}
	buf.WriteString("\n],\n\"meta\": {\"app\": \"diorama atlaspack\", \"version\": \"1.0\"}\n}\n")
	_, err := w.Write(buf.Bytes())
	return err
}
