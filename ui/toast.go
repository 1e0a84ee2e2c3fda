package ui

const maxToasts = 16

type toast struct {
	text  string
	left  int // ticks left
	total int
}

// Toast queues a short message shown at the bottom centre of the screen
// for ticks ticks (the last Theme.ToastFade of them fading out). At most
// Theme.ToastMax toasts show at once, the oldest lowest; the others
// wait their turn. It reports false when the queue (16) is full or ticks
// is not positive.
func (u *UI) Toast(text string, ticks int) bool {
	if ticks <= 0 || u.nToast == maxToasts {
		return false
	}
	u.toasts[u.nToast] = toast{text: text, left: ticks, total: ticks}
	u.nToast++
	return true
}

// Toasts returns the number of queued toasts, shown or waiting.
func (u *UI) Toasts() int { return u.nToast }

func (u *UI) shownToasts() int { return min(u.nToast, max(1, u.Theme.ToastMax)) }

// tickToasts advances the shown toasts by one tick and drops those whose
// time is up.
func (u *UI) tickToasts() {
	shown := u.shownToasts()
	n := 0
	for i := 0; i < u.nToast; i++ {
		t := u.toasts[i]
		if i < shown {
			t.left--
			if t.left <= 0 {
				continue
			}
		}
		u.toasts[n] = t
		n++
	}
	for i := n; i < u.nToast; i++ {
		u.toasts[i] = toast{}
	}
	u.nToast = n
}

// alpha is the toast's opacity in 0..255.
func (t *toast) alpha(fadeTicks int) int {
	if fadeTicks <= 0 || t.left >= fadeTicks {
		return 255
	}
	return t.left * 255 / fadeTicks
}
