package vorbis

import (
	"bytes"
	"diorama/internal/testenv"
	"encoding/binary"
	"io"
	"math/rand/v2"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"
)

// splitPages cuts an Ogg file into its pages.
func splitPages(t testing.TB, data []byte) [][]byte {
	t.Helper()
	var pages [][]byte
	for len(data) > 0 {
		if len(data) < pageHeaderLen || string(data[:4]) != "OggS" {
			t.Fatalf("not a page at %d bytes from the end", len(data))
		}
		nseg := int(data[26])
		n := pageHeaderLen + nseg
		for _, l := range data[pageHeaderLen : pageHeaderLen+nseg] {
			n += int(l)
		}
		pages = append(pages, data[:n:n])
		data = data[n:]
	}
	return pages
}

// fixCRC recomputes the CRC of every whole page in data, in place, so
// that corrupted bytes reach the decoder instead of the CRC check.
func fixCRC(data []byte) {
	for len(data) >= pageHeaderLen && string(data[:4]) == "OggS" {
		nseg := int(data[26])
		if len(data) < pageHeaderLen+nseg {
			return
		}
		n := pageHeaderLen + nseg
		for _, l := range data[pageHeaderLen : pageHeaderLen+nseg] {
			n += int(l)
		}
		if len(data) < n {
			return
		}
		binary.LittleEndian.PutUint32(data[22:], 0)
		binary.LittleEndian.PutUint32(data[22:], crcUpdate(0, data[:n]))
		data = data[n:]
	}
}

// oggFile lays packets out in pages of one stream (each packet on its
// own page, the last page flagged end of stream).
func oggFile(serial uint32, granule int64, packets ...[]byte) []byte {
	var out []byte
	for i, p := range packets {
		var segs []byte
		for r := len(p); ; r -= 255 {
			if r < 255 {
				segs = append(segs, byte(r))
				break
			}
			segs = append(segs, 255)
		}
		for len(segs) > 0 { // more than 255 segments: continued pages
			n := min(len(segs), 255)
			h := make([]byte, pageHeaderLen)
			copy(h, "OggS")
			if i == 0 && len(out) == 0 {
				h[5] |= flagBOS
			}
			if len(p) < len(packets[i]) {
				h[5] |= flagContinued
			}
			if i == len(packets)-1 && n == len(segs) {
				h[5] |= flagEOS
			}
			g := int64(0)
			if i == len(packets)-1 {
				g = granule
			}
			binary.LittleEndian.PutUint64(h[6:], uint64(g))
			binary.LittleEndian.PutUint32(h[14:], serial)
			binary.LittleEndian.PutUint32(h[18:], uint32(bytes.Count(out, []byte("OggS"))))
			h[26] = byte(n)
			body := 0
			for _, l := range segs[:n] {
				body += int(l)
			}
			page := append(append(h, segs[:n]...), p[:body]...)
			binary.LittleEndian.PutUint32(page[22:], crcUpdate(0, page))
			out = append(out, page...)
			p, segs = p[body:], segs[n:]
		}
	}
	return out
}

// bitWriter writes values least significant bit first, as Vorbis reads
// them.
type bitWriter struct {
	b    []byte
	nbit uint
}

func (w *bitWriter) write(v uint64, n uint) {
	for i := range n {
		if w.nbit%8 == 0 {
			w.b = append(w.b, 0)
		}
		if v>>i&1 != 0 {
			w.b[len(w.b)-1] |= 1 << (w.nbit % 8)
		}
		w.nbit++
	}
}

func identPacket(channels int, rate uint32, bs0, bs1 uint) []byte {
	w := &bitWriter{b: []byte("\x01vorbis")}
	w.nbit = 7 * 8
	w.write(0, 32)
	w.write(uint64(channels), 8)
	w.write(uint64(rate), 32)
	w.write(0, 96)
	w.write(uint64(bs0), 4)
	w.write(uint64(bs1), 4)
	w.write(1, 1)
	return w.b
}

var commentPacket = []byte("\x03vorbis\x00\x00\x00\x00\x00\x00\x00\x00\x01")

func mustFail(t *testing.T, data []byte, lim Limits, want string) {
	t.Helper()
	_, err := Decode(data, lim)
	if err == nil {
		t.Fatalf("no error, want one mentioning %q", want)
	}
	if !strings.HasPrefix(err.Error(), "vorbis: ") || !strings.Contains(err.Error(), want) {
		t.Fatalf("error %q, want one starting with \"vorbis: \" mentioning %q", err, want)
	}
}

// headerFail is mustFail for streams whose headers are refused: by
// NewReader as well as Decode.
func headerFail(t *testing.T, data []byte, lim Limits, want string) {
	t.Helper()
	mustFail(t, data, lim, want)
	if _, err := NewReader(bytes.NewReader(data), lim); err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("NewReader: %v, want an error mentioning %q", err, want)
	}
}

// TestBombs: headers claiming more than the limits are refused before
// anything of that size is allocated.
func TestBombs(t *testing.T) {
	t.Run("255 channels", func(t *testing.T) {
		headerFail(t, oggFile(1, 0, identPacket(255, 44100, 8, 11), commentPacket), Limits{}, "255 channels, more than 8 (Limits.MaxChannels)")
	})
	t.Run("rate", func(t *testing.T) {
		headerFail(t, oggFile(1, 0, identPacket(2, 1<<31, 8, 11), commentPacket), Limits{}, "Limits.MaxRate")
	})
	t.Run("block sizes", func(t *testing.T) {
		headerFail(t, oggFile(1, 0, identPacket(2, 44100, 11, 8), commentPacket), Limits{}, "invalid block sizes")
		headerFail(t, oggFile(1, 0, identPacket(2, 44100, 8, 15), commentPacket), Limits{}, "invalid block sizes")
	})
	setup := func(body func(w *bitWriter)) []byte {
		w := &bitWriter{b: []byte("\x05vorbis")}
		w.nbit = 7 * 8
		body(w)
		return oggFile(1, 0, identPacket(2, 44100, 8, 11), commentPacket, w.b)
	}
	t.Run("giant codebook", func(t *testing.T) {
		data := setup(func(w *bitWriter) {
			w.write(0, 8) // one codebook
			w.write(0x564342, 24)
			w.write(65535, 16)   // dimensions
			w.write(1<<24-1, 24) // entries
		})
		headerFail(t, data, Limits{}, "Limits.MaxCodebookEntries")
	})
	t.Run("giant dimensions", func(t *testing.T) {
		data := setup(func(w *bitWriter) {
			w.write(0, 8)
			w.write(0x564342, 24)
			w.write(65535, 16)
			w.write(4, 24)
		})
		headerFail(t, data, Limits{}, "Limits.MaxCodebookDims")
	})
	t.Run("giant lookup", func(t *testing.T) {
		// 1<<17 entries of 256 dimensions, lengths ordered (a few bits),
		// lookup type 2: 33.5 M values, more than the setup budget.
		data := setup(func(w *bitWriter) {
			w.write(0, 8)
			w.write(0x564342, 24)
			w.write(256, 16)
			w.write(1<<17, 24)
			w.write(1, 1) // ordered
			w.write(16, 5)
			w.write(1<<17, ilog(1<<17)) // all of length 17
			w.write(2, 4)               // lookup type 2
			w.write(0, 32)
			w.write(0, 32)
			w.write(7, 4)
			w.write(0, 1)
		})
		headerFail(t, data, Limits{}, "Limits.MaxSetupValues")
	})
	t.Run("many codebooks", func(t *testing.T) {
		// 256 codebooks of 1<<17 entries each: every one within the
		// per-book limit, together over the setup budget.
		data := setup(func(w *bitWriter) {
			w.write(255, 8)
			for range 256 {
				w.write(0x564342, 24)
				w.write(1, 16)
				w.write(1<<17, 24)
				w.write(1, 1)
				w.write(16, 5)
				w.write(1<<17, ilog(1<<17))
				w.write(0, 4)
			}
		})
		headerFail(t, data, Limits{}, "Limits.MaxSetupValues")
	})
	t.Run("huge packet", func(t *testing.T) {
		big := make([]byte, 1<<20)
		data := oggFile(1, 0, identPacket(2, 44100, 8, 11), commentPacket, append([]byte("\x05vorbis"), big...))
		headerFail(t, data, Limits{MaxPacketBytes: 1 << 19}, "Limits.MaxPacketBytes")
	})

	needTool(t, "oggenc")
	dir := t.TempDir()
	real, err := os.ReadFile(encode(t, dir, signal{"noise", 22050, 2, 22050, noise(nil)}, "2"))
	if err != nil {
		t.Fatal(err)
	}
	pages := splitPages(t, real)
	withGranule := func(g int64) []byte {
		d := bytes.Clone(real)
		last := len(d) - len(pages[len(pages)-1])
		binary.LittleEndian.PutUint64(d[last+6:], uint64(g))
		fixCRC(d)
		return d
	}
	t.Run("2^31 frames", func(t *testing.T) {
		mustFail(t, withGranule(1<<31), Limits{}, "frames, more than 172800000 (Limits.MaxFrames)")
	})
	t.Run("granule over MaxSamples", func(t *testing.T) {
		mustFail(t, withGranule(40<<20), Limits{}, "Limits.MaxSamples")
	})
	t.Run("frames counted", func(t *testing.T) {
		// The granule is within limits, but the stream decodes to more
		// frames than MaxFrames: counted as it goes.
		mustFail(t, withGranule(1000), Limits{MaxFrames: 1000}, "Limits.MaxFrames")
		r, err := NewReader(bytes.NewReader(real), Limits{MaxFrames: 1000})
		if err != nil {
			t.Fatal(err)
		}
		buf := make([]int16, 4096)
		for {
			_, err = r.Read(buf)
			if err != nil {
				break
			}
		}
		if err == io.EOF || !strings.Contains(err.Error(), "Limits.MaxFrames") {
			t.Fatalf("Reader: %v, want the MaxFrames limit", err)
		}
	})
	t.Run("seconds", func(t *testing.T) {
		// The file is exactly one second at 22.05 kHz: refused when
		// MaxFrames is a frame short whatever MaxSeconds says, decoded
		// under MaxSeconds 1, and refused by MaxSeconds when its granule
		// claims two seconds.
		mustFail(t, real, Limits{MaxSeconds: 1, MaxFrames: 22049}, "Limits.MaxFrames")
		if _, err := Decode(real, Limits{MaxSeconds: 1}); err != nil {
			t.Fatal(err)
		}
		mustFail(t, withGranule(22050*2), Limits{MaxSeconds: 1}, "more than 22050 (Limits.MaxSeconds)")
	})
	t.Run("lying granule", func(t *testing.T) {
		// A granule within the limits but far beyond what the file
		// holds reserves no more than the file could back.
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		snd, err := Decode(withGranule(30<<20), Limits{})
		runtime.ReadMemStats(&after)
		if err != nil {
			t.Fatal(err)
		}
		if snd.Frames() != 22050 {
			// The last block is not trimmed (the granule is past it).
			if snd.Frames() < 22050 || snd.Frames() > 22050+2048 {
				t.Fatalf("%d frames", snd.Frames())
			}
		}
		if a := after.TotalAlloc - before.TotalAlloc; a > 64<<20 {
			t.Fatalf("decoding allocated %d MiB", a>>20)
		}
	})
}

// TestTruncated cuts a real file at every 1/16th (and inside the
// headers): every cut is an error, never a panic or a short success.
func TestTruncated(t *testing.T) {
	needTool(t, "oggenc")
	data, err := os.ReadFile(encode(t, t.TempDir(), signal{"chirp", 44100, 2, 44100, chirp}, "4"))
	if err != nil {
		t.Fatal(err)
	}
	cuts := []int{0, 1, 4, 27, 28, 58, 100, 200}
	for i := 1; i < 16; i++ {
		cuts = append(cuts, len(data)*i/16)
	}
	// Cuts exactly at page boundaries: the stream ends without its
	// end-of-stream page.
	off := 0
	for _, p := range splitPages(t, data)[:4] {
		off += len(p)
		cuts = append(cuts, off)
	}
	for _, n := range cuts {
		if _, err := Decode(data[:n], Limits{}); err == nil || !strings.HasPrefix(err.Error(), "vorbis: ") {
			t.Errorf("cut at %d of %d: %v, want a vorbis: error", n, len(data), err)
		}
		r, err := NewReader(bytes.NewReader(data[:n]), Limits{})
		if err == nil {
			buf := make([]int16, 1000)
			for err == nil {
				_, err = r.Read(buf)
			}
			if err == io.EOF {
				t.Errorf("cut at %d: Reader ended without an error", n)
			}
		}
	}
}

// TestCorrupt flips random bytes of real files, with the pages' CRCs
// recomputed so that the damage reaches the decoder: decoding returns
// (an error or samples), without a panic, within a bounded time and
// memory.
func TestCorrupt(t *testing.T) {
	needTool(t, "oggenc")
	dir := t.TempDir()
	var files [][]byte
	for _, s := range []struct {
		sig signal
		q   string
	}{
		{signal{"music", 44100, 2, 44100, music}, "3"},
		{signal{"noise", 8000, 1, 8000, noise(nil)}, "-1"},
		{signal{"six", 48000, 6, 6000, music}, "6"},
	} {
		d, err := os.ReadFile(encode(t, dir, s.sig, s.q))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, d)
	}
	rng := rand.New(rand.NewPCG(7, 7))
	n := 300
	if testing.Short() {
		n = 50
	}
	var worst time.Duration
	var worstAlloc uint64
	decoded := 0
	for i := range n {
		src := files[i%len(files)]
		d := bytes.Clone(src)
		flips := 1 + rng.IntN(8)
		// Half of the runs aim at the headers, where the setup is.
		span := len(d)
		if i%2 == 0 {
			span = min(len(d), 4000)
		}
		for range flips {
			d[rng.IntN(span)] ^= byte(1 + rng.IntN(255))
		}
		if i%3 != 0 {
			fixCRC(d)
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		start := time.Now()
		snd, err := Decode(d, Limits{})
		el := time.Since(start)
		runtime.ReadMemStats(&after)
		worst = max(worst, el)
		worstAlloc = max(worstAlloc, after.TotalAlloc-before.TotalAlloc)
		if err != nil && !strings.HasPrefix(err.Error(), "vorbis: ") {
			t.Errorf("run %d: error without the vorbis: prefix: %v", i, err)
		}
		if err == nil {
			decoded++
		}
		if err == nil && len(snd.Samples)%snd.Channels != 0 {
			t.Errorf("run %d: %d samples for %d channels", i, len(snd.Samples), snd.Channels)
		}
	}
	t.Logf("%d corrupted files (%d decoded without an error): slowest %v, most allocated %d KiB", n, decoded, worst, worstAlloc>>10)
	if worstAlloc > 256<<20 {
		t.Errorf("a corrupted file allocated %d MiB", worstAlloc>>20)
	}
}

// TestChainedAndMultiplexed: only the first logical stream is decoded,
// whether another follows it (chained) or is interleaved with it
// (multiplexed).
func TestChainedAndMultiplexed(t *testing.T) {
	needTool(t, "oggenc")
	dir := t.TempDir()
	a, err := os.ReadFile(encode(t, dir, signal{"sine", 22050, 1, 10000, sine(500)}, "3"))
	if err != nil {
		t.Fatal(err)
	}
	bpath := encode(t, dir, signal{"noise", 44100, 2, 30000, noise(nil)}, "5", "--serial", "999")
	b, err := os.ReadFile(bpath)
	if err != nil {
		t.Fatal(err)
	}
	want, err := Decode(a, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	check := func(name string, data []byte) {
		got, err := Decode(data, Limits{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got.Channels != 1 || got.Rate != 22050 || !slicesEqual(got.Samples, want.Samples) {
			t.Fatalf("%s: %d channels at %d Hz, %d samples; want the first stream's %d", name, got.Channels, got.Rate, len(got.Samples), len(want.Samples))
		}
	}
	check("chained", append(bytes.Clone(a), b...))
	pa, pb := splitPages(t, a), splitPages(t, b)
	// Multiplexed: both streams' first pages first, then the rest
	// interleaved page by page.
	mux := append(bytes.Clone(pa[0]), pb[0]...)
	for i := 1; i < max(len(pa), len(pb)); i++ {
		if i < len(pa) {
			mux = append(mux, pa[i]...)
		}
		if i < len(pb) {
			mux = append(mux, pb[i]...)
		}
	}
	check("multiplexed", mux)
}

// TestReaderAllocs: once its buffers have grown to the stream's largest
// block and packet, a Reader decodes without allocating.
func TestReaderAllocs(t *testing.T) {
	needTool(t, "oggenc")
	data, err := os.ReadFile(encode(t, t.TempDir(), signal{"music", 44100, 2, 5 * 44100, music}, "5"))
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewReader(bytes.NewReader(data), Limits{})
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]int16, 64) // 32 frames a Read: 6890 Reads in all
	for range 1500 {         // warm up: about the first second
		if _, err := r.Read(buf); err != nil {
			t.Fatal(err)
		}
	}
	allocs := testenv.AllocsOver(2000, func() {
		if _, err := r.Read(buf); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per Read", allocs)
	}
}

// TestFalseCaptures: a file whose audio is 4 MiB of false page headers
// (the stream's serial, version 0, claiming full pages) is refused in
// about the time of reading it once: the granule look-ups do not run a
// CRC per false capture pattern.
func TestFalseCaptures(t *testing.T) {
	pages := splitPages(t, synthStream(rand.New(rand.NewPCG(1, 1)), 2, 44100, 1, true, 3))
	hdr := append(bytes.Clone(pages[0]), pages[1]...) // the three headers, serial 77
	fake := make([]byte, pageHeaderLen+255)
	copy(fake, "OggS")
	binary.LittleEndian.PutUint32(fake[14:], 77)
	fake[26] = 255
	for i := range 255 {
		fake[pageHeaderLen+i] = 255
	}
	data := bytes.Clone(hdr)
	for len(data) < 4<<20 {
		data = append(data, fake...)
	}
	if _, err := NewReader(bytes.NewReader(data), Limits{}); err != nil {
		t.Fatalf("the headers must be valid for the test to reach the audio: %v", err)
	}
	start := time.Now()
	_, err := Decode(data, Limits{})
	if err == nil {
		t.Fatal("no error")
	}
	t.Log(err)
	if el := time.Since(start); el > 5*time.Second { // 0.03 s measured; a CRC per false page would take seconds
		t.Fatalf("refusing took %v", el)
	}
}
