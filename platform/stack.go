package platform

import "diorama/raster"

// Below says what a scene pushed on a Stack lets the scenes under it do.
type Below uint8

// The policies of a pushed scene toward the scenes under it.
const (
	// Paused: the scenes below are drawn but not updated (a pause menu
	// over a frozen level).
	Paused Below = iota
	// Running: the scenes below keep updating and are drawn (a dialog
	// over a level that goes on).
	Running
	// Covered: the scenes below are neither updated nor drawn (a
	// full-screen menu).
	Covered
)

// Stack is a Game made of scenes on top of each other: a level, a pause
// menu pushed over it, a dialog over that. The top scene gets the input;
// each scene's Below policy says whether the ones under it update and
// show. Push and Pop may be called from inside Update; they take effect
// for the next tick.
type Stack struct {
	games  []Game
	below  []Below
	pushes []Game
	pols   []Below
	pops   int
	quiet  Input // what running scenes under the top see: no input
}

// Push puts g on top with policy b toward the scenes under it.
func (s *Stack) Push(g Game, b Below) {
	s.pushes = append(s.pushes, g)
	s.pols = append(s.pols, b)
}

// Pop removes the top scene (at the next tick).
func (s *Stack) Pop() { s.pops++ }

// Len returns the number of scenes, counting pending pushes and pops.
func (s *Stack) Len() int { return max(len(s.games)-s.pops, 0) + len(s.pushes) }

// Top returns the top scene, or nil.
func (s *Stack) Top() Game {
	s.apply()
	if len(s.games) == 0 {
		return nil
	}
	return s.games[len(s.games)-1]
}

func (s *Stack) apply() {
	for ; s.pops > 0 && len(s.games) > 0; s.pops-- {
		s.games[len(s.games)-1] = nil
		s.games, s.below = s.games[:len(s.games)-1], s.below[:len(s.below)-1]
	}
	s.pops = 0
	s.games = append(s.games, s.pushes...)
	s.below = append(s.below, s.pols...)
	clear(s.pushes)
	s.pushes, s.pols = s.pushes[:0], s.pols[:0]
}

// Update updates the top scene with the input and, going down, every
// scene that the ones above it leave Running (they get an input with no
// keys held). It returns the first error, ErrQuit when the stack is
// empty.
func (s *Stack) Update(in *Input) error {
	s.apply()
	if len(s.games) == 0 {
		return ErrQuit
	}
	top := len(s.games) - 1
	if err := s.games[top].Update(in); err != nil {
		return err
	}
	for k := top - 1; k >= 0 && s.below[k+1] == Running; k-- {
		if err := s.games[k].Update(&s.quiet); err != nil {
			return err
		}
	}
	return nil
}

// Draw draws, bottom first, every scene not Covered by one above it.
func (s *Stack) Draw(f *raster.Frame, alpha float64) {
	first := 0
	for k := len(s.games) - 1; k > 0; k-- {
		if s.below[k] == Covered {
			first = k
			break
		}
	}
	for k := first; k < len(s.games); k++ {
		s.games[k].Draw(f, alpha)
	}
}
