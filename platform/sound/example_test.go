package sound_test

import (
	"fmt"
	"io"

	"diorama/audio"
	"diorama/platform/sound"
)

// A backend opens the output for a game's mixer; without a sound device
// the output is silent and says why, and the game runs the same.
func ExampleStart() {
	m, err := audio.NewMixer(audio.Config{})
	if err != nil {
		fmt.Println(err)
		return
	}
	out := sound.Start(m, io.Discard) // io.Discard: no line on the log here
	defer out.Close()
	fmt.Println("heard or told why:", out.Playing() != (out.Reason() != ""))
	// Output: heard or told why: true
}
