package loadtest

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// ProgressiveJPEG returns a valid progressive JPEG (SOF2) of w×h pixels
// (multiples of 8) with comps components (1 grey, 3 YCbCr, 4 CMYK), each
// sampled 1×1, whose image is flat: one interleaved DC scan coding each
// block in one bit, then acScans AC scans of one component each (cycling
// through the components), each coding every block of its component with
// a few end-of-band runs of up to 32,767 blocks, a few bytes a scan. It
// is the attacker's file: small, yet image/jpeg keeps 256 bytes of
// coefficients per block of every component and visits every block of a
// scan's component once per scan.
func ProgressiveJPEG(w, h, comps, acScans int) []byte {
	var b bytes.Buffer
	seg := func(marker byte, data []byte) {
		b.Write([]byte{0xff, marker, byte((len(data) + 2) >> 8), byte(len(data) + 2)})
		b.Write(data)
	}
	b.Write([]byte{0xff, 0xd8})
	// A quantization table of ones.
	seg(0xdb, append([]byte{0}, bytes.Repeat([]byte{1}, 64)...))
	sof := []byte{8, byte(h >> 8), byte(h), byte(w >> 8), byte(w), byte(comps)}
	for i := 0; i < comps; i++ {
		sof = append(sof, byte(i+1), 0x11, 0)
	}
	if comps == 4 {
		// Adobe's APP14, transform 0: the components are CMYK.
		seg(0xee, []byte("Adobe\x00\x64\x00\x00\x00\x00\x00"))
	}
	seg(0xc2, sof)
	// DC table 0: one code, "0", for category 0 (a difference of 0).
	dht := []byte{0x00, 1}
	dht = append(dht, make([]byte, 15)...)
	dht = append(dht, 0)
	// AC table 0: fifteen 4-bit codes, EOB0 to EOB14 (0x00, 0x10 ...
	// 0xe0), the code of EOBk being k.
	dht = append(dht, 0x10, 0, 0, 0, 15)
	dht = append(dht, make([]byte, 12)...)
	for k := 0; k < 15; k++ {
		dht = append(dht, byte(k<<4))
	}
	seg(0xc4, dht)
	blocks := (w / 8) * (h / 8)
	// The DC scan.
	sos := []byte{byte(comps)}
	for i := 0; i < comps; i++ {
		sos = append(sos, byte(i+1), 0x00)
	}
	seg(0xda, append(sos, 0, 0, 0))
	var bw bitWriter
	for i := 0; i < blocks*comps; i++ {
		bw.put(0, 1)
	}
	b.Write(bw.flush())
	for s := 0; s < acScans; s++ {
		seg(0xda, []byte{1, byte(s%comps + 1), 0x00, 1, 63, 0})
		for left := blocks; left > 0; {
			run := min(left, 1<<15-1)
			k := 0
			for 1<<(k+1) <= run {
				k++
			}
			bw.put(uint32(k), 4)
			bw.put(uint32(run-1<<k), k)
			left -= run
		}
		b.Write(bw.flush())
	}
	b.Write([]byte{0xff, 0xd9})
	return b.Bytes()
}

// bitWriter packs Huffman codes most significant bit first, stuffing a
// zero byte after each 0xff.
type bitWriter struct {
	out  []byte
	acc  uint32
	bits int
}

func (w *bitWriter) put(v uint32, n int) {
	for i := n - 1; i >= 0; i-- {
		w.acc = w.acc<<1 | v>>i&1
		if w.bits++; w.bits == 8 {
			w.out = append(w.out, byte(w.acc))
			if byte(w.acc) == 0xff {
				w.out = append(w.out, 0)
			}
			w.acc, w.bits = 0, 0
		}
	}
}

// flush pads the last byte with ones and returns the bytes written since
// the last flush.
func (w *bitWriter) flush() []byte {
	for w.bits != 0 {
		w.put(1, 1)
	}
	out := w.out
	w.out = nil
	return out
}

// DeflateTIFF returns a little-endian TIFF of w×h pixels of 16-bit RGBA
// (unassociated alpha) in one strip compressed with deflate: zeros, so a
// 6,600×6,600 image (348 MB decoded) is a few hundred KB. The decoder
// inflates the whole strip into one buffer before it fills the image.
func DeflateTIFF(w, h int) []byte {
	var z bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&z, zlib.BestSpeed)
	row := make([]byte, w*8)
	for y := 0; y < h; y++ {
		zw.Write(row)
	}
	zw.Close()
	type entry struct {
		tag, typ uint16
		count    uint32
		val      uint32
	}
	const hdr = 8
	// The IFD follows the header; the bits per sample (4 shorts) and
	// the strip follow the IFD.
	entries := []entry{
		{256, 4, 1, uint32(w)},       // ImageWidth
		{257, 4, 1, uint32(h)},       // ImageLength
		{258, 3, 4, 0},               // BitsPerSample: at an offset
		{259, 3, 1, 8},               // Compression: deflate
		{262, 3, 1, 2},               // PhotometricInterpretation: RGB
		{273, 4, 1, 0},               // StripOffsets
		{277, 3, 1, 4},               // SamplesPerPixel
		{278, 4, 1, uint32(h)},       // RowsPerStrip
		{279, 4, 1, uint32(z.Len())}, // StripByteCounts
		{338, 3, 1, 2},               // ExtraSamples: unassociated alpha
	}
	ifdLen := 2 + 12*len(entries) + 4
	bpsAt := uint32(hdr + ifdLen)
	stripAt := bpsAt + 8
	entries[2].val = bpsAt
	entries[5].val = stripAt
	var b bytes.Buffer
	b.WriteString("II*\x00")
	binary.Write(&b, binary.LittleEndian, uint32(hdr))
	binary.Write(&b, binary.LittleEndian, uint16(len(entries)))
	for _, e := range entries {
		binary.Write(&b, binary.LittleEndian, e.tag)
		binary.Write(&b, binary.LittleEndian, e.typ)
		binary.Write(&b, binary.LittleEndian, e.count)
		if e.typ == 3 && e.count == 1 {
			binary.Write(&b, binary.LittleEndian, uint16(e.val))
			binary.Write(&b, binary.LittleEndian, uint16(0))
		} else {
			binary.Write(&b, binary.LittleEndian, e.val)
		}
	}
	binary.Write(&b, binary.LittleEndian, uint32(0)) // no next IFD
	for i := 0; i < 4; i++ {
		binary.Write(&b, binary.LittleEndian, uint16(16))
	}
	b.Write(z.Bytes())
	return b.Bytes()
}

// Watch runs load under the hostile corpus's watch: it fails the test
// when load is still running after limit, or when the live heap grew by
// more than budget bytes above where it started (sampled every
// millisecond), and returns load's error. A budget of 0 means 96 MiB, a
// limit of 0 means 15 s: far above what a refusal costs, far below what
// an attack without its limit costs.
func Watch(t testing.TB, budget int64, limit time.Duration, load func() error) error {
	t.Helper()
	if budget == 0 {
		budget = 96 << 20
	}
	if limit == 0 {
		limit = 15 * time.Second
	}
	runtime.GC()
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	base := s[0].Value.Uint64()
	var peak atomic.Uint64
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			metrics.Read(s)
			if v := s[0].Value.Uint64(); v > peak.Load() {
				peak.Store(v)
			}
			select {
			case <-stop:
				return
			case <-tick.C:
			}
		}
	}()
	done := make(chan error, 1)
	start := time.Now()
	go func() { done <- load() }()
	var err error
	select {
	case err = <-done:
	case <-time.After(limit):
		close(stop)
		t.Fatalf("still loading after %v", limit)
	}
	took := time.Since(start)
	close(stop)
	<-sampled
	used := max(int64(peak.Load())-int64(base), 0)
	t.Logf("%v, peak heap +%d MiB", took.Round(time.Millisecond), used>>20)
	if used > budget {
		t.Errorf("live heap grew by %d MiB, budget %d MiB", used>>20, budget>>20)
	}
	return err
}

// WantError fails the test unless err matches kind (errors.Is; nil for
// any) and its text starts with file and contains each of parts: the
// hostile corpus's check that a refusal is clear and names the file
// given.
func WantError(t testing.TB, err, kind error, file string, parts ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("accepted, want an error naming %s", file)
	}
	msg := err.Error()
	if kind != nil && !errors.Is(err, kind) {
		t.Errorf("error %q is not of kind %v", msg, kind)
	}
	if !strings.HasPrefix(msg, file) {
		t.Errorf("error %q does not start with the file %q", msg, file)
	}
	for _, p := range parts {
		if !strings.Contains(msg, p) {
			t.Errorf("error %q lacks %q", msg, p)
		}
	}
	if len(msg) > 300 {
		msg = msg[:300] + "..."
	}
	t.Logf("%s", msg)
}
