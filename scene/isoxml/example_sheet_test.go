package isoxml_test

import (
	"fmt"
	"testing/fstest"

	"diorama/scene/isoxml"
)

// Read a TextureAtlas XML sprite sheet, the .xml half of a <media> pair.
func ExampleLoadSheet() {
	fsys := fstest.MapFS{"assets/level1.xml": {Data: []byte(`<TextureAtlas imagePath="level1.png">
  <SubTexture name="texBrickTiled" x="0" y="0" width="64" height="64"/>
  <SubTexture name="heroEast001" x="64" y="0" width="12" height="30" frameX="-2" frameY="-2" frameWidth="16" frameHeight="32"/>
</TextureAtlas>`)}}
	sh, err := isoxml.LoadSheet(fsys, "assets/level1.xml")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sh.Image)
	for _, f := range sh.Frames {
		fmt.Println(f.Name, f.Rect, f.Offset, f.Source)
	}
	// Output:
	// assets/level1.png
	// texBrickTiled (0,0)-(64,64) (0,0) (64,64)
	// heroEast001 (64,0)-(76,30) (2,2) (16,32)
}
