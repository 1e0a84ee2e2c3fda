package sound

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"diorama/audio"
)

// Start never fails: on a machine with a device it plays (and holds no
// more than the latency target between the mixer and the device); on one
// without (as this repository's build machine: no /dev/snd, no sound
// server) it is silent and says why in exactly one line.
func TestStart(t *testing.T) {
	m, err := audio.NewMixer(audio.Config{})
	if err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	out := Start(m, &log)
	defer out.Close()
	if !out.Playing() {
		if n := strings.Count(log.String(), "\n"); n != 1 || !strings.Contains(log.String(), "no sound") || out.Reason() == "" {
			t.Fatalf("silent output logged %d lines: %q (reason %q)", n, log.String(), out.Reason())
		}
		t.Logf("silent: %s", strings.TrimSpace(log.String()))
		return
	}
	time.Sleep(200 * time.Millisecond)
	if b := out.Buffered(); b > 50*time.Millisecond {
		t.Fatalf("%v buffered between the mixer and the device, over 50 ms", b)
	}
	t.Logf("playing; %v buffered", out.Buffered())
	if log.Len() != 0 {
		t.Fatalf("a playing output logged %q", log.String())
	}
	var nilOut *Output
	if nilOut.Playing() || nilOut.Close() != nil || nilOut.Buffered() != 0 {
		t.Fatal("the nil Output is not silent")
	}
}
