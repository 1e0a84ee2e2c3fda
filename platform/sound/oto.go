//go:build (linux && cgo && !android) || darwin || windows || js

package sound

import (
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/ebitengine/oto/v3"

	"diorama/audio"
)

// oto allows one context per process.
var (
	ctxOnce sync.Once
	ctx     *oto.Context
	ctxRate int
	ctxErr  error
)

type otoDevice struct {
	p    *oto.Player
	rate int
}

func open(m *audio.Mixer) (device, error) {
	if err := preflight(); err != nil {
		return nil, err
	}
	ctxOnce.Do(func() {
		c, ready, err := oto.NewContext(&oto.NewContextOptions{
			SampleRate: m.Rate(), ChannelCount: 2, Format: oto.FormatSignedInt16LE, BufferSize: Buffer,
		})
		if err != nil {
			ctxErr = err
			return
		}
		select {
		case <-ready:
		case <-time.After(3 * time.Second):
			ctxErr = errors.New("the sound device did not open within 3 s")
			return
		}
		if err := c.Err(); err != nil {
			ctxErr = err
			return
		}
		ctx, ctxRate = c, m.Rate()
	})
	if ctxErr != nil {
		return nil, ctxErr
	}
	if ctxRate != m.Rate() {
		return nil, fmt.Errorf("the output runs at %d Hz, the mixer at %d", ctxRate, m.Rate())
	}
	p := ctx.NewPlayer(m)
	// The player reads ahead of the device by this much: one mixer block
	// of 10 ms keeps latency low without starving the device.
	p.SetBufferSize(m.Rate() / 100 * 4)
	p.Play()
	return &otoDevice{p: p, rate: m.Rate()}, nil
}

func (d *otoDevice) Close() error { return d.p.Close() }

func (d *otoDevice) Buffered() time.Duration {
	frames := d.p.BufferedSize()/4 + int(int64(Buffer)*int64(d.rate)/int64(time.Second))
	return time.Duration(int64(frames) * int64(time.Second) / int64(d.rate))
}
