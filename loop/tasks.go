package loop

import "time"

// Task is a periodic task: it is called with the current tick number and
// returns true when it is done, after which the Scheduler drops it.
type Task func(tick uint64) (done bool)

// TaskID names a scheduled task for Cancel. IDs are never reused.
type TaskID uint64

type task struct {
	id        TaskID
	period    int
	countdown int
	fn        Task
	dead      bool
}

// Scheduler runs periodic tasks whose periods are counted in ticks, in the
// order they were added (deterministic). Call Run once per tick. Tasks may
// add and cancel tasks from inside Run: a task added during Run starts
// counting at the next Run, a task cancelled during Run is not called again.
// In steady state Run does not allocate.
//
// The zero Scheduler is ready to use.
type Scheduler struct {
	tasks   []task
	pending []task
	next    TaskID
	running bool
}

// Every schedules fn every period ticks (period < 1 counts as 1): it first
// runs on the period-th Run after Every, then every period Runs, until it
// returns true or is cancelled. A nil fn is ignored and gets ID 0.
func (s *Scheduler) Every(period int, fn Task) TaskID {
	if fn == nil {
		return 0
	}
	if period < 1 {
		period = 1
	}
	s.next++
	t := task{id: s.next, period: period, countdown: period, fn: fn}
	if s.running {
		s.pending = append(s.pending, t)
	} else {
		s.tasks = append(s.tasks, t)
	}
	return t.id
}

// Cancel stops the task with the given id; it reports whether the task was
// still scheduled.
func (s *Scheduler) Cancel(id TaskID) bool {
	for i := range s.tasks {
		if s.tasks[i].id == id && !s.tasks[i].dead {
			s.tasks[i].dead = true
			if !s.running {
				s.compact()
			}
			return true
		}
	}
	for i := range s.pending {
		if s.pending[i].id == id && !s.pending[i].dead {
			s.pending[i].dead = true
			return true
		}
	}
	return false
}

// Len returns the number of scheduled tasks.
func (s *Scheduler) Len() int {
	n := 0
	for i := range s.tasks {
		if !s.tasks[i].dead {
			n++
		}
	}
	for i := range s.pending {
		if !s.pending[i].dead {
			n++
		}
	}
	return n
}

// Run advances every task by one tick and calls those that are due, in the
// order they were added; tasks returning true are removed.
func (s *Scheduler) Run(tick uint64) {
	s.running = true
	for i := 0; i < len(s.tasks); i++ {
		t := &s.tasks[i]
		if t.dead {
			continue
		}
		t.countdown--
		if t.countdown > 0 {
			continue
		}
		t.countdown = t.period
		if t.fn(tick) {
			// Index again: t.fn may have appended to pending, never to tasks.
			s.tasks[i].dead = true
		}
	}
	s.running = false
	s.compact()
	if len(s.pending) > 0 {
		for _, p := range s.pending {
			if !p.dead {
				s.tasks = append(s.tasks, p)
			}
		}
		clear(s.pending)
		s.pending = s.pending[:0]
	}
}

func (s *Scheduler) compact() {
	w := 0
	for _, t := range s.tasks {
		if !t.dead {
			s.tasks[w] = t
			w++
		}
	}
	clear(s.tasks[w:]) // release closures
	s.tasks = s.tasks[:w]
}

// TicksFor converts a task interval to a period in ticks of the given step,
// rounded to the nearest tick and at least 1. IsoMob's 33, 99, 330 and 990
// ms at a 33 ms (or 1/30 s) step are 1, 3, 10 and 30 ticks.
func TicksFor(interval, step time.Duration) int {
	if step <= 0 || interval <= step {
		return 1
	}
	n := (interval + step/2) / step
	if n > 1<<30 {
		n = 1 << 30
	}
	return int(n)
}
