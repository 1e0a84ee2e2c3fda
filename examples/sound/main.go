// Sound: a turret in the middle of an arena shoots at drones circling it;
// every shot, wall hit and explosion is heard where it happens (left,
// right, near, far: scene.EnableSound places the world's event sounds
// relative to the listener, the turret), over a music loop. P pauses the
// game and its sounds (audio.Mixer.Pause); the music plays on. The
// sounds are synthesised at start in integers, so the mix is the same on
// every machine; headless, `-sound out/sound.wav` writes it.
package main

import (
	"flag"
	"image/color"
	"log"
	"math"

	"diorama/audio"
	"diorama/iso"
	"diorama/mathx"
	"diorama/platform"
	"diorama/platform/auto"
	"diorama/raster"
	"diorama/scene"
)

const W, H, side = 480, 320, 24

type game struct {
	w         *scene.World
	m         *audio.Mixer
	turret    scene.Entity
	drones    []scene.Entity
	pt        *iso.Painter
	dl        *raster.DrawList
	paused    bool
	droneLook scene.LookID
}

// synth makes a sound of frames at rate: a square wave of the given
// period (0: noise), its amplitude decaying linearly to nothing (or held,
// for a loop), smoothed by a one-pole filter of strength k.
func synth(name string, rate, frames, period int, amp int32, k uint, hold bool) *audio.Sound {
	d := make([]int16, frames)
	var y int32
	seed := uint32(12345)
	for i := range d {
		x := amp
		if period == 0 {
			seed = seed*1664525 + 1013904223
			x = int32(seed>>17) - 16384
			x = x * amp >> 14
		} else if i/period%2 == 1 {
			x = -amp
		}
		y += (x - y) >> k
		if !hold {
			y = y * int32(frames-i) / int32(frames)
		}
		d[i] = int16(y)
	}
	s, _ := audio.NewSound(name, rate, 1, d)
	return s
}

// music is a two-second bass line of four notes.
func music() *audio.Sound {
	const rate, n = 22050, 22050 * 2
	d := make([]int16, 0, n)
	for _, period := range []int{100, 84, 75, 84} { // about 110, 131, 147, 131 Hz
		note := synth("note", rate, n/4, period/2, 5000, 3, false)
		d = append(d, note.Samples()...)
	}
	s, _ := audio.NewSound("music", rate, 1, d)
	return s
}

func newGame() (*game, error) {
	p, _ := iso.Dimetric(16)
	grid, err := iso.NewDiamond(p, side, side)
	if err != nil {
		return nil, err
	}
	w, err := scene.NewWorld(scene.Config{Grid: grid, Seed: 1})
	if err != nil {
		return nil, err
	}
	m, err := audio.NewMixer(audio.Config{Rate: 44100, TPS: w.TPS()})
	if err != nil {
		return nil, err
	}
	floor := iso.TileLayer{Tiles: make([]int32, side*side), Sprites: []*raster.Sprite{raster.MustSprite(iso.TileImage(p, color.RGBA{50, 60, 50, 255}))}}
	w.Layers = []scene.Layer{{Name: "floor", TileLayer: floor}}
	for _, r := range []mathx.AABB{{Max: mathx.V2(side, 1)}, {Min: mathx.V2(0, side-1), Max: mathx.V2(side, side)}, {Max: mathx.V2(1, side)}, {Min: mathx.V2(side-1, 0), Max: mathx.V2(side, side)}} {
		if _, err := w.Phys.AddWall(r, 1); err != nil {
			return nil, err
		}
	}
	g := &game{w: w, m: m, dl: raster.NewDrawList()}
	look, _ := scene.PlaceholderLook(p, color.NRGBA{90, 160, 230, 255}, 0.6, 1)
	tid, _ := w.AddLook(look)
	if g.turret, err = w.Create(scene.EntityDef{Kind: scene.Character, Pos: mathx.V3(side/2, side/2, 0), Radius: 0.6, Health: 1, Look: tid}); err != nil {
		return nil, err
	}
	dlook, _ := scene.PlaceholderLook(p, color.NRGBA{230, 90, 70, 255}, 0.4, 0.6)
	did, _ := w.AddLook(dlook)
	g.droneLook = did
	for i := 0; i < 3; i++ {
		e, err := w.Create(scene.EntityDef{Kind: scene.Character, Radius: 0.4, Health: 2, Look: did, Pos: mathx.V3(4, 4, 0)})
		if err != nil {
			return nil, err
		}
		g.drones = append(g.drones, e)
	}
	dot, _ := scene.PlaceholderBullet(color.NRGBA{255, 220, 120, 255}, 3)
	w.SetBulletSprite(dot)
	w.EnableSound(m, scene.Sounds{
		Fire:     synth("shot", 22050, 2000, 0, 9000, 1, false),
		Wall:     synth("wall", 22050, 1500, 11, 7000, 2, false),
		Hit:      synth("hit", 22050, 2500, 25, 12000, 2, false),
		Death:    synth("boom", 22050, 9000, 0, 16000, 4, false),
		Listener: g.turret, Vary: 0.05,
	})
	w.SetListener(w.Pos(g.turret))
	m.Play(music(), audio.Options{Loop: true, Volume: 0.5, IgnorePause: true})
	w.Events.BulletHit.Subscribe(func(h scene.BulletHitEvent) { w.Damage(h.Target, h.Damage, h.Owner) })
	cam := iso.NewCamera(W, H)
	cam.Center = grid.ToScreen(mathx.V3(side/2, side/2, 0))
	g.pt = iso.NewPainter(grid, cam)
	return g, nil
}

func (g *game) Mixer() *audio.Mixer { return g.m }

func (g *game) Update(in *platform.Input) error {
	if in.KeyPressed(platform.KeyP) {
		if g.paused = !g.paused; g.paused {
			g.m.Pause()
		} else {
			g.m.Resume()
		}
	}
	if g.paused {
		return nil
	}
	t := float64(g.w.Tick()) * g.w.Dt()
	c := g.w.Pos(g.turret).XY()
	for i, d := range g.drones {
		a := 0.6*t + float64(i)*2*math.Pi/3
		r := 4 + 6*float64(i)/2 // one near, one mid, one far
		if !g.w.Alive(d) {      // respawned on its orbit
			e, err := g.w.Create(scene.EntityDef{Kind: scene.Character, Radius: 0.4, Health: 2, Look: g.droneLook, Pos: mathx.V3(c.X+r, c.Y, 0)})
			if err != nil {
				return err
			}
			g.drones[i], d = e, e
		}
		p := c.Add(mathx.FromAngle(a).Scale(r))
		g.w.SetVelocity(d, p.Sub(g.w.Pos(d).XY()).Scale(1/g.w.Dt()))
	}
	if g.w.Tick()%20 == 0 { // aim ahead of the next drone in turn
		d := g.drones[g.w.Tick()/20%3]
		dir := g.w.Pos(d).XY().Sub(c).Unit()
		if err := g.w.Fire(scene.BulletDef{Pos: c.Add(dir.Scale(0.8)), Z: 0.5, Vel: dir.Scale(12), Radius: 0.1, Damage: 1, Owner: g.turret}); err != nil {
			return err
		}
	}
	g.w.Step()
	return nil
}

func (g *game) Draw(f *raster.Frame, alpha float64) {
	g.dl.Reset()
	g.dl.Clear(color.RGBA{16, 20, 16, 255})
	g.w.Render(g.dl, g.pt, alpha)
	g.dl.Draw(f)
}

func main() {
	snd := flag.String("sound", "", "headless: write the mix to this WAV file")
	headlessFlag := flag.Bool("headless", false, "run without a window")
	flag.Parse()
	g, err := newGame()
	if err == nil {
		err = auto.Run(g, platform.Config{Title: "Diorama sound", Width: W, Height: H}, auto.Options{Name: "sound", Sound: *snd, Headless: *headlessFlag})
	}
	if err != nil && !platform.IsQuit(err) {
		log.Fatal(err)
	}
}
