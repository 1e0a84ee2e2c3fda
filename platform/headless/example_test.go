package headless_test

import (
	"fmt"
	"image/color"

	"diorama/platform"
	"diorama/platform/headless"
	"diorama/raster"
)

// counter counts ticks and Space presses and paints the count.
type counter struct{ ticks, presses int }

func (c *counter) Update(in *platform.Input) error {
	c.ticks++
	if in.KeyPressed(platform.KeySpace) {
		c.presses++
	}
	return nil
}

func (c *counter) Draw(f *raster.Frame, alpha float64) {
	f.Clear(color.RGBA{uint8(c.ticks), 0, 0, 255})
}

// Run a game for 10 ticks with Space pressed twice by a script.
func ExampleRun() {
	script, err := headless.ParseScript("example", "2 keydown Space\n3 keyup Space\n6 keydown Space")
	if err != nil {
		panic(err)
	}
	g := &counter{}
	res, err := headless.Run(g, platform.Config{Width: 4, Height: 4}, headless.Options{Ticks: 10, Script: script})
	fmt.Println(res.Ticks, res.Frames, g.presses, res.Frame.Pix[0], err)
	// Output: 10 10 2 10 <nil>
}
