package sound

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"os/exec"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"diorama/audio"
)

// tap is the mixer as the device reads it, noting when the first
// non-silent sample leaves it after a mark.
type tap struct {
	m      *audio.Mixer
	mu     sync.Mutex
	armed  bool
	heard  time.Time
	heardC chan struct{}
}

func (t *tap) Read(p []byte) (int, error) {
	n, err := t.m.Read(p)
	t.mu.Lock()
	if t.armed {
		for _, b := range p[:n] {
			if b != 0 {
				t.armed, t.heard = false, time.Now()
				close(t.heardC)
				break
			}
		}
	}
	t.mu.Unlock()
	return n, err
}

var _ io.Reader = (*tap)(nil)

// monitor records the sound server's default sink through its monitor
// source (parec, PulseAudio's or PipeWire's recorder) and notes when a
// loud sample first arrives after a mark: the click has gone through the
// whole output path, mixer, oto, ALSA, the server and its sink, and back
// out through a recorder (whose own latency makes this an upper bound).
type monitor struct {
	cmd    *exec.Cmd
	mu     sync.Mutex
	armed  bool
	heard  time.Time
	heardC chan struct{}
}

// startMonitor starts parec on the default sink's monitor, or says why not.
func startMonitor(t *testing.T) (*monitor, string) {
	sink, err := exec.Command("pactl", "get-default-sink").Output()
	if err != nil {
		return nil, "pactl get-default-sink: " + err.Error()
	}
	src := strings.TrimSpace(string(sink)) + ".monitor"
	cmd := exec.Command("parec", "-d", src, "--raw", "--format=s16le", "--rate=48000", "--channels=1", "--latency-msec=2")
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err.Error()
	}
	if err := cmd.Start(); err != nil {
		return nil, "parec: " + err.Error()
	}
	mon := &monitor{cmd: cmd}
	go func() {
		r := bufio.NewReaderSize(out, 256)
		var b [2]byte
		for {
			if _, err := io.ReadFull(r, b[:]); err != nil {
				return
			}
			x := int16(binary.LittleEndian.Uint16(b[:]))
			if x > 2000 || x < -2000 {
				mon.mu.Lock()
				if mon.armed {
					mon.armed, mon.heard = false, time.Now()
					close(mon.heardC)
				}
				mon.mu.Unlock()
			}
		}
	}()
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	return mon, src
}

// TestLatency measures, on a machine with a sound output (a device, or a
// PulseAudio or PipeWire server, as a null sink), the time from Play to
// the sound's first samples leaving the mixer into the driver, plus what
// the output holds between the mixer and the device then (oto's player
// read-ahead and the device buffer asked for): the latency this engine
// adds, against the 50 ms target. Where a sound server is reachable and
// parec is installed, it also times each click end to end: from Play to
// the click arriving in a recording of the server's sink (its monitor
// source), which adds the server's own buffering and the recorder's
// (an upper bound of what reaches the sink). Skipped without an output;
// scripts/latency.sh starts a PulseAudio null sink and runs it.
func TestLatency(t *testing.T) {
	m, err := audio.NewMixer(audio.Config{})
	if err != nil {
		t.Fatal(err)
	}
	tp := &tap{m: m}
	var log bytes.Buffer
	out := startReader(tp, m.Rate(), &log)
	defer out.Close()
	if !out.Playing() {
		t.Skipf("no sound output here: %s", out.Reason())
	}
	mon, src := startMonitor(t)
	if mon == nil {
		t.Logf("no end-to-end timing: %s", src)
	}
	samples := make([]int16, 480)
	for i := range samples {
		samples[i] = 10000
	}
	click, _ := audio.NewSound("click", 48000, 1, samples)
	time.Sleep(300 * time.Millisecond) // let the device settle
	var lat, e2e []time.Duration
	var held time.Duration
	for i := 0; i < 20; i++ {
		tp.mu.Lock()
		tp.armed, tp.heardC = true, make(chan struct{})
		tp.mu.Unlock()
		if mon != nil {
			mon.mu.Lock()
			mon.armed, mon.heardC = true, make(chan struct{})
			mon.mu.Unlock()
		}
		start := time.Now()
		m.Play(click, audio.Options{})
		select {
		case <-tp.heardC:
		case <-time.After(2 * time.Second):
			t.Fatal("the played sound never left the mixer")
		}
		b := out.Buffered()
		held = max(held, b)
		lat = append(lat, tp.heard.Sub(start)+b)
		if mon != nil {
			select {
			case <-mon.heardC:
				e2e = append(e2e, mon.heard.Sub(start))
			case <-time.After(3 * time.Second):
				t.Errorf("play %d: the click never reached %s", i, src)
			}
		}
		time.Sleep(time.Duration(60+i*13%50) * time.Millisecond) // the 10 ms click is over
	}
	pct := func(d []time.Duration) string {
		sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
		return fmt.Sprintf("min %v, median %v, 90th percentile %v, worst %v", d[0], d[len(d)/2], d[len(d)*9/10], d[len(d)-1])
	}
	t.Logf("Play to the device: %s (of which buffered after the mixer at most %v), %d plays", pct(lat), held, len(lat))
	if lat[len(lat)/2] > 50*time.Millisecond {
		t.Errorf("median latency %v over 50 ms", lat[len(lat)/2])
	}
	if len(e2e) > 0 {
		t.Logf("Play to the click recorded from %s (end to end, with the server's and the recorder's buffering): %s, %d plays", src, pct(e2e), len(e2e))
	}
}
