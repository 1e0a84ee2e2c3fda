package nav

import "errors"

// Errors returned by the searches, graphs and builders. They are sentinel
// values: compare with errors.Is, since some are wrapped with detail.
var (
	// ErrNoPath says the goal cannot be reached from the start.
	ErrNoPath = errors.New("nav: no path")
	// ErrOutOfBounds says a start, goal or cell lies outside the map or
	// names a node that does not exist.
	ErrOutOfBounds = errors.New("nav: outside the map")
	// ErrBlocked says a start or goal lies inside a wall.
	ErrBlocked = errors.New("nav: start or goal is blocked")
	// ErrBadCost says a cost or weight is negative, zero where that is not
	// allowed, NaN or infinite.
	ErrBadCost = errors.New("nav: bad cost")
	// ErrEmptyMap says a map has no cells.
	ErrEmptyMap = errors.New("nav: empty map")
	// ErrTooLarge says a map or graph is larger than the package accepts.
	ErrTooLarge = errors.New("nav: map too large")
	// ErrBudget says a search stopped after its MaxExpand node budget.
	ErrBudget = errors.New("nav: expansion budget exhausted")
	// ErrNotUniform says Jump Point Search was asked to run on a grid that
	// is not a uniform-cost 8-way grid.
	ErrNotUniform = errors.New("nav: jump point search needs a uniform 8-way grid")
)
