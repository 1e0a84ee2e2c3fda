//go:build (linux && cgo && !android) || darwin || windows || js

package sound

import (
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/ebitengine/oto/v3"
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

func open(r io.Reader, rate int) (device, error) {
	if err := preflight(); err != nil {
		return nil, err
	}
	ctxOnce.Do(func() {
		var (
			c        *oto.Context
			err      error
			timedOut bool
		)
		quietly(func() { // oto opens the device in a goroutine: wait for it here
			var ready chan struct{}
			c, ready, err = oto.NewContext(&oto.NewContextOptions{
				SampleRate: rate, ChannelCount: 2, Format: oto.FormatSignedInt16LE, BufferSize: Buffer,
			})
			if err == nil {
				select {
				case <-ready:
				case <-time.After(3 * time.Second):
					timedOut = true
				}
			}
		})
		if err != nil {
			ctxErr = err
			return
		}
		if timedOut {
			ctxErr = errors.New("the sound device did not open within 3 s")
			return
		}
		if err := c.Err(); err != nil {
			ctxErr = err
			return
		}
		ctx, ctxRate = c, rate
	})
	if ctxErr != nil {
		return nil, ctxErr
	}
	if ctxRate != rate {
		return nil, fmt.Errorf("the output runs at %d Hz, the mixer at %d", ctxRate, rate)
	}
	p := ctx.NewPlayer(r)
	// The player reads ahead of the device by this much: one mixer block
	// of 10 ms keeps latency low without starving the device.
	p.SetBufferSize(rate / 100 * 4)
	p.Play()
	return &otoDevice{p: p, rate: rate}, nil
}

func (d *otoDevice) Close() error { return d.p.Close() }

func (d *otoDevice) Buffered() time.Duration {
	frames := d.p.BufferedSize()/4 + int(int64(Buffer)*int64(d.rate)/int64(time.Second))
	return time.Duration(int64(frames) * int64(time.Second) / int64(d.rate))
}
