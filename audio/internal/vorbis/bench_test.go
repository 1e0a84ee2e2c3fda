package vorbis

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"testing"
)

// benchFile encodes 10 s of 44.1 kHz stereo music at oggenc's default
// quality (3).
func benchFile(b *testing.B) []byte {
	data, _ := benchPath(b)
	return data
}

func benchPath(b *testing.B) ([]byte, string) {
	b.Helper()
	needTool(b, "oggenc")
	s := signal{"music", 44100, 2, 10 * 44100, music}
	path := encode(b, b.TempDir(), s, "3")
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	return data, path
}

// BenchmarkDecode decodes a 10 s 44.1 kHz stereo file whole; realtime_x
// is seconds of audio decoded per second.
func BenchmarkDecode(b *testing.B) {
	data := benchFile(b)
	b.SetBytes(int64(len(data)))
	var frames int
	cpu0 := cpuSeconds()
	for b.Loop() {
		snd, err := Decode(data, Limits{})
		if err != nil {
			b.Fatal(err)
		}
		frames = snd.Frames()
	}
	report(b, frames, cpu0)
}

// BenchmarkReader streams the same file through a Reader.
func BenchmarkReader(b *testing.B) {
	data := benchFile(b)
	b.SetBytes(int64(len(data)))
	buf := make([]int16, 4096)
	var frames int
	cpu0 := cpuSeconds()
	for b.Loop() {
		r, err := NewReader(bytes.NewReader(data), Limits{})
		if err != nil {
			b.Fatal(err)
		}
		frames = 0
		for {
			n, err := r.Read(buf)
			frames += n / 2
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
		}
	}
	report(b, frames, cpu0)
}

// report gives decoded frames per wall-clock second, the real-time
// factor (seconds of 44.1 kHz audio per second), and the same per CPU
// second used by the process (robust to a loaded machine; the benchmark
// runs on one goroutine, so one CPU second is one core's second).
func report(b *testing.B, frames int, cpu0 float64) {
	sec := b.Elapsed().Seconds() / float64(b.N)
	b.ReportMetric(float64(frames)/sec, "frames/s")
	b.ReportMetric(float64(frames)/44100/sec, "realtime_x")
	if cpu := (cpuSeconds() - cpu0) / float64(b.N); cpu > 0 {
		b.ReportMetric(float64(frames)/44100/cpu, "realtime_x_cpu")
	}
}

// BenchmarkOggdec is the peer: libvorbis's oggdec decoding the same file
// to raw samples written to /dev/null, timed in the same run (process
// start included; realtime_x_cpu counts the child's CPU time).
func BenchmarkOggdec(b *testing.B) {
	_, path := benchPath(b)
	needTool(b, "oggdec")
	c0 := childCPUSeconds()
	for b.Loop() {
		if out, err := exec.Command("oggdec", "-Q", "-R", "-o", "/dev/null", path).CombinedOutput(); err != nil {
			b.Fatalf("oggdec: %v\n%s", err, out)
		}
	}
	frames := 10 * 44100
	sec := b.Elapsed().Seconds() / float64(b.N)
	b.ReportMetric(float64(frames)/sec, "frames/s")
	b.ReportMetric(float64(frames)/44100/sec, "realtime_x")
	if cpu := (childCPUSeconds() - c0) / float64(b.N); cpu > 0 {
		b.ReportMetric(float64(frames)/44100/cpu, "realtime_x_cpu")
	}
}
