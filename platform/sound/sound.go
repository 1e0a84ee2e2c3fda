package sound

import (
	"fmt"
	"io"
	"time"

	"diorama/audio"
)

// Output is a running sound output; the zero or nil Output is silent.
type Output struct {
	dev    device
	reason string
}

// device is what a backend driver gives: closing, and how much audio it
// holds between the mixer and the speaker.
type device interface {
	Close() error
	Buffered() time.Duration
}

// Buffer is the device buffer asked of the driver: short enough for the
// latency target (50 ms from Play to the speaker), long enough not to
// underrun on a busy machine.
const Buffer = 20 * time.Millisecond

// Start opens the default sound output for m and starts it pulling m
// ([audio.Mixer.Read]). When no output can be opened it writes one line
// to log (when not nil) saying why, and returns a silent Output: the
// game runs the same without sound.
func Start(m *audio.Mixer, log io.Writer) *Output {
	if m == nil {
		return &Output{reason: "no mixer"}
	}
	return startReader(m, m.Rate(), log)
}

// startReader is Start for any reader of 16-bit stereo at rate (the
// latency test wraps the mixer to see when samples leave it).
func startReader(r io.Reader, rate int, log io.Writer) *Output {
	dev, err := open(r, rate)
	if err != nil {
		if log != nil {
			fmt.Fprintf(log, "diorama: no sound (%v); playing silently\n", err)
		}
		return &Output{reason: err.Error()}
	}
	return &Output{dev: dev}
}

// Playing reports whether sound reaches a device.
func (o *Output) Playing() bool { return o != nil && o.dev != nil }

// Reason says why the output is silent ("" when it plays).
func (o *Output) Reason() string {
	if o == nil {
		return "no output"
	}
	return o.reason
}

// Buffered returns the audio held between the mixer and the device now
// (the driver's buffer and the player's read-ahead): the output's share
// of the latency from Play to the speaker.
func (o *Output) Buffered() time.Duration {
	if !o.Playing() {
		return 0
	}
	return o.dev.Buffered()
}

// Close stops the output.
func (o *Output) Close() error {
	if !o.Playing() {
		return nil
	}
	err := o.dev.Close()
	o.dev = nil
	return err
}
