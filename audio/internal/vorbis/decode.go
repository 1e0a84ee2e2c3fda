package vorbis

import (
	"errors"
	"fmt"
	"math"
)

// decoder turns audio packets into PCM (spec section 4.3).
type decoder struct {
	setup
	br      bitReader
	slope   [2][]float32 // window slopes of bs[0]/2 and bs[1]/2 values
	mdct    [2]*imdct
	fstate  []floorState // per channel
	noRes   []bool
	res     [][]float32 // per channel, bs[1]/2
	big     []float32   // residue type 2: channels*bs[1]/2
	bigVec  [1][]float32
	bigSkip [1]bool
	classif [][]uint8
	entries []int32 // residue format 0: one partition's entries
	vecs    [][]float32
	skip    []bool
	buf     []float32   // one channel's IMDCT output, bs[1]
	prev    [][]float32 // per channel: right half of the last block, windowed
	prevN   int         // size of the last block, 0 before the first
	pcm     [][]float32 // per channel: the current packet's output
}

func newDecoder(s setup) *decoder {
	d := &decoder{setup: s}
	for w, n := range s.bs {
		l := n / 2
		sl := make([]float32, l)
		for i := range sl {
			x := dsin((float64(i) + 0.5) / float64(l) * math.Pi / 2)
			sl[i] = float32(dsin(math.Pi / 2 * x * x))
		}
		d.slope[w] = sl
		if w == 1 && n == s.bs[0] {
			d.mdct[1] = d.mdct[0]
		} else {
			d.mdct[w] = newIMDCT(n)
		}
	}
	ch := s.channels
	half := s.bs[1] / 2
	d.fstate = make([]floorState, ch)
	for i := range d.fstate {
		d.fstate[i].coef = make([]float32, 0, 256+64)
		d.fstate[i].cosc = make([]float64, 0, 256)
	}
	d.noRes = make([]bool, ch)
	d.res = make([][]float32, ch)
	d.prev = make([][]float32, ch)
	d.pcm = make([][]float32, ch)
	for i := range ch {
		d.res[i] = make([]float32, half)
		d.prev[i] = make([]float32, half)
		d.pcm[i] = make([]float32, half)
	}
	d.big = make([]float32, ch*half)
	d.vecs = make([][]float32, 0, ch)
	d.skip = make([]bool, 0, ch)
	d.buf = make([]float32, s.bs[1])
	return d
}

var errHeaderInAudio = errors.New("vorbis: header packet among audio packets")

// decodePacket decodes one audio packet and returns the number of frames
// it completes, left in d.pcm.
func (d *decoder) decodePacket(p []byte) (int, error) {
	b := &d.br
	b.reset(p)
	if len(p) == 0 {
		return 0, nil // an empty packet carries nothing
	}
	if b.readBool() {
		return 0, errHeaderInAudio
	}
	mi := int(b.read(d.modeBits))
	if b.eop {
		return 0, errors.New("vorbis: audio packet ends before its mode")
	}
	if mi >= len(d.modes) {
		return 0, fmt.Errorf("vorbis: audio packet uses mode %d of %d", mi, len(d.modes))
	}
	md := &d.modes[mi]
	mp := &d.mappings[md.mapping]
	w := 0
	if md.long {
		w = 1
	}
	n := d.bs[w]
	half := n / 2
	prevLong, nextLong := false, false
	if md.long {
		prevLong = b.readBool()
		nextLong = b.readBool()
	}

	// Floors.
	for ch := range d.channels {
		f := &d.fstate[ch]
		switch fs := &d.floors[mp.submapFloor[mp.mux[ch]]]; fs.kind {
		case 0:
			f.used = d.decodeFloor0(fs.f0, b, f)
		default:
			f.used = d.decodeFloor1(fs.f1, b, f)
		}
		d.noRes[ch] = !f.used
	}
	for i, m := range mp.couplingMag {
		a := mp.couplingAng[i]
		if !d.noRes[m] || !d.noRes[a] {
			d.noRes[m], d.noRes[a] = false, false
		}
	}

	// Residues, one submap at a time.
	for ch := range d.channels {
		clear(d.res[ch][:half])
	}
	for sm := range mp.submapResidue {
		d.vecs, d.skip = d.vecs[:0], d.skip[:0]
		for ch := range d.channels {
			if mp.mux[ch] == sm {
				d.vecs = append(d.vecs, d.res[ch][:half])
				d.skip = append(d.skip, d.noRes[ch])
			}
		}
		d.decodeResidue(&d.residues[mp.submapResidue[sm]], b, d.vecs, d.skip, half)
	}

	// Inverse coupling, last step first.
	for i := len(mp.couplingMag) - 1; i >= 0; i-- {
		mv := d.res[mp.couplingMag[i]][:half]
		av := d.res[mp.couplingAng[i]][:half]
		for j := range mv {
			m, a := mv[j], av[j]
			if m > 0 {
				if a > 0 {
					mv[j], av[j] = m, m-a
				} else {
					mv[j], av[j] = m+a, m
				}
			} else {
				if a > 0 {
					mv[j], av[j] = m, m+a
				} else {
					mv[j], av[j] = m-a, m
				}
			}
		}
	}

	// Windows and overlap-add. The previous block's 3/4 point lies on
	// this block's 1/4 point; the two overlap over the smaller block's
	// half, windowed by its slope, and the samples between the two
	// blocks' centres are finished. The slopes follow the blocks' actual
	// sizes, as libvorbis applies them; the previous/next window flags of
	// a long block (which say the same in any well-formed stream) are
	// read but not trusted.
	_, _ = prevLong, nextLong
	pn := d.prevN
	count := 0
	if pn > 0 {
		count = pn/4 + n/4
	}
	m := min(pn, n)
	slope := d.slope[0]
	if m == d.bs[1] {
		slope = d.slope[1]
	}
	ovStart := pn/4 - m/4 // first overlapped output sample
	yStart := n/4 - m/4   // its index in this block
	for ch := range d.channels {
		v := d.res[ch][:half]
		f := &d.fstate[ch]
		y := d.buf[:n]
		if !f.used {
			clear(y)
		} else {
			fs := &d.floors[mp.submapFloor[mp.mux[ch]]]
			if fs.kind == 0 {
				applyFloor0(fs.f0, f, v, md.long)
			} else {
				applyFloor1(fs.f1, f, v)
			}
			d.mdct[w].transform(v, y)
		}
		if count > 0 {
			out := d.pcm[ch][:count]
			prev := d.prev[ch]
			// Before the overlap: the previous block alone (when it is
			// the longer one).
			copy(out[:ovStart], prev[:ovStart])
			// The overlap.
			l := len(slope)
			po := prev[ovStart : ovStart+l]
			yo := y[yStart : yStart+l]
			oo := out[ovStart : ovStart+l]
			for i := range oo {
				oo[i] = float32(po[i]*slope[l-1-i]) + float32(yo[i]*slope[i])
			}
			// After it: this block alone (when it is the longer one).
			copy(out[ovStart+l:], y[yStart+l:half])
		}
		copy(d.prev[ch], y[half:n])
	}
	d.prevN = n
	return count, nil
}
