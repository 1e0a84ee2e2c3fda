package vorbis

import "math"

// imdct is the inverse MDCT of one block size n: n/2 coefficients X give
// n samples
//
//	y[i] = sum_k X[k] cos(2π/n (i + 1/2 + n/4)(k + 1/2)),
//
// computed as a DCT-IV of size M = n/2 (u[j] = sum_k X[k] cos(π/M (j+½)(k+½)))
// through a complex FFT of size M/2, then unfolded by the DCT-IV's
// symmetries: y[i] = u[i+M/2] for i < M/2, -u[3M/2-1-i] up to 3M/2, and
// -u[i-3M/2] after.
type imdct struct {
	n        int
	pre      []complex64 // e^{-iπ(k+1/4)/M}
	post     []complex64 // e^{-iπk/M}
	twr, twi []float32   // FFT twiddles: stage of half-size h at [h, 2h), e^{-iπj/h}
	rev      []int32     // bit reversal permutation of K
	re, im   []float32   // the FFT's data, split
	u        []float32
}

func newIMDCT(n int) *imdct {
	m := n / 2
	k := m / 2
	t := &imdct{n: n}
	t.pre = make([]complex64, k)
	t.post = make([]complex64, k)
	for j := range k {
		a := -math.Pi * (float64(j) + 0.25) / float64(m)
		t.pre[j] = complex(float32(dcos(a)), float32(dsin(a)))
		a = -math.Pi * float64(j) / float64(m)
		t.post[j] = complex(float32(dcos(a)), float32(dsin(a)))
	}
	t.twr = make([]float32, k)
	t.twi = make([]float32, k)
	for h := 1; h < k; h *= 2 {
		for j := range h {
			a := -math.Pi * float64(j) / float64(h)
			t.twr[h+j] = float32(dcos(a))
			t.twi[h+j] = float32(dsin(a))
		}
	}
	bits := ilog(k - 1)
	t.rev = make([]int32, k)
	for j := range k {
		r := 0
		for b := range bits {
			if j&(1<<b) != 0 {
				r |= 1 << (bits - 1 - b)
			}
		}
		t.rev[j] = int32(r)
	}
	t.re = make([]float32, k)
	t.im = make([]float32, k)
	t.u = make([]float32, m)
	return t
}

// fft transforms re, im in place (forward, radix 2, decimation in time;
// the input already in bit-reversed order).
func (t *imdct) fft() {
	re, im := t.re, t.im[:len(t.re)]
	k := len(re)
	// Stage of size 2: no multiplications.
	for i := 0; i+1 < k; i += 2 {
		ar, ai, br, bi := re[i], im[i], re[i+1], im[i+1]
		re[i], im[i] = ar+br, ai+bi
		re[i+1], im[i+1] = ar-br, ai-bi
	}
	// Stage of size 4: twiddles 1 and -i.
	for i := 0; i+3 < k; i += 4 {
		ar, ai, br, bi := re[i], im[i], re[i+2], im[i+2]
		re[i], im[i] = ar+br, ai+bi
		re[i+2], im[i+2] = ar-br, ai-bi
		ar, ai, br, bi = re[i+1], im[i+1], re[i+3], im[i+3]
		// b·(-i) = (bi, -br)
		re[i+1], im[i+1] = ar+bi, ai-br
		re[i+3], im[i+3] = ar-bi, ai+br
	}
	for h := 4; h < k; h *= 2 {
		size := 2 * h
		wr, wi := t.twr[h:2*h], t.twi[h:2*h]
		for start := 0; start < k; start += size {
			ar, ai := re[start:start+h], im[start:start+h]
			br, bi := re[start+h:start+size], im[start+h:start+size]
			ai, br, bi = ai[:len(ar)], br[:len(ar)], bi[:len(ar)]
			w1, w2 := wr[:len(ar)], wi[:len(ar)]
			for j := range ar {
				tr := float32(br[j]*w1[j]) - float32(bi[j]*w2[j])
				ti := float32(br[j]*w2[j]) + float32(bi[j]*w1[j])
				br[j] = ar[j] - tr
				bi[j] = ai[j] - ti
				ar[j] += tr
				ai[j] += ti
			}
		}
	}
}

// transform writes the n outputs of the n/2 coefficients in to out.
func (t *imdct) transform(in, out []float32) {
	m := t.n / 2
	k := m / 2
	in = in[:m]
	out = out[:t.n]
	re, im := t.re, t.im
	for j, r := range t.rev[:k] {
		re[r], im[r] = cmul(in[2*j], in[m-1-2*j], t.pre[j])
	}
	t.fft()
	u := t.u
	for j := range k {
		zr, zi := cmul(re[j], im[j], t.post[j])
		u[2*j] = zr
		u[m-1-2*j] = -zi
	}
	h := m / 2
	for i := range h {
		out[i] = u[i+h]
	}
	for i := h; i < 3*h; i++ {
		out[i] = -u[3*h-1-i]
	}
	for i := 3 * h; i < 2*m; i++ {
		out[i] = -u[i-3*h]
	}
}

// cmul returns (a+bi)·w, each product rounded before it is summed (see
// dmath.go: a fused multiply-add would round differently on some CPUs).
func cmul(a, b float32, w complex64) (re, im float32) {
	wr, wi := real(w), imag(w)
	return float32(a*wr) - float32(b*wi), float32(a*wi) + float32(b*wr)
}
