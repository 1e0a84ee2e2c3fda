package tactics

import (
	"fmt"

	"diorama/mathx"
)

// Phase is a state of the [TerrainLoop].
type Phase uint8

// The phases of the terrain-analysis enemy's loop ([TerrainLoop]).
const (
	// Hide: find cover (terrain analysis) and go there.
	Hide Phase = iota
	// Reload: wait in cover until the weapon is loaded.
	Reload
	// Track: leave cover and close in on the threat until it is in sight
	// and in range.
	Track
	// Attack: shoot at the threat until the magazine is empty, then hide
	// again.
	Attack
)

var phaseNames = [...]string{"hide", "reload", "track", "attack"}

// String returns the phase name: hide, reload, track or attack.
func (p Phase) String() string {
	if int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return fmt.Sprintf("Phase(%d)", p)
}

// CoverFinder returns a cover position for an agent at self hiding from a
// threat, or false when there is none. [Analyzer.FindCover] with its world
// queries bound is one.
type CoverFinder func(self, threat mathx.Vec2) (mathx.Vec2, bool)

// LoopConfig tunes a [TerrainLoop]; every number is the game's choice.
type LoopConfig struct {
	Magazine    int     // shots per reload (> 0)
	ReloadTicks int     // ticks spent reloading in cover (>= 0)
	FireTicks   int     // ticks between shots (>= 1)
	AttackRange float64 // attack when the threat is visible and this close
	ArriveDist  float64 // in cover when this close to the cover point
}

// LoopInput is what the loop senses each tick.
type LoopInput struct {
	Self, Threat mathx.Vec2
	// ThreatVisible: the threat is in line of sight (see [Senses]).
	ThreatVisible bool
}

// LoopOutput is what the loop asks the agent to do this tick. The agent's
// movement layer (steering, path following) carries it out.
type LoopOutput struct {
	Phase Phase
	// Move: go to MoveTo; otherwise stand still.
	Move   bool
	MoveTo mathx.Vec2
	// Face is the point to face (the threat, except while hiding).
	Face mathx.Vec2
	// Fire: shoot at the threat this tick.
	Fire bool
}

// TerrainLoop is a terrain-analysis enemy as a reusable component:
// hide (go to the cover the finder picks) → reload (wait in cover) → track
// (approach the threat) → attack (shoot until empty) → hide again. It
// starts hiding with an empty weapon. It is not context-sensitive: a
// hiding agent that is attacked keeps reloading. It is a plain value with no allocation per tick.
type TerrainLoop struct {
	cfg    LoopConfig
	find   CoverFinder
	phase  Phase
	ammo   int
	timer  int
	cover  mathx.Vec2
	placed bool // cover chosen for this hide phase
}

// NewTerrainLoop checks cfg and returns a loop in the Hide phase.
func NewTerrainLoop(cfg LoopConfig, find CoverFinder) (*TerrainLoop, error) {
	switch {
	case cfg.Magazine <= 0:
		return nil, fmt.Errorf("tactics: magazine %d must be > 0", cfg.Magazine)
	case cfg.ReloadTicks < 0:
		return nil, fmt.Errorf("tactics: reload ticks %d must be >= 0", cfg.ReloadTicks)
	case cfg.FireTicks < 1:
		return nil, fmt.Errorf("tactics: fire ticks %d must be >= 1", cfg.FireTicks)
	case !(cfg.AttackRange > 0) || !mathx.IsFinite(cfg.AttackRange):
		return nil, fmt.Errorf("tactics: attack range %v must be finite and > 0", cfg.AttackRange)
	case !(cfg.ArriveDist > 0) || !mathx.IsFinite(cfg.ArriveDist):
		return nil, fmt.Errorf("tactics: arrive distance %v must be finite and > 0", cfg.ArriveDist)
	case find == nil:
		return nil, fmt.Errorf("tactics: nil cover finder")
	}
	return &TerrainLoop{cfg: cfg, find: find}, nil
}

// Phase returns the current phase.
func (l *TerrainLoop) Phase() Phase { return l.phase }

// Ammo returns the shots left in the magazine.
func (l *TerrainLoop) Ammo() int { return l.ammo }

// Cover returns the cover point of the current or last Hide phase.
func (l *TerrainLoop) Cover() mathx.Vec2 { return l.cover }

func (l *TerrainLoop) enter(p Phase) {
	l.phase = p
	switch p {
	case Hide:
		l.placed = false
	case Reload:
		l.timer = l.cfg.ReloadTicks
	case Attack:
		l.timer = 0 // first shot at once
	}
}

// Tick runs one decision step. Non-finite positions make the loop hold
// still (no move, no fire) without changing phase.
func (l *TerrainLoop) Tick(in LoopInput) LoopOutput {
	if !in.Self.IsFinite() || !in.Threat.IsFinite() {
		return LoopOutput{Phase: l.phase, Face: in.Self}
	}
	out := LoopOutput{Face: in.Threat}
	switch l.phase {
	case Hide:
		if !l.placed {
			c, ok := l.find(in.Self, in.Threat)
			if !ok || !c.IsFinite() {
				c = in.Self // nowhere better: reload where we stand
			}
			l.cover, l.placed = c, true
		}
		if in.Self.Dist(l.cover) <= l.cfg.ArriveDist {
			l.enter(Reload)
			break
		}
		out.Move, out.MoveTo, out.Face = true, l.cover, l.cover
	case Reload:
		if l.timer > 0 {
			l.timer--
			break
		}
		l.ammo = l.cfg.Magazine
		l.enter(Track)
		fallthrough
	case Track:
		if in.ThreatVisible && in.Self.Dist(in.Threat) <= l.cfg.AttackRange {
			l.enter(Attack)
			return l.attack(in, out)
		}
		out.Move, out.MoveTo = true, in.Threat
	case Attack:
		return l.attack(in, out)
	}
	out.Phase = l.phase
	return out
}

func (l *TerrainLoop) attack(in LoopInput, out LoopOutput) LoopOutput {
	if !in.ThreatVisible || in.Self.Dist(in.Threat) > l.cfg.AttackRange {
		l.enter(Track)
		out.Phase, out.Move, out.MoveTo = Track, true, in.Threat
		return out
	}
	if l.timer > 0 {
		l.timer--
	} else {
		out.Fire = true
		l.ammo--
		l.timer = l.cfg.FireTicks - 1
	}
	out.Phase = Attack
	if l.ammo == 0 {
		l.enter(Hide)
	}
	return out
}
