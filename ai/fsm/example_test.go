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

type sentry struct {
	sees bool
	log  []string
}

// A machine written as text: the game registers the conditions and
// actions its states name, then every agent runs the shared chart.
func ExampleRegistry_Parse() {
	r := fsm.NewRegistry[*sentry]()
	r.Condition("seesPlayer", 0, func(s *sentry, _ []float64) bool { return s.sees })
	r.Action("say", 1, func(s *sentry, a []float64) { s.log = append(s.log, fmt.Sprint("say ", a[0])) })
	const src = `
machine sentry
  state watch
    when seesPlayer -> alarm
  state alarm
    enter say 1
    do say 2
    when after 3 -> watch
`
	chart, err := r.Parse("sentry.fsm", src, "sentry")
	if err != nil {
		fmt.Println(err)
		return
	}
	s := &sentry{}
	m, _ := chart.Start(s, 1)
	s.sees = true
	m.Update() // watch -> alarm
	s.sees = false
	for range 3 {
		m.Update()
	}
	fmt.Println(m.Current().Name, s.log)
	// Output: watch [say 1 say 2 say 2]
}
