package platform

import (
	"testing"
	"time"
)

// BenchmarkInputTick pushes a typical tick's events (a key, a mouse move,
// a touch drag) and a gamepad poll, then ends the tick.
func BenchmarkInputTick(b *testing.B) {
	in := NewInput(800, 480)
	raw := RawGamepad{Connected: true}
	raw.Axes[AxisLeftX] = 0.5
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		in.Push(Event{Kind: KeyDown, Key: KeyW})
		in.Push(Event{Kind: MouseMove, X: 10, Y: 20})
		in.Push(Event{Kind: TouchDown, Pointer: 1, X: 100, Y: 200})
		in.Push(Event{Kind: TouchMove, Pointer: 1, X: 110, Y: 200})
		in.Push(Event{Kind: TouchUp, Pointer: 1, X: 110, Y: 200})
		in.Push(Event{Kind: KeyUp, Key: KeyW})
		in.SetGamepad(0, raw)
		in.EndTick()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/6, "ns/event")
}

// BenchmarkDriverStep measures the driver's own per-frame overhead (clock,
// one tick, draw call) with a game that does nothing.
func BenchmarkDriverStep(b *testing.B) {
	d, _ := NewDriver(&still{}, Config{Width: 8, Height: 8, TPS: 60})
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		_ = d.Step(time.Second / 60)
	}
}
