package scene

import (
	"slices"
	"testing"

	"diorama/internal/testenv"
)

func TestBusOrder(t *testing.T) {
	var b Bus[int]
	var got []string
	b.Subscribe(func(v int) { got = append(got, "a") })
	b.Subscribe(func(v int) { got = append(got, "b") })
	b.Subscribe(func(v int) { got = append(got, "c") })
	if s := b.Subscribe(nil); s != 0 {
		t.Fatalf("nil listener got sub %d", s)
	}
	b.Dispatch(1)
	if want := []string{"a", "b", "c"}; !slices.Equal(got, want) {
		t.Fatalf("order %v, want %v", got, want)
	}
	if b.Len() != 3 {
		t.Fatalf("Len %d", b.Len())
	}
}

func TestBusUnsubscribeDuringDispatch(t *testing.T) {
	var b Bus[int]
	var got []string
	var sb, sc Sub
	b.Subscribe(func(v int) {
		got = append(got, "a")
		if v == 1 {
			if !b.Unsubscribe(sc) { // c has not run yet: it must be skipped
				t.Error("unsubscribe c failed")
			}
			if !b.Unsubscribe(sb) {
				t.Error("unsubscribe b failed")
			}
			b.Subscribe(func(int) { got = append(got, "d") }) // waits for the next dispatch
		}
	})
	sb = b.Subscribe(func(int) { got = append(got, "b") })
	sc = b.Subscribe(func(int) { got = append(got, "c") })
	b.Subscribe(func(int) { got = append(got, "e") })
	b.Dispatch(1)
	if want := []string{"a", "e"}; !slices.Equal(got, want) {
		t.Fatalf("first dispatch %v, want %v", got, want)
	}
	got = got[:0]
	b.Dispatch(2)
	if want := []string{"a", "e", "d"}; !slices.Equal(got, want) {
		t.Fatalf("second dispatch %v, want %v", got, want)
	}
	if b.Unsubscribe(sb) {
		t.Fatal("second unsubscribe of b reported true")
	}
	if b.Unsubscribe(0) {
		t.Fatal("unsubscribe of the zero Sub reported true")
	}
	if b.Len() != 3 || len(b.ls) != 3 {
		t.Fatalf("Len %d, %d slots after compaction", b.Len(), len(b.ls))
	}
}

func TestBusSelfUnsubscribeAndNesting(t *testing.T) {
	var b Bus[int]
	var got []int
	var once Sub
	once = b.Subscribe(func(v int) {
		got = append(got, 100+v)
		b.Unsubscribe(once)
		if v == 1 {
			b.Dispatch(2) // nested: "once" is already gone
		}
	})
	b.Subscribe(func(v int) { got = append(got, v) })
	b.Dispatch(1)
	b.Dispatch(3)
	if want := []int{101, 2, 1, 3}; !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
}

func TestBusNoAllocs(t *testing.T) {
	var b Bus[BulletHitEvent]
	n := 0
	b.Subscribe(func(h BulletHitEvent) { n += int(h.Damage) })
	b.Subscribe(func(h BulletHitEvent) { n++ })
	ev := BulletHitEvent{Damage: 2}
	if a := testenv.AllocsOver(100, func() { b.Dispatch(ev) }); a != 0 {
		t.Fatalf("Dispatch allocates %v", a)
	}
	if n != 3*101 {
		t.Fatalf("n = %d", n)
	}
}
