package audio

import (
	"encoding/binary"
	"fmt"
	"io"
)

// WAVWriter writes a mix as a 16-bit stereo PCM WAV file: the headless
// backend's sound output. The header's sizes are written on Close.
type WAVWriter struct {
	w      io.WriteSeeker
	rate   int
	frames int64
	buf    []byte
	hash   uint64
	err    error
}

// NewWAVWriter starts a WAV file at rate on w.
func NewWAVWriter(w io.WriteSeeker, rate int) (*WAVWriter, error) {
	ww := &WAVWriter{w: w, rate: rate, hash: HashStart}
	var h [44]byte
	putWAVHeader(h[:], rate, 2, 0)
	if _, err := w.Write(h[:]); err != nil {
		return nil, fmt.Errorf("audio: WAV header: %w", err)
	}
	return ww, nil
}

// Write appends interleaved stereo samples.
func (w *WAVWriter) Write(samples []int16) error {
	if w.err != nil {
		return w.err
	}
	if cap(w.buf) < 2*len(samples) {
		w.buf = make([]byte, 2*len(samples))
	}
	b := w.buf[:2*len(samples)]
	for i, v := range samples {
		binary.LittleEndian.PutUint16(b[2*i:], uint16(v))
	}
	w.hash = HashSamples(w.hash, samples)
	if _, err := w.w.Write(b); err != nil {
		w.err = fmt.Errorf("audio: WAV data: %w", err)
		return w.err
	}
	w.frames += int64(len(samples) / 2)
	return nil
}

// Frames returns the frames written.
func (w *WAVWriter) Frames() int64 { return w.frames }

// Hash returns the FNV-1a hash of the samples written ([HashSamples]).
func (w *WAVWriter) Hash() uint64 { return w.hash }

// Close writes the header's sizes; it does not close the underlying writer.
func (w *WAVWriter) Close() error {
	if w.err != nil {
		return w.err
	}
	var h [44]byte
	putWAVHeader(h[:], w.rate, 2, int(w.frames))
	if _, err := w.w.Seek(0, io.SeekStart); err != nil {
		return fmt.Errorf("audio: WAV header: %w", err)
	}
	if _, err := w.w.Write(h[:]); err != nil {
		return fmt.Errorf("audio: WAV header: %w", err)
	}
	_, err := w.w.Seek(0, io.SeekEnd)
	return err
}

// HashStart is the empty sample hash (FNV-1a's offset basis).
const HashStart uint64 = 14695981039346656037

// HashSamples mixes samples into the FNV-1a hash h, each as two bytes
// little-endian: the golden hash of a mix, equal on every machine that
// mixes the same samples.
func HashSamples(h uint64, samples []int16) uint64 {
	for _, v := range samples {
		h ^= uint64(uint16(v)) & 0xff
		h *= 1099511628211
		h ^= uint64(uint16(v)) >> 8
		h *= 1099511628211
	}
	return h
}
