package vorbis

import "math"

// Floor decode and curve synthesis (spec sections 6 and 7).

// floorState is one channel's decoded floor for the current packet.
type floorState struct {
	used bool
	// floor 1
	y    [65]int32 // decoded, then final Y values, in header order
	step [65]bool
	// floor 0
	amp  int
	coef []float32
	cosc []float64 // cos of coef
}

var floor1Range = [4]int32{256, 128, 86, 64}

// decodeFloor1 reads one channel's floor 1 data; false when the channel
// is unused in this packet (including at the end of the packet).
func (s *setup) decodeFloor1(f *floor1, b *bitReader, st *floorState) bool {
	if !b.readBool() {
		return false
	}
	rng := floor1Range[f.mult-1]
	bits := ilog(int(rng - 1))
	st.y[0] = int32(b.read(bits))
	st.y[1] = int32(b.read(bits))
	off := 2
	for _, class := range f.partClass {
		cdim := f.classDims[class]
		cbits := f.classSub[class]
		csub := 1<<cbits - 1
		cval := 0
		if cbits > 0 {
			cval = s.books[f.classMBook[class]].decode(b)
			if cval < 0 {
				return false
			}
		}
		for j := range cdim {
			book := f.subBooks[class][cval&csub]
			cval >>= cbits
			v := 0
			if book >= 0 {
				v = s.books[book].decode(b)
				if v < 0 {
					return false
				}
			}
			st.y[off+j] = int32(v)
		}
		off += cdim
	}
	if b.eop {
		return false
	}
	// Amplitude value synthesis (spec 7.2.4 step 1).
	st.step[0], st.step[1] = true, true
	n := len(f.xs)
	for i := 2; i < n; i++ {
		lo, hi := f.low[i], f.high[i]
		pred := renderPoint(f.xs[lo], st.y[lo], f.xs[hi], st.y[hi], f.xs[i])
		val := st.y[i]
		highroom := rng - pred
		lowroom := pred
		var room int32
		if highroom < lowroom {
			room = highroom * 2
		} else {
			room = lowroom * 2
		}
		if val != 0 {
			st.step[lo], st.step[hi], st.step[i] = true, true, true
			if val >= room {
				if highroom > lowroom {
					st.y[i] = val - lowroom + pred
				} else {
					st.y[i] = pred - val + highroom - 1
				}
			} else if val&1 != 0 {
				st.y[i] = pred - (val+1)/2
			} else {
				st.y[i] = pred + val/2
			}
		} else {
			st.step[i] = false
			st.y[i] = pred
		}
	}
	return true
}

func renderPoint(x0 int, y0 int32, x1 int, y1 int32, x int) int32 {
	dy := y1 - y0
	adx := int32(x1 - x0)
	ady := dy
	if ady < 0 {
		ady = -ady
	}
	off := ady * int32(x-x0) / adx
	if dy < 0 {
		return y0 - off
	}
	return y0 + off
}

// applyFloor1 multiplies v (n values) by the channel's floor 1 curve
// (spec 7.2.4 step 2).
func applyFloor1(f *floor1, st *floorState, v []float32) {
	n := len(v)
	mult := int32(f.mult)
	lx, ly := 0, st.y[f.sorted[0]]*mult
	hx, hy := 0, int32(0)
	for _, i := range f.sorted[1:] {
		if !st.step[i] {
			continue
		}
		hx, hy = f.xs[i], st.y[i]*mult
		renderLine(lx, ly, hx, hy, v)
		lx, ly = hx, hy
		if lx >= n {
			break
		}
	}
	if hx < n {
		renderLine(hx, hy, n, hy, v)
	}
}

// renderLine multiplies v[x0:x1] by the floor values of the line from
// (x0, y0) to (x1, y1) (spec 9.2.7), stopping at the end of v.
func renderLine(x0 int, y0 int32, x1 int, y1 int32, v []float32) {
	if x0 >= len(v) {
		return
	}
	dy := y1 - y0
	adx := int32(x1 - x0)
	if adx <= 0 {
		return
	}
	ady := dy
	if ady < 0 {
		ady = -ady
	}
	base := dy / adx
	sy := base + 1
	if dy < 0 {
		sy = base - 1
	}
	abase := base
	if abase < 0 {
		abase = -abase
	}
	ady -= abase * adx
	y := y0
	err := int32(0)
	end := min(x1, len(v))
	if y0 < 0 || y0 > 255 || y1 < 0 || y1 > 255 {
		// Out of the table (a malformed stream): clamp each value.
		v[x0] *= dbTable[clampY(y)]
		for x := x0 + 1; x < end; x++ {
			err += ady
			if err >= adx {
				err -= adx
				y += sy
			} else {
				y += base
			}
			v[x] *= dbTable[clampY(y)]
		}
		return
	}
	// y stays between y0 and y1, inside the table.
	db := &dbTable
	w := v[x0:end]
	w[0] *= db[uint8(y)]
	for i := 1; i < len(w); i++ {
		err += ady
		if err >= adx {
			err -= adx
			y += sy
		} else {
			y += base
		}
		w[i] *= db[uint8(y)]
	}
}

func clampY(y int32) uint8 {
	if y < 0 {
		return 0
	}
	if y > 255 {
		return 255
	}
	return uint8(y)
}

// decodeFloor0 reads one channel's floor 0 data (spec 6.2.2).
func (s *setup) decodeFloor0(f *floor0, b *bitReader, st *floorState) bool {
	st.amp = int(b.read(f.ampBits))
	if st.amp == 0 || b.eop {
		return false
	}
	bn := int(b.read(ilog(len(f.books))))
	if b.eop || bn >= len(f.books) {
		return false
	}
	book := s.books[f.books[bn]]
	st.coef = st.coef[:0]
	last := float32(0)
	for len(st.coef) < f.order {
		v := book.vector(b)
		if v == nil {
			return false
		}
		for _, x := range v {
			st.coef = append(st.coef, x+last)
		}
		last = st.coef[len(st.coef)-1]
	}
	return true
}

func bark(x float64) float64 {
	return float64(13.1*datan(.00074*x)) + float64(2.24*datan(.0000000185*x*x)) + float64(.0001*x)
}

// makeMaps computes the Bark-scale maps of both block sizes.
func (f *floor0) makeMaps(bs [2]int) {
	for w, size := range bs {
		n := size / 2
		m := make([]int32, n+1)
		scale := float64(f.barkSize) / bark(.5*float64(f.rate))
		for i := range n {
			v := int32(math.Floor(bark(float64(f.rate)*float64(i)/(2*float64(n))) * scale))
			m[i] = min(int32(f.barkSize-1), v)
		}
		m[n] = -1
		f.barkMap[w] = m
	}
}

// applyFloor0 multiplies v by the channel's floor 0 curve (spec 6.2.3).
func applyFloor0(f *floor0, st *floorState, v []float32, long bool) {
	m := f.barkMap[0]
	if long {
		m = f.barkMap[1]
	}
	n := len(v)
	coef := st.cosc[:0]
	for _, c := range st.coef[:f.order] {
		coef = append(coef, dcos(float64(c)))
	}
	st.cosc = coef
	ampMax := float64(uint64(1)<<f.ampBits - 1)
	for i := 0; i < n; {
		w := math.Pi * float64(m[i]) / float64(f.barkSize)
		cw := dcos(w)
		var p, q float64
		if f.order%2 == 1 {
			p = 1 - float64(cw*cw)
			q = 0.25
			for j := 0; j+1 < f.order; j += 2 {
				d := coef[j+1] - cw
				p *= 4 * d * d
			}
			for j := 0; j < f.order; j += 2 {
				d := coef[j] - cw
				q *= 4 * d * d
			}
		} else {
			p = (1 - cw) / 2
			q = (1 + cw) / 2
			for j := 0; j < f.order; j += 2 {
				d := coef[j+1] - cw
				p *= 4 * d * d
				d = coef[j] - cw
				q *= 4 * d * d
			}
		}
		val := float32(dexp(.11512925 * (float64(st.amp)*float64(f.ampOffset)/(ampMax*math.Sqrt(p+q)) - float64(f.ampOffset))))
		cond := m[i]
		for {
			v[i] *= val
			i++
			if i >= n || m[i] != cond {
				break
			}
		}
	}
}
