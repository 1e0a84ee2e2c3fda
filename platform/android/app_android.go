//go:build android

package android

import (
	"fmt"
	"io"
	"log"
	"time"

	"golang.org/x/mobile/app"
	"golang.org/x/mobile/asset"
	"golang.org/x/mobile/event/key"
	"golang.org/x/mobile/event/lifecycle"
	"golang.org/x/mobile/event/paint"
	"golang.org/x/mobile/event/size"
	"golang.org/x/mobile/event/touch"
	"golang.org/x/mobile/gl"

	"diorama/platform"
)

// OpenAsset opens a file packaged in the APK's assets/ folder.
func OpenAsset(name string) (io.ReadSeekCloser, error) {
	f, err := asset.Open(name)
	if err != nil {
		return nil, fmt.Errorf("android: asset %q: %w", name, err)
	}
	return f, nil
}

// Run runs g as the app's main loop and does not return while the app
// lives; a game error is logged and ends the loop. It must be called from
// main.
func Run(g platform.Game, cfg platform.Config) error {
	s, err := newSession(g, cfg)
	if err != nil {
		return err
	}
	var runErr error
	app.Main(func(a app.App) {
		var glctx gl.Context
		var r renderer
		last := time.Now()
		for e := range a.Events() {
			switch e := a.Filter(e).(type) {
			case lifecycle.Event:
				switch s.Lifecycle(e) {
				case glCreate:
					glctx, _ = e.DrawContext.(gl.Context)
					if glctx != nil {
						if err := r.create(glctx); err != nil {
							log.Printf("diorama: %v", err)
							glctx = nil
						}
					}
					last = time.Now()
					a.Send(paint.Event{})
				case glDestroy:
					if glctx != nil {
						r.destroy(glctx)
					}
					glctx = nil
				}
			case size.Event:
				s.Size(e)
			case touch.Event:
				s.Touch(e)
			case key.Event:
				s.Key(e)
			case paint.Event:
				if glctx == nil || e.External {
					continue
				}
				now := time.Now()
				if err := s.Frame(now.Sub(last)); err != nil {
					if !platform.IsQuit(err) {
						runErr = err
						log.Printf("diorama: %v", err)
					}
					return
				}
				last = now
				r.paint(glctx, s.Driver.Frame, s.Viewport(), s.fbW, s.fbH)
				a.Publish()
				a.Send(paint.Event{})
			}
		}
	})
	return runErr
}
