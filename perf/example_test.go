package perf_test

import (
	"fmt"

	"diorama/perf"
)

// The seed's bullet test with 36 bullets per round: after 6 simulated
// seconds the ring has fired 12 rounds (one every 30 ticks) and peaked near the seed's 287
// bullets alive. Rendering goes to s.Frame (800×480).
func Example() {
	s, err := perf.New(perf.Config{Test: perf.Bullets, Count: 36, Workers: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer s.Close()
	for k := 0; k < 6*perf.TPS; k++ {
		s.Tick()
	}
	if err := s.Render(1); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("fired", s.Fired, "peak alive", s.PeakBullets, "drawn", s.Drawn, "frame", s.Frame.W(), "x", s.Frame.H())
	// Output: fired 432 peak alive 297 drawn 297 frame 800 x 480
}
