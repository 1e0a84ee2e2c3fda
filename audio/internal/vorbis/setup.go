package vorbis

import (
	"errors"
	"fmt"
	"sort"
)

// The three Vorbis header packets (spec section 4.2).

type floor1 struct {
	partClass  []uint8 // class of each partition
	classDims  [16]int
	classSub   [16]uint
	classMBook [16]int
	subBooks   [16][8]int // -1: none
	mult       int
	xs         []int // X list in header order
	sorted     []int // indices of xs in increasing X order
	low, high  []int // neighbours of each point (for i >= 2)
}

type floor0 struct {
	order     int
	rate      int
	barkSize  int
	ampBits   uint
	ampOffset int
	books     []int
	barkMap   [2][]int32 // per block size, n/2+... values
	maxDims   int
}

type floor struct {
	kind int // 0 or 1
	f0   *floor0
	f1   *floor1
}

type residue struct {
	typeBit    int // bit offset of the type field in the setup packet (for tests)
	kind       int
	begin      int
	end        int
	partSize   int
	classes    int
	classBook  int
	classWords int      // classes^dims of the classification book
	books      [][8]int // per classification and pass: book or -1
}

type mapping struct {
	couplingMag, couplingAng []int
	mux                      []int // submap of each channel
	submapFloor              []int
	submapResidue            []int
}

type mode struct {
	long    bool
	mapping int
}

type setup struct {
	channels int
	rate     int
	bs       [2]int
	books    []*codebook
	floors   []floor
	residues []residue
	mappings []mapping
	modes    []mode
	modeBits uint
}

func hdrErr(what string, err error) error {
	return fmt.Errorf("vorbis: %s header: %w", what, err)
}

// readIdent reads the identification header.
func (s *setup) readIdent(p []byte, lim *Limits) error {
	if len(p) < 30 || p[0] != 1 || string(p[1:7]) != "vorbis" {
		return errors.New("vorbis: first packet is not a Vorbis identification header")
	}
	var b bitReader
	b.reset(p[7:])
	if v := b.read(32); v != 0 {
		return fmt.Errorf("vorbis: unsupported Vorbis version %d", v)
	}
	s.channels = int(b.read(8))
	rate := b.read(32)
	b.read(32) // bitrate maximum, nominal, minimum: advisory
	b.read(32)
	b.read(32)
	bs0, bs1 := b.read(4), b.read(4)
	framing := b.read(1)
	if b.eop {
		return hdrErr("identification", errEOP)
	}
	if s.channels == 0 {
		return errors.New("vorbis: zero channels")
	}
	if s.channels > lim.MaxChannels {
		return limitf("vorbis: %d channels, more than %d (Limits.MaxChannels)", s.channels, lim.MaxChannels)
	}
	if rate == 0 {
		return errors.New("vorbis: zero sample rate")
	}
	if int64(rate) > int64(lim.MaxRate) {
		return limitf("vorbis: sample rate %d, more than %d (Limits.MaxRate)", rate, lim.MaxRate)
	}
	s.rate = int(rate)
	if bs0 < 6 || bs1 > 13 || bs0 > bs1 {
		return fmt.Errorf("vorbis: invalid block sizes %d and %d", 1<<bs0, 1<<bs1)
	}
	s.bs = [2]int{1 << bs0, 1 << bs1}
	if framing != 1 {
		return errors.New("vorbis: identification header framing bit not set")
	}
	return nil
}

// checkComment checks the comment header's packet type; its contents
// (vendor string and user comments) are not needed to decode and are
// skipped (the packet's size is already bounded).
func checkComment(p []byte) error {
	if len(p) < 7 || p[0] != 3 || string(p[1:7]) != "vorbis" {
		return errors.New("vorbis: second packet is not a Vorbis comment header")
	}
	return nil
}

// readSetup reads the setup header.
func (s *setup) readSetup(p []byte, lim *Limits) error {
	if len(p) < 7 || p[0] != 5 || string(p[1:7]) != "vorbis" {
		return errors.New("vorbis: third packet is not a Vorbis setup header")
	}
	var b bitReader
	b.reset(p[7:])
	budget := lim.MaxSetupValues
	nbooks := int(b.read(8)) + 1
	s.books = make([]*codebook, nbooks)
	for i := range s.books {
		c, err := readCodebook(&b, lim, &budget)
		if err != nil {
			return hdrErr("setup", fmt.Errorf("codebook %d: %w", i, err))
		}
		s.books[i] = c
	}
	ntime := int(b.read(6)) + 1
	for range ntime {
		if b.read(16) != 0 {
			return hdrErr("setup", errors.New("nonzero time domain transform type"))
		}
	}
	nfloors := int(b.read(6)) + 1
	if b.eop {
		return hdrErr("setup", errEOP)
	}
	s.floors = make([]floor, nfloors)
	for i := range s.floors {
		if err := s.readFloor(&b, &s.floors[i]); err != nil {
			return hdrErr("setup", fmt.Errorf("floor %d: %w", i, err))
		}
	}
	nres := int(b.read(6)) + 1
	if b.eop {
		return hdrErr("setup", errEOP)
	}
	s.residues = make([]residue, nres)
	for i := range s.residues {
		if err := s.readResidue(&b, &s.residues[i]); err != nil {
			return hdrErr("setup", fmt.Errorf("residue %d: %w", i, err))
		}
	}
	nmaps := int(b.read(6)) + 1
	if b.eop {
		return hdrErr("setup", errEOP)
	}
	s.mappings = make([]mapping, nmaps)
	for i := range s.mappings {
		if err := s.readMapping(&b, &s.mappings[i]); err != nil {
			return hdrErr("setup", fmt.Errorf("mapping %d: %w", i, err))
		}
	}
	nmodes := int(b.read(6)) + 1
	s.modes = make([]mode, nmodes)
	for i := range s.modes {
		m := &s.modes[i]
		m.long = b.readBool()
		wt, tt := b.read(16), b.read(16)
		m.mapping = int(b.read(8))
		if b.eop {
			return hdrErr("setup", errEOP)
		}
		if wt != 0 || tt != 0 {
			return hdrErr("setup", fmt.Errorf("mode %d: nonzero window or transform type", i))
		}
		if m.mapping >= nmaps {
			return hdrErr("setup", fmt.Errorf("mode %d: mapping %d does not exist", i, m.mapping))
		}
	}
	s.modeBits = ilog(nmodes - 1)
	if !b.readBool() || b.eop {
		return hdrErr("setup", errors.New("framing bit not set"))
	}
	return nil
}

func (s *setup) bookOK(n int, needLookup bool) error {
	if n < 0 || n >= len(s.books) {
		return fmt.Errorf("codebook %d does not exist", n)
	}
	if needLookup && s.books[n].vq == nil {
		return fmt.Errorf("codebook %d has no vector lookup", n)
	}
	return nil
}

func (s *setup) readFloor(b *bitReader, f *floor) error {
	f.kind = int(b.read(16))
	switch f.kind {
	case 0:
		f0 := &floor0{}
		f0.order = int(b.read(8))
		f0.rate = int(b.read(16))
		f0.barkSize = int(b.read(16))
		f0.ampBits = uint(b.read(6))
		f0.ampOffset = int(b.read(8))
		nb := int(b.read(4)) + 1
		f0.books = make([]int, nb)
		for i := range f0.books {
			f0.books[i] = int(b.read(8))
			if err := s.bookOK(f0.books[i], true); err != nil {
				return err
			}
			f0.maxDims = max(f0.maxDims, s.books[f0.books[i]].dims)
		}
		if b.eop {
			return errEOP
		}
		if f0.order == 0 || f0.rate == 0 || f0.barkSize == 0 {
			return errors.New("floor 0 with zero order, rate or bark map size")
		}
		f0.makeMaps(s.bs)
		f.f0 = f0
		return nil
	case 1:
		f1 := &floor1{}
		parts := int(b.read(5))
		f1.partClass = make([]uint8, parts)
		maxClass := -1
		for i := range f1.partClass {
			f1.partClass[i] = uint8(b.read(4))
			maxClass = max(maxClass, int(f1.partClass[i]))
		}
		for c := 0; c <= maxClass; c++ {
			f1.classDims[c] = int(b.read(3)) + 1
			f1.classSub[c] = uint(b.read(2))
			f1.classMBook[c] = -1
			if f1.classSub[c] != 0 {
				f1.classMBook[c] = int(b.read(8))
				if err := s.bookOK(f1.classMBook[c], false); err != nil {
					return err
				}
			}
			for j := range 1 << f1.classSub[c] {
				f1.subBooks[c][j] = int(b.read(8)) - 1
				if f1.subBooks[c][j] >= 0 {
					if err := s.bookOK(f1.subBooks[c][j], false); err != nil {
						return err
					}
				}
			}
		}
		f1.mult = int(b.read(2)) + 1
		rangeBits := uint(b.read(4))
		f1.xs = append(f1.xs, 0, 1<<rangeBits)
		for _, c := range f1.partClass {
			for range f1.classDims[c] {
				f1.xs = append(f1.xs, int(b.read(rangeBits)))
				if len(f1.xs) > 65 {
					return errors.New("floor 1 with more than 65 points")
				}
			}
		}
		if b.eop {
			return errEOP
		}
		n := len(f1.xs)
		f1.sorted = make([]int, n)
		for i := range f1.sorted {
			f1.sorted[i] = i
		}
		sort.Slice(f1.sorted, func(i, j int) bool { return f1.xs[f1.sorted[i]] < f1.xs[f1.sorted[j]] })
		for i := 1; i < n; i++ {
			if f1.xs[f1.sorted[i]] == f1.xs[f1.sorted[i-1]] {
				return errors.New("floor 1 with two points at the same X")
			}
		}
		f1.low = make([]int, n)
		f1.high = make([]int, n)
		for i := 2; i < n; i++ {
			lo, hi := 0, 1
			for j := range i {
				x := f1.xs[j]
				if x < f1.xs[i] && x > f1.xs[lo] {
					lo = j
				}
				if x > f1.xs[i] && x < f1.xs[hi] {
					hi = j
				}
			}
			f1.low[i], f1.high[i] = lo, hi
		}
		f.f1 = f1
		return nil
	}
	return fmt.Errorf("floor type %d is reserved", f.kind)
}

func (s *setup) readResidue(b *bitReader, r *residue) error {
	r.typeBit = 7*8 + b.pos*8 - int(b.nbits)
	r.kind = int(b.read(16))
	if r.kind > 2 {
		return fmt.Errorf("residue type %d is reserved", r.kind)
	}
	r.begin = int(b.read(24))
	r.end = int(b.read(24))
	r.partSize = int(b.read(24)) + 1
	r.classes = int(b.read(6)) + 1
	r.classBook = int(b.read(8))
	if b.eop {
		return errEOP
	}
	if err := s.bookOK(r.classBook, false); err != nil {
		return err
	}
	cascade := make([]uint32, r.classes)
	for i := range cascade {
		low := b.read(3)
		var high uint32
		if b.readBool() {
			high = b.read(5)
		}
		cascade[i] = high<<3 | low
	}
	r.books = make([][8]int, r.classes)
	for i := range r.books {
		for j := range 8 {
			r.books[i][j] = -1
			if cascade[i]&(1<<j) != 0 {
				r.books[i][j] = int(b.read(8))
				if err := s.bookOK(r.books[i][j], true); err != nil {
					return err
				}
			}
		}
	}
	if b.eop {
		return errEOP
	}
	// Every classification word must be an entry of the classification
	// book (classes^dims of them, checked as libvorbis does: a book too
	// small for the scheme is refused); decode stops at an entry past
	// them.
	cb := s.books[r.classBook]
	r.classWords = 1
	for range cb.dims {
		r.classWords *= r.classes
		if r.classWords > cb.entries {
			return errors.New("classification book too small for its classifications")
		}
	}
	return nil
}

func (s *setup) readMapping(b *bitReader, m *mapping) error {
	if t := b.read(16); t != 0 {
		return fmt.Errorf("mapping type %d is reserved", t)
	}
	submaps := 1
	if b.readBool() {
		submaps = int(b.read(4)) + 1
	}
	if b.readBool() {
		steps := int(b.read(8)) + 1
		bits := ilog(s.channels - 1)
		for range steps {
			mag, ang := int(b.read(bits)), int(b.read(bits))
			if mag == ang || mag >= s.channels || ang >= s.channels {
				return errors.New("invalid channel coupling")
			}
			m.couplingMag = append(m.couplingMag, mag)
			m.couplingAng = append(m.couplingAng, ang)
		}
	}
	if b.read(2) != 0 {
		return errors.New("reserved mapping bits set")
	}
	m.mux = make([]int, s.channels)
	if submaps > 1 {
		for i := range m.mux {
			m.mux[i] = int(b.read(4))
			if m.mux[i] >= submaps {
				return errors.New("channel mapped to a missing submap")
			}
		}
	}
	m.submapFloor = make([]int, submaps)
	m.submapResidue = make([]int, submaps)
	for i := range submaps {
		b.read(8) // time configuration: unused
		m.submapFloor[i] = int(b.read(8))
		m.submapResidue[i] = int(b.read(8))
		if m.submapFloor[i] >= len(s.floors) {
			return fmt.Errorf("submap %d uses floor %d which does not exist", i, m.submapFloor[i])
		}
		if m.submapResidue[i] >= len(s.residues) {
			return fmt.Errorf("submap %d uses residue %d which does not exist", i, m.submapResidue[i])
		}
	}
	if b.eop {
		return errEOP
	}
	return nil
}
