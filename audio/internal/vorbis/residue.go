package vorbis

// Residue decode (spec section 8).

// decodeResidue adds residue r's vectors for the channels vecs (each n
// values, zeroed by the caller) that are not marked in skip. scratch
// holds the classifications; big is type 2's interleaved vector.
func (d *decoder) decodeResidue(r *residue, b *bitReader, vecs [][]float32, skip []bool, n int) {
	if r.kind == 2 {
		any := false
		for _, s := range skip {
			if !s {
				any = true
			}
		}
		if !any {
			return
		}
		ch := len(vecs)
		big := d.big[:n*ch]
		clear(big)
		d.bigVec[0] = big
		d.decodePartitions(r, b, d.bigVec[:], d.bigSkip[:], n*ch, 1)
		if ch == 1 {
			copy(vecs[0], big)
			return
		}
		if ch == 2 {
			v0, v1 := vecs[0][:n], vecs[1][:n]
			for i := range n {
				v0[i] = big[2*i]
				v1[i] = big[2*i+1]
			}
			return
		}
		for i := range n {
			for j, v := range vecs {
				v[i] = big[i*ch+j]
			}
		}
		return
	}
	d.decodePartitions(r, b, vecs, skip, n, r.kind)
}

// decodePartitions is the residue packet decode of formats 0 and 1
// (format 2 is format 1 on one interleaved vector).
func (d *decoder) decodePartitions(r *residue, b *bitReader, vecs [][]float32, skip []bool, size, format int) {
	begin := min(r.begin, size)
	end := min(r.end, size)
	if end <= begin {
		return
	}
	cb := d.books[r.classBook]
	perWord := cb.dims
	parts := (end - begin) / r.partSize
	if parts == 0 {
		return
	}
	need := parts + perWord
	for len(d.classif) < len(vecs) {
		d.classif = append(d.classif, nil)
	}
	for j := range vecs {
		if cap(d.classif[j]) < need {
			d.classif[j] = make([]uint8, need)
		}
		d.classif[j] = d.classif[j][:need]
	}
	for pass := range 8 {
		p := 0
		for p < parts {
			if pass == 0 {
				for j := range vecs {
					if skip[j] {
						continue
					}
					t := cb.decode(b)
					if t < 0 || t >= r.classWords {
						return
					}
					cl := d.classif[j]
					for i := perWord - 1; i >= 0; i-- {
						cl[i+p] = uint8(t % r.classes)
						t /= r.classes
					}
				}
			}
			for i := 0; i < perWord && p < parts; i++ {
				for j, v := range vecs {
					if skip[j] {
						continue
					}
					book := r.books[d.classif[j][p]][pass]
					if book < 0 {
						continue
					}
					c := d.books[book]
					off := begin + p*r.partSize
					if format == 0 {
						// The partition's entries are all read before
						// any is added: one cut short by the end of the
						// packet adds nothing (as libvorbis does; the
						// spec leaves a partial interleaved partition
						// unsaid).
						step := r.partSize / c.dims
						ents := d.entries[:0]
						for range step {
							e := c.decode(b)
							if e < 0 {
								return
							}
							ents = append(ents, int32(e))
						}
						d.entries = ents
						for k, e := range ents {
							for m, x := range c.vq[int(e)*c.dims : (int(e)+1)*c.dims] {
								v[off+k+m*step] += x
							}
						}
					} else {
						dst := v[off : off+r.partSize]
						for k := 0; k < len(dst); {
							e := c.vector(b)
							if e == nil {
								return
							}
							if len(e) > len(dst)-k {
								e = e[:len(dst)-k]
							}
							for m, x := range e {
								dst[k+m] += x
							}
							k += len(e)
						}
					}
				}
				p++
			}
		}
	}
}
