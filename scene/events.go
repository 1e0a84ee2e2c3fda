package scene

// Bus is a typed, synchronous event channel: Dispatch calls every listener
// subscribed to it at once, in subscription order, before returning: an
// event interrupts the code that raised it, like a callback, with the
// event's kind in its Go type instead of a string name.
//
// Listeners may subscribe and unsubscribe during a dispatch: a listener
// removed during a dispatch is not called by it if it has not run yet, and
// one added during a dispatch is first called by the next one. Dispatches
// may nest (a listener may dispatch on the same bus). The zero Bus is ready
// to use. Dispatch does not allocate.
type Bus[E any] struct {
	ls    []listener[E]
	next  uint32
	depth int  // nesting of Dispatch calls in progress
	holes bool // some listeners were removed during a dispatch
}

type listener[E any] struct {
	id uint32
	fn func(E)
}

// Sub identifies one subscription, for Unsubscribe. The zero Sub is none.
type Sub uint32

// Subscribe adds fn at the end of the listener list and returns its
// subscription. A nil fn is ignored and returns the zero Sub.
func (b *Bus[E]) Subscribe(fn func(E)) Sub {
	if fn == nil {
		return 0
	}
	b.next++
	b.ls = append(b.ls, listener[E]{id: b.next, fn: fn})
	return Sub(b.next)
}

// Unsubscribe removes the subscription s and reports whether it was
// subscribed. It is safe during a dispatch (the remaining listeners keep
// their order).
func (b *Bus[E]) Unsubscribe(s Sub) bool {
	if s == 0 {
		return false
	}
	for i := range b.ls {
		if b.ls[i].id == uint32(s) && b.ls[i].fn != nil {
			if b.depth > 0 {
				b.ls[i].fn = nil
				b.holes = true
			} else {
				b.ls = append(b.ls[:i], b.ls[i+1:]...)
			}
			return true
		}
	}
	return false
}

// Len returns the number of subscribed listeners.
func (b *Bus[E]) Len() int {
	n := 0
	for i := range b.ls {
		if b.ls[i].fn != nil {
			n++
		}
	}
	return n
}

// Dispatch calls every listener with e, in subscription order.
func (b *Bus[E]) Dispatch(e E) {
	b.depth++
	n := len(b.ls) // listeners added during the dispatch wait for the next one
	for i := 0; i < n; i++ {
		if fn := b.ls[i].fn; fn != nil {
			fn(e)
		}
	}
	b.depth--
	if b.depth == 0 && b.holes {
		k := 0
		for _, l := range b.ls {
			if l.fn != nil {
				b.ls[k] = l
				k++
			}
		}
		clear(b.ls[k:])
		b.ls = b.ls[:k]
		b.holes = false
	}
}
