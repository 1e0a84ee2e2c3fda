package loadutil

import (
	"math"
	"testing"
	"time"
)

func TestDefaults(t *testing.T) {
	type limits struct {
		MaxFileBytes int64
		MaxDepth     int
		MaxCoord     float64
		MaxTime      time.Duration
		MaxChannels  uint8
		Name         string
	}
	def := limits{MaxFileBytes: 1 << 20, MaxDepth: 64, MaxCoord: 1e6, MaxTime: time.Second, MaxChannels: 8, Name: "default"}
	got := Defaults(limits{MaxDepth: 3, MaxCoord: math.NaN(), MaxTime: -1, Name: "mine"}, def)
	want := limits{MaxFileBytes: 1 << 20, MaxDepth: 3, MaxCoord: 1e6, MaxTime: time.Second, MaxChannels: 8, Name: "mine"}
	if got != want {
		t.Errorf("Defaults = %+v, want %+v", got, want)
	}
	if got := Defaults(limits{}, def); got.MaxFileBytes != def.MaxFileBytes || got.Name != "" {
		t.Errorf("zero limits: %+v", got)
	}
	big := limits{MaxFileBytes: 1 << 40, MaxDepth: 1, MaxCoord: math.Inf(1), MaxTime: time.Hour, MaxChannels: 255}
	if got := Defaults(big, def); got != big {
		t.Errorf("set limits changed: %+v", got)
	}
}
