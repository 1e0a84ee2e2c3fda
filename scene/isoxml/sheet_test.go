package isoxml

import (
	"errors"
	"image"
	"strings"
	"testing"
	"testing/fstest"
)

const sparrow = `<?xml version="1.0" encoding="UTF-8"?>
<TextureAtlas imagePath="lv1.png" width="64" height="32">
  <SubTexture name="texSandTiled" x="0" y="0" width="32" height="32"/>
  <SubTexture name="heroEast001" x="32" y="0" width="10" height="20" frameX="-3" frameY="-4" frameWidth="16" frameHeight="24"/>
</TextureAtlas>`

func TestLoadSheet(t *testing.T) {
	sh, err := LoadSheet(fstest.MapFS{"art/lv1.xml": {Data: []byte(sparrow)}}, "art/lv1.xml")
	if err != nil {
		t.Fatal(err)
	}
	if sh.Image != "art/lv1.png" || len(sh.Frames) != 2 {
		t.Fatalf("sheet %+v", sh)
	}
	want := []SheetFrame{
		{Name: "texSandTiled", Line: 3, Rect: image.Rect(0, 0, 32, 32), Source: image.Pt(32, 32)},
		{Name: "heroEast001", Line: 4, Rect: image.Rect(32, 0, 42, 20), Offset: image.Pt(3, 4), Source: image.Pt(16, 24)},
	}
	for i, f := range sh.Frames {
		if f != want[i] {
			t.Errorf("frame %d: %+v, want %+v", i, f, want[i])
		}
	}
}

func TestLoadSheetErrors(t *testing.T) {
	for _, tc := range []struct {
		doc, msg string
		kind     error
	}{
		{`<TextureAtlas imagePath="a.png"><SubTexture name="a" x="0" y="0" width="0" height="4"/></TextureAtlas>`, `s.xml:1: <SubTexture name="a">: attribute width=0 out of range 1..16384`, ErrInvalid},
		{`<TextureAtlas imagePath="a.png"><SubTexture name="a" x="0" y="0" width="4" height="4" frameX="2"/></TextureAtlas>`, `attribute frameX=2 out of range -16384..0`, ErrInvalid},
		{`<TextureAtlas imagePath="a.png"><SubTexture name="a" x="0" y="0" width="4" height="4" frameX="-2" frameWidth="5" frameHeight="4"/></TextureAtlas>`, `the 4×4 sprite at offset (2,0) does not fit its 5×4 frame`, ErrInvalid},
		{`<TextureAtlas imagePath="a.png"><SubTexture name="a" x="0" y="0" width="4" height="4"/>
<SubTexture name="a" x="4" y="0" width="4" height="4"/></TextureAtlas>`, `s.xml:2: <SubTexture name="a">: SubTexture "a" defined twice`, ErrRef},
		{`<TextureAtlas imagePath="a.png"><SubTexture name="a" x="0" y="0" width="4" height="4" rotated="true"/></TextureAtlas>`, `rotated SubTextures are not supported`, ErrInvalid},
		{`<TextureAtlas imagePath="a.png"><SubTexture name="a" x="0" y="z" width="4" height="4"/></TextureAtlas>`, `attribute y="z" is not an integer`, ErrInvalid},
		{`<TextureAtlas imagePath="a.png"><Sprite/></TextureAtlas>`, `unknown element in <TextureAtlas>`, ErrInvalid},
		{`<TextureAtlas imagePath="../../a.png"/>`, `bad imagePath`, ErrPath},
		{`<TextureAtlas/>`, `missing attribute imagePath`, ErrInvalid},
		{`<atlas imagePath="a.png"/>`, `root element is not <TextureAtlas>`, ErrInvalid},
		{`<TextureAtlas imagePath="a.png"><SubTexture`, `s.xml:1: malformed XML`, ErrSyntax},
	} {
		_, err := LoadSheet(fstest.MapFS{"s.xml": {Data: []byte(tc.doc)}}, "s.xml")
		if err == nil || !strings.Contains(err.Error(), tc.msg) || !errors.Is(err, tc.kind) {
			t.Errorf("%s: error %v, want %q (%v)", tc.doc, err, tc.msg, tc.kind)
		}
	}
}

// FuzzLoadSheet: any document loads or fails with an *Error, and what
// loads keeps every frame's pixels inside its original frame.
func FuzzLoadSheet(f *testing.F) {
	f.Add([]byte(sparrow))
	f.Add([]byte(`<TextureAtlas imagePath="a.png"><SubTexture name="a" x="1" y="2" width="3" height="4" frameX="-1" frameY="0" frameWidth="4" frameHeight="4"/></TextureAtlas>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		sh, err := LoadSheet(fstest.MapFS{"s.xml": {Data: data}}, "s.xml")
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || sh != nil {
				t.Fatalf("error %T %v with sheet %v", err, err, sh != nil)
			}
			return
		}
		for _, fr := range sh.Frames {
			if fr.Rect.Empty() || fr.Offset.X < 0 || fr.Offset.Y < 0 || fr.Offset.X+fr.Rect.Dx() > fr.Source.X || fr.Offset.Y+fr.Rect.Dy() > fr.Source.Y {
				t.Fatalf("frame %+v", fr)
			}
		}
	})
}
