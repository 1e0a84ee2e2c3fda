// Sound: a turret shoots drones circling it; every shot, wall hit and
// explosion is heard where it happens (scene.Audio.Enable), over a music
// loop that plays on when P pauses the rest. `-sound out/sound.wav` runs
// headless and writes the mix (the same on every machine).
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
	droneLook scene.LookID
}

// synth: a square wave (period 0: noise), filtered (k), fading out.
func synth(frames, period int, amp int32, k uint) []int16 {
	d := make([]int16, frames)
	var y int32
	seed := uint32(12345)
	for i := range d {
		x := amp
		if period == 0 {
			seed = seed*1664525 + 1013904223
			x = (int32(seed>>17) - 16384) * amp >> 14
		} else if i/period%2 == 1 {
			x = -amp
		}
		y += (x - y) >> k
		d[i] = int16(y * int32(frames-i) / int32(frames))
	}
	return d
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
	m, _ := audio.NewMixer(audio.Config{Rate: 44100, TPS: w.TPS()}) // a valid configuration
	floor := iso.TileLayer{Tiles: make([]int32, side*side), Sprites: []*raster.Sprite{raster.MustSprite(iso.TileImage(p, color.RGBA{50, 60, 50, 255}))}}
	w.Layers = []scene.Layer{{Name: "floor", TileLayer: floor}}
	for _, r := range []mathx.AABB{{Max: mathx.V2(side, 1)}, {Min: mathx.V2(0, side-1), Max: mathx.V2(side, side)}, {Max: mathx.V2(1, side)}, {Min: mathx.V2(side-1, 0), Max: mathx.V2(side, side)}} {
		w.Phys.AddWall(r, 1) // the arena's edges: bullets hit them
	}
	g := &game{w: w, m: m, dl: raster.NewDrawList(), drones: make([]scene.Entity, 3)} // Update spawns the drones
	look, _ := scene.PlaceholderLook(p, color.NRGBA{90, 160, 230, 255}, 0.6, 1)
	tid, _ := w.Looks().Add(look)
	g.turret, _ = w.Create(scene.EntityDef{Kind: scene.Character, Pos: mathx.V3(side/2, side/2, 0), Radius: 0.6, Health: 1, Look: tid})
	dlook, _ := scene.PlaceholderLook(p, color.NRGBA{230, 90, 70, 255}, 0.4, 0.6)
	g.droneLook, _ = w.Looks().Add(dlook)
	dot, _ := scene.PlaceholderBullet(color.NRGBA{255, 220, 120, 255}, 3)
	w.Bullets().SetSprite(dot)
	sound := func(frames, period int, amp int32, k uint) *audio.Sound {
		s, _ := audio.NewSound("sfx", 22050, 1, synth(frames, period, amp, k))
		return s
	}
	w.Audio().Enable(m, scene.Sounds{Fire: sound(2000, 0, 9000, 1), Wall: sound(1500, 11, 7000, 2),
		Hit: sound(2500, 25, 12000, 2), Death: sound(9000, 0, 16000, 4), Listener: g.turret, Vary: 0.05})

	w.Audio().SetListener(w.Pos(g.turret))
	var bass []int16 // two seconds: four notes of about 110, 131, 147 and 131 Hz
	for _, period := range []int{50, 42, 37, 42} {
		bass = append(bass, synth(11025, period, 5000, 3)...)
	}
	music, _ := audio.NewSound("music", 22050, 1, bass)
	m.Play(music, audio.Options{Loop: true, Volume: 0.5, IgnorePause: true})
	cam := iso.NewCamera(W, H)
	cam.Center = grid.ToScreen(mathx.V3(side/2, side/2, 0))
	g.pt = iso.NewPainter(grid, cam)
	return g, nil
}

func (g *game) Mixer() *audio.Mixer { return g.m }

func (g *game) Update(in *platform.Input) error {
	if in.KeyPressed(platform.KeyP) && !g.m.Paused() {
		g.m.Pause()
	} else if in.KeyPressed(platform.KeyP) {
		g.m.Resume()
	}
	if g.m.Paused() {
		return nil
	}
	t, dt := float64(g.w.Tick())*g.w.Dt(), g.w.Dt()
	c := g.w.Pos(g.turret).XY()
	orbit := func(i int, t float64) mathx.Vec2 { // one drone near, one mid, one far
		return c.Add(mathx.FromAngle(0.6*t + float64(i)*2*math.Pi/3).Scale(4 + 3*float64(i)))
	}
	for i, d := range g.drones {
		if !g.w.Alive(d) { // (re)spawned on its orbit
			p := orbit(i, t)
			d, _ = g.w.Create(scene.EntityDef{Kind: scene.Character, Radius: 0.4, Health: 2, Look: g.droneLook, Pos: mathx.V3(p.X, p.Y, 0)})
			g.drones[i] = d
		}
		g.w.SetVelocity(d, orbit(i, t+dt).Sub(g.w.Pos(d).XY()).Scale(1/dt))
	}
	if g.w.Tick()%20 == 0 { // aim where the next drone in turn will be
		i := int(g.w.Tick() / 20 % 3)
		dir := orbit(i, t+dt+float64(4+3*i)/12).Sub(c).Unit()
		g.w.Bullets().Fire(scene.BulletDef{Pos: c.Add(dir.Scale(0.8)), Z: 0.5, Vel: dir.Scale(12), Radius: 0.1, Damage: 1, Owner: g.turret})
	}
	g.w.Step()
	for _, h := range g.w.Events.BulletHits() { // the world plays the hit and death sounds itself
		g.w.Damage(h.Target, h.Damage, h.Owner)
	}
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
	flag.Parse()
	g, err := newGame()
	if err == nil {
		err = auto.Run(g, platform.Config{Title: "Diorama sound", Width: W, Height: H}, auto.Options{Name: "sound", Sound: *snd, Headless: *snd != ""})
	}
	if err != nil && !platform.IsQuit(err) {
		log.Fatal(err)
	}
}
