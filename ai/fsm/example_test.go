package fsm_test

import (
	"fmt"

	"diorama/ai/fsm"
)

type soldier struct {
	dist   float64
	health int
}

const (
	hit fsm.Event = iota + 1
)

// Seed 003's enemy brain: wander, attack when the player is near, flee on
// low health (an event-driven transition), with wander and attack nested
// in an "engaged" super-state that the flee transition leaves.
func Example() {
	var wander, attack, flee fsm.State[*soldier]
	engaged := &fsm.State[*soldier]{Name: "engaged", Initial: &wander}
	say := func(s *fsm.State[*soldier]) func(*soldier, *fsm.Machine[*soldier]) {
		return func(*soldier, *fsm.Machine[*soldier]) { fmt.Println("enter", s.Name) }
	}
	wander = fsm.State[*soldier]{Name: "wander", Parent: engaged, Enter: say(&wander),
		Execute: func(s *soldier, m *fsm.Machine[*soldier]) {
			if s.dist < 5 {
				m.Change(&attack)
			}
		}}
	attack = fsm.State[*soldier]{Name: "attack", Parent: engaged, Enter: say(&attack)}
	flee = fsm.State[*soldier]{Name: "flee", Enter: say(&flee)}
	engaged.Enter = say(engaged)
	engaged.On = []fsm.Transition[*soldier]{{
		Event: hit,
		Guard: func(s *soldier) bool { s.health -= 40; return s.health < 30 },
		To:    &flee,
	}}

	s := &soldier{dist: 20, health: 100}
	m := fsm.New(s, 4)
	if err := m.Start(engaged); err != nil {
		fmt.Println(err)
		return
	}
	m.Update()
	s.dist = 3
	m.Update()
	m.Post(hit) // health 60
	m.Post(hit) // health 20: flee
	m.Update()
	fmt.Println("now", m.Current().Name, "previous", m.Previous().Name)
	// Output:
	// enter engaged
	// enter wander
	// enter attack
	// enter flee
	// now flee previous attack
}
