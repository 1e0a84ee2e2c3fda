package audio

import (
	"encoding/binary"
	"fmt"
	"math"
)

// WAV format tags.
const (
	wavPCM        = 1
	wavFloat      = 3
	wavExtensible = 0xFFFE
)

// parseWAV reads a RIFF WAVE file's header: PCM of 8 (unsigned), 16, 24 or 32
// bits, or IEEE float of 32 or 64 bits (also as WAVE_FORMAT_EXTENSIBLE),
// mono or stereo, at any rate from MinRate to MaxRate. Samples are
// converted to 16 bits as sox converts them without dither (rounding half
// up; floats scaled by 2³¹ and rounded half away from zero first).
func parseWAV(name string, d []byte) (*wavInfo, error) {
	bad := func(kind error, f string, a ...any) error {
		return &Error{File: name, Msg: fmt.Sprintf(f, a...), Kind: kind}
	}
	if string(d[:4]) == "RIFX" {
		return nil, bad(ErrFormat, "big-endian RIFX WAV is not read")
	}
	var (
		haveFmt          bool
		tag, ch, bits    int
		rate, blockAlign int
		data             []byte
		haveData         bool
		pos              = 12
	)
	for pos+8 <= len(d) && !haveData {
		id := string(d[pos : pos+4])
		size := int64(binary.LittleEndian.Uint32(d[pos+4:]))
		body := int64(pos + 8)
		end := body + size
		if id == "data" && (size == 0 || size == 0xFFFFFFFF) && haveFmt {
			end = int64(len(d)) // a streaming writer's unknown size: the rest of the file
		}
		if end > int64(len(d)) {
			return nil, bad(ErrSyntax, "chunk %q at byte %d claims %d bytes, the file ends %d bytes after its start (truncated)", id, pos, size, int64(len(d))-body)
		}
		switch id {
		case "fmt ":
			if size < 16 {
				return nil, bad(ErrSyntax, "fmt chunk of %d bytes (16 at least)", size)
			}
			f := d[body:end]
			tag = int(binary.LittleEndian.Uint16(f))
			ch = int(binary.LittleEndian.Uint16(f[2:]))
			rate = int(binary.LittleEndian.Uint32(f[4:]))
			blockAlign = int(binary.LittleEndian.Uint16(f[12:]))
			bits = int(binary.LittleEndian.Uint16(f[14:]))
			if tag == wavExtensible {
				if size < 40 {
					return nil, bad(ErrSyntax, "extensible fmt chunk of %d bytes (40 at least)", size)
				}
				tag = int(binary.LittleEndian.Uint16(f[24:])) // the sub-format GUID's first two bytes
			}
			haveFmt = true
		case "data":
			if !haveFmt {
				return nil, bad(ErrSyntax, "data chunk before the fmt chunk")
			}
			data = d[body:end]
			haveData = true
		}
		pos = int(end + end&1) // chunks are padded to even sizes
	}
	switch {
	case !haveFmt:
		return nil, bad(ErrSyntax, "no fmt chunk")
	case !haveData:
		return nil, bad(ErrSyntax, "no data chunk (truncated?)")
	case tag != wavPCM && tag != wavFloat:
		return nil, bad(ErrFormat, "WAV format tag %#x (PCM and IEEE float are read)", tag)
	case ch != 1 && ch != 2:
		return nil, bad(ErrInvalid, "%d channels (mono and stereo are read)", ch)
	case rate < MinRate || rate > MaxRate:
		return nil, bad(ErrInvalid, "sample rate %d out of range (%d..%d)", rate, MinRate, MaxRate)
	case tag == wavPCM && bits != 8 && bits != 16 && bits != 24 && bits != 32,
		tag == wavFloat && bits != 32 && bits != 64:
		return nil, bad(ErrInvalid, "%d-bit samples in format %d", bits, tag)
	case blockAlign != ch*bits/8:
		return nil, bad(ErrInvalid, "block align %d for %d channels of %d bits", blockAlign, ch, bits)
	}
	if len(data) == 0 {
		return nil, bad(ErrSyntax, "no audio frames (the data chunk is empty)")
	}
	if int64(len(data))%int64(blockAlign) != 0 {
		return nil, bad(ErrSyntax, "data chunk of %d bytes is not whole frames of %d bytes (truncated)", len(data), blockAlign)
	}
	return &wavInfo{rate: rate, ch: ch, bits: bits, tag: tag, data: data}, nil
}

// wavInfo is a WAV file's format and its sample bytes.
type wavInfo struct {
	rate, ch, bits, tag int
	data                []byte
}

// decodeWAV reads a RIFF WAVE file whole (see parseWAV).
func decodeWAV(name string, d []byte, lim Limits) (*Sound, error) {
	w, err := parseWAV(name, d)
	if err != nil {
		return nil, err
	}
	frames := int64(len(w.data) / (w.ch * w.bits / 8))
	if frames > lim.maxFrames(w.rate, w.ch) {
		return nil, limitErr(name, frames, w.rate, w.ch, lim)
	}
	out := make([]int16, frames*int64(w.ch))
	w.convert(out, w.data)
	return &Sound{name: name, rate: w.rate, channels: w.ch, data: out}, nil
}

// convert converts len(out) samples of src (in w's format) to 16 bits.
func (w *wavInfo) convert(out []int16, src []byte) {
	bits, tag := w.bits, w.tag
	bps := bits / 8
	for i := range out {
		b := src[i*bps:]
		switch {
		case bits == 8:
			out[i] = int16(int(b[0])-128) << 8
		case bits == 16:
			out[i] = int16(binary.LittleEndian.Uint16(b))
		case bits == 24:
			v := int32(uint32(b[0])<<8|uint32(b[1])<<16|uint32(b[2])<<24) >> 8
			out[i] = from32(int64(v) << 8)
		case tag == wavPCM: // 32-bit integer
			out[i] = from32(int64(int32(binary.LittleEndian.Uint32(b))))
		case bits == 32:
			out[i] = fromFloat(float64(math.Float32frombits(binary.LittleEndian.Uint32(b))))
		default:
			out[i] = fromFloat(math.Float64frombits(binary.LittleEndian.Uint64(b)))
		}
	}
}

// from32 converts a 32-bit sample to 16 bits, rounding half up and
// clipping at the top, as sox does.
func from32(v int64) int16 {
	v = (v + 1<<15) >> 16
	if v > math.MaxInt16 {
		return math.MaxInt16
	}
	return int16(v)
}

// fromFloat converts a float sample (full scale ±1) to 16 bits through a
// 32-bit sample, as sox does.
func fromFloat(f float64) int16 {
	if f != f { // NaN
		return 0
	}
	x := f * (1 << 31)
	switch {
	case x <= math.MinInt32:
		x = math.MinInt32
	case x >= math.MaxInt32:
		x = math.MaxInt32
	default:
		x = math.Round(x)
	}
	return from32(int64(x))
}

// EncodeWAV returns s as a 16-bit PCM WAV file.
func EncodeWAV(s *Sound) []byte {
	b := make([]byte, 44+2*len(s.data))
	putWAVHeader(b, s.rate, s.channels, len(s.data)/s.channels)
	for i, v := range s.data {
		binary.LittleEndian.PutUint16(b[44+2*i:], uint16(v))
	}
	return b
}

// putWAVHeader writes a 44-byte 16-bit PCM WAV header for frames frames.
func putWAVHeader(b []byte, rate, channels, frames int) {
	n := uint32(frames * channels * 2)
	copy(b, "RIFF")
	binary.LittleEndian.PutUint32(b[4:], 36+n)
	copy(b[8:], "WAVEfmt ")
	binary.LittleEndian.PutUint32(b[16:], 16)
	binary.LittleEndian.PutUint16(b[20:], wavPCM)
	binary.LittleEndian.PutUint16(b[22:], uint16(channels))
	binary.LittleEndian.PutUint32(b[24:], uint32(rate))
	binary.LittleEndian.PutUint32(b[28:], uint32(rate*channels*2))
	binary.LittleEndian.PutUint16(b[32:], uint16(channels*2))
	binary.LittleEndian.PutUint16(b[34:], 16)
	copy(b[36:], "data")
	binary.LittleEndian.PutUint32(b[40:], n)
}
