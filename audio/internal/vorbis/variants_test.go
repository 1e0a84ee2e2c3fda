package vorbis

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// libvorbis's encoder writes residues of types 1 and 2 only. These tests
// make streams that use the other types by rewriting the residue type
// of oggenc's setup headers (the three types share one header layout,
// so any audio packet stays decodable, into different vectors); libvorbis
// (oggdec) decodes the rewritten files as the reference.

// packetBytes returns, for the packet numbered k of data's first
// stream, the file offset of each of its bytes.
func packetBytes(t testing.TB, data []byte, k int) []int {
	t.Helper()
	var offs []int
	n := 0
	pos := 0
	for _, pg := range splitPages(t, data) {
		nseg := int(pg[26])
		body := pos + pageHeaderLen + nseg
		for _, l := range pg[pageHeaderLen : pageHeaderLen+nseg] {
			if n == k {
				for i := range int(l) {
					offs = append(offs, body+i)
				}
			}
			body += int(l)
			if l < 255 {
				if n == k {
					return offs
				}
				n++
			}
		}
		pos += len(pg)
	}
	t.Fatalf("no packet %d", k)
	return nil
}

// withResidueTypes rewrites the type of every residue of data's setup
// header to kind and fixes the pages' CRCs.
func withResidueTypes(t testing.TB, data []byte, kind uint16) []byte {
	t.Helper()
	r, err := NewReader(bytes.NewReader(data), Limits{})
	if err != nil {
		t.Fatal(err)
	}
	offs := packetBytes(t, data, 2)
	out := bytes.Clone(data)
	for _, res := range r.dec.residues {
		for i := range 16 {
			bit := res.typeBit + i
			o := offs[bit/8]
			m := byte(1) << (bit % 8)
			if kind>>i&1 != 0 {
				out[o] |= m
			} else {
				out[o] &^= m
			}
		}
	}
	fixCRC(out)
	return out
}

// TestResidueTypes decodes oggenc files rewritten to use residue types
// 0, 1 and 2 against oggdec.
func TestResidueTypes(t *testing.T) {
	needTool(t, "oggenc", "oggdec")
	dir := t.TempDir()
	for _, c := range []struct {
		sig signal
		q   string
	}{
		{signal{"music", 44100, 2, 20000, music}, "3"},
		{signal{"music", 22050, 1, 20000, music}, "0"},
		{signal{"chirp", 16000, 2, 16000, chirp}, "6"},
		{signal{"six", 48000, 6, 8000, music}, "4"},
	} {
		src, err := os.ReadFile(encode(t, dir, c.sig, c.q))
		if err != nil {
			t.Fatal(err)
		}
		for kind := range uint16(3) {
			name := fmt.Sprintf("%s-%dch-q%s-residue%d", c.sig.name, c.sig.channels, c.q, kind)
			t.Run(name, func(t *testing.T) {
				data := withResidueTypes(t, src, kind)
				path := filepath.Join(dir, name+".ogg")
				if err := os.WriteFile(path, data, 0o644); err != nil {
					t.Fatal(err)
				}
				want := reference(t, path)
				snd, err := Decode(data, Limits{})
				if err != nil {
					t.Fatal(err)
				}
				if len(snd.Samples) != len(want) {
					t.Fatalf("%d samples, oggdec %d", len(snd.Samples), len(want))
				}
				cmp := compare(snd.Samples, want)
				clipped := 0
				for _, v := range want {
					if v == 32767 || v == -32768 {
						clipped++
					}
				}
				t.Logf("%d samples (%d clipped): max |diff| %d LSB, %d > 1 LSB, SNR %.1f dB", cmp.nSamples, clipped, cmp.maxDiff, cmp.over1, cmp.snr)
				if cmp.maxDiff > 2 || cmp.over1 > cmp.nSamples/10000 || cmp.snr < 95 {
					t.Errorf("too far from oggdec")
				}
			})
		}
	}
}

// withGranuleShift adds d to the granule position of every audio page
// (those after the headers that carry one) and fixes the CRCs.
func withGranuleShift(t testing.TB, data []byte, d int64) []byte {
	t.Helper()
	out := bytes.Clone(data)
	off := 0
	for i, pg := range splitPages(t, data) {
		g := int64(binary.LittleEndian.Uint64(pg[6:]))
		if i >= 2 && g != -1 {
			binary.LittleEndian.PutUint64(out[off+6:], uint64(g+d))
		}
		off += len(pg)
	}
	fixCRC(out)
	return out
}

// TestGranules: a stream whose first granule position is smaller than
// its first page decodes to (cut at the start), and one that starts
// part-way into a longer stream (granules far from zero), decode as
// oggdec decodes them.
func TestGranules(t *testing.T) {
	needTool(t, "oggenc", "oggdec")
	dir := t.TempDir()
	src, err := os.ReadFile(encode(t, dir, signal{"music", 44100, 2, 3 * 44100, music}, "3"))
	if err != nil {
		t.Fatal(err)
	}
	// The headers take pages 0 and 1 in oggenc's files.
	for _, shift := range []int64{-300, -1500, 1_000_000, 1 << 40} {
		t.Run(fmt.Sprint(shift), func(t *testing.T) {
			data := withGranuleShift(t, src, shift)
			path := filepath.Join(dir, fmt.Sprintf("shift%d.ogg", shift))
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			want := reference(t, path)
			snd, err := Decode(data, Limits{})
			if err != nil {
				t.Fatal(err)
			}
			if !slicesEqual(snd.Samples, want) && compare(snd.Samples, want).maxDiff > 2 || len(snd.Samples) != len(want) {
				t.Fatalf("Decode: %d samples, oggdec %d", len(snd.Samples), len(want))
			}
			r, err := NewReader(bytes.NewReader(data), Limits{})
			if err != nil {
				t.Fatal(err)
			}
			var got []int16
			buf := make([]int16, 1000)
			for {
				n, err := r.Read(buf)
				got = append(got, buf[:n]...)
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
			}
			if len(got) != len(want) {
				t.Fatalf("%d samples, oggdec %d", len(got), len(want))
			}
			cmp := compare(got, want)
			t.Logf("%d samples: max |diff| %d LSB, SNR %.1f dB", cmp.nSamples, cmp.maxDiff, cmp.snr)
			if cmp.maxDiff > 2 || cmp.snr < 95 {
				t.Errorf("too far from oggdec")
			}
		})
	}
}
