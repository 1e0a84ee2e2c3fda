package webbench

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

func TestQueryRoundTrip(t *testing.T) {
	p := Params{Rings: []int{18, 36, 6250}, Warmup: 300, Frames: 600, Seed: 1 << 40}
	got, err := ParseQuery("?" + p.Query())
	if err != nil || !reflect.DeepEqual(got, p) {
		t.Fatalf("ParseQuery(Query()) = %+v, %v; want %+v", got, err, p)
	}
	want := []string{"-rings=18,36,6250", "-warmup=300", "-frames=600", "-seed=1099511627776"}
	if a := p.Args(); !reflect.DeepEqual(a, want) {
		t.Fatalf("Args() = %q, want %q", a, want)
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ q, want string }{
		{"warmup=1&frames=1&seed=1", `missing "rings"`},
		{"rings=18&frames=1&seed=1", `missing "warmup"`},
		{"rings=&warmup=0&frames=1&seed=1", "rings: empty"},
		{"rings=18,x&warmup=0&frames=1&seed=1", `rings[1] = "x"`},
		{"rings=0&warmup=0&frames=1&seed=1", `rings[0] = "0"`},
		{"rings=70000&warmup=0&frames=1&seed=1", "[1, 65536]"},
		{"rings=" + strings.Repeat("1,", MaxRings) + "1&warmup=0&frames=1&seed=1", "more than 32"},
		{"rings=18&warmup=-1&frames=1&seed=1", `warmup = "-1"`},
		{"rings=18&warmup=0&frames=0&seed=1", `frames = "0"`},
		{"rings=18&warmup=0&frames=100001&seed=1", `frames = "100001"`},
		{"rings=18&warmup=0&frames=1&seed=-1", `seed = "-1"`},
		{"rings=18&warmup=0&frames=1&seed=1&%zz", "invalid URL escape"},
	} {
		_, err := ParseQuery(c.q)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseQuery(%q) error %v, want one containing %q", c.q, err, c.want)
		}
	}
}

// TestBenchDeterministic runs the workload natively twice: the same
// simulation counts (the seed's ring of 36 peaks at 297 alive) and one
// frame time per frame.
func TestBenchDeterministic(t *testing.T) {
	p := Params{Rings: []int{36}, Warmup: 300, Frames: 40, Seed: 1}
	a, err := Bench(p)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Bench(p)
	if err != nil {
		t.Fatal(err)
	}
	if a[0].MaxAlive != 297 || a[0].MaxAlive != b[0].MaxAlive || a[0].Fired != b[0].Fired || a[0].WallHits != b[0].WallHits {
		t.Fatalf("runs differ or wrong peak: %d/%d/%d vs %d/%d/%d", a[0].MaxAlive, a[0].Fired, a[0].WallHits, b[0].MaxAlive, b[0].Fired, b[0].WallHits)
	}
	if a[0].Frames != 40 || len(a[0].Series) != 40 || a[0].Total.P50 <= 0 {
		t.Fatalf("frames %d, series %d, p50 %v", a[0].Frames, len(a[0].Series), a[0].Total.P50)
	}
}

func FuzzParseQuery(f *testing.F) {
	f.Add("rings=18,72&warmup=300&frames=600&seed=1")
	f.Add("rings=1&warmup=0&frames=1&seed=0")
	f.Add("%")
	f.Fuzz(func(t *testing.T, q string) {
		p, err := ParseQuery(q)
		if err != nil {
			return
		}
		if len(p.Rings) == 0 || len(p.Rings) > MaxRings || p.Frames < 1 || p.Frames > MaxTicks || p.Warmup < 0 || p.Warmup > MaxTicks {
			t.Fatalf("ParseQuery(%q) accepted %+v", q, p)
		}
		for _, n := range p.Rings {
			if n < 1 || n > MaxRing {
				t.Fatalf("ParseQuery(%q) accepted ring %d", q, n)
			}
		}
		if q2, err := ParseQuery(p.Query()); err != nil || !reflect.DeepEqual(q2, p) {
			t.Fatalf("round trip of %+v: %+v, %v", p, q2, err)
		}
	})
}

func ExampleParams_Query() {
	p := Params{Rings: []int{18, 72}, Warmup: 300, Frames: 600, Seed: 1}
	fmt.Println(p.Query())
	back, err := ParseQuery(p.Query())
	fmt.Println(back.Rings, back.Frames, err)
	// Output:
	// frames=600&rings=18%2C72&seed=1&warmup=300
	// [18 72] 600 <nil>
}
