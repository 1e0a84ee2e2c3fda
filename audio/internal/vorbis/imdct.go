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
	n       int
	pre     []complex64 // e^{-iπ(k+1/4)/M}
	post    []complex64 // e^{-iπk/M}
	twiddle []complex64 // FFT twiddles e^{-2πik/K}, k < K/2
	rev     []int32     // bit reversal permutation of K
	buf     []complex64
	u       []float32
}

func newIMDCT(n int) *imdct {
	m := n / 2
	k := m / 2
	t := &imdct{n: n}
	t.pre = make([]complex64, k)
	t.post = make([]complex64, k)
	for j := range k {
		a := -math.Pi * (float64(j) + 0.25) / float64(m)
		t.pre[j] = complex(float32(math.Cos(a)), float32(math.Sin(a)))
		a = -math.Pi * float64(j) / float64(m)
		t.post[j] = complex(float32(math.Cos(a)), float32(math.Sin(a)))
	}
	t.twiddle = make([]complex64, k/2)
	for j := range t.twiddle {
		a := -2 * math.Pi * float64(j) / float64(k)
		t.twiddle[j] = complex(float32(math.Cos(a)), float32(math.Sin(a)))
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
	t.buf = make([]complex64, k)
	t.u = make([]float32, m)
	return t
}

// fft transforms buf in place (forward, radix 2, decimation in time).
func (t *imdct) fft() {
	x := t.buf
	k := len(x)
	for i, r := range t.rev {
		if int(r) > i {
			x[i], x[r] = x[r], x[i]
		}
	}
	for size := 2; size <= k; size <<= 1 {
		h := size / 2
		step := k / size
		for start := 0; start < k; start += size {
			a := x[start : start+h]
			b := x[start+h : start+size]
			for j := range a {
				w := t.twiddle[j*step]
				v := b[j] * w
				b[j] = a[j] - v
				a[j] += v
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
	for j := range k {
		t.buf[j] = complex(in[2*j], in[m-1-2*j]) * t.pre[j]
	}
	t.fft()
	u := t.u
	for j := range k {
		z := t.buf[j] * t.post[j]
		u[2*j] = real(z)
		u[m-1-2*j] = -imag(z)
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
