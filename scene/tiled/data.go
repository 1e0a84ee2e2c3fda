package tiled

import (
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"io"
	"strconv"

	"github.com/klauspost/compress/zstd"
)

// decodeCSV parses n comma-separated GIDs (whitespace and newlines allowed
// around numbers) into dst, which has length n.
func decodeCSV(text []byte, dst []GID) error {
	n := 0
	i := 0
	for i < len(text) {
		// skip separators and whitespace
		c := text[i]
		if c == ' ' || c == '\n' || c == '\r' || c == '\t' {
			i++
			continue
		}
		j := i
		for j < len(text) && text[j] >= '0' && text[j] <= '9' {
			j++
		}
		if j == i {
			return errorString("unexpected " + strconv.QuoteRune(rune(c)) + " at tile " + itoa(n))
		}
		if j-i > 10 {
			return errorString("number too long at tile " + itoa(n))
		}
		v, err := strconv.ParseUint(string(text[i:j]), 10, 32)
		if err != nil {
			return errorString("GID out of range at tile " + itoa(n))
		}
		if n >= len(dst) {
			return errorString("more than the " + itoa(len(dst)) + " tiles declared")
		}
		dst[n] = GID(v)
		n++
		// expect a comma, whitespace or end
		for j < len(text) && (text[j] == ' ' || text[j] == '\n' || text[j] == '\r' || text[j] == '\t') {
			j++
		}
		if j < len(text) {
			if text[j] != ',' {
				return errorString("expected ',' after tile " + itoa(n-1))
			}
			j++
		}
		i = j
	}
	if n != len(dst) {
		return errorString(itoa(n) + " tiles, want " + itoa(len(dst)))
	}
	return nil
}

// decodeBase64Bytes decodes base64 text, whitespace ignored (an embedded
// image's bytes: no larger than the text, which the file's size bounds).
func decodeBase64Bytes(text []byte) ([]byte, error) {
	clean := make([]byte, 0, len(text))
	for _, c := range text {
		if c != ' ' && c != '\n' && c != '\r' && c != '\t' {
			clean = append(clean, c)
		}
	}
	raw := make([]byte, base64.StdEncoding.DecodedLen(len(clean)))
	k, err := base64.StdEncoding.Decode(raw, clean)
	if err != nil {
		return nil, errorString("bad base64: " + err.Error())
	}
	return raw[:k], nil
}

// decodeBase64 decodes base64 text (whitespace ignored), decompresses it
// as compression says and stores exactly len(dst) little-endian uint32
// GIDs. Decompressed output is read through a limit of the expected size
// plus one byte: more data is a decompression bomb and an error.
func decodeBase64(text []byte, compression string, dst []GID) error {
	raw, err := decodeBase64Bytes(text)
	if err != nil {
		return err
	}
	want := int64(len(dst)) * 4
	var r io.Reader
	br := bytes.NewReader(raw) // a ByteReader: flate reads no further than its stream
	switch compression {
	case "":
		if int64(len(raw)) != want {
			return errorString(itoa(len(raw)) + " bytes, want " + strconv.FormatInt(want, 10))
		}
		fillGIDs(raw, dst)
		return nil
	case "zlib":
		zr, err := zlib.NewReader(br)
		if err != nil {
			return errorString("bad zlib data: " + err.Error())
		}
		defer zr.Close()
		r = zr
	case "gzip":
		gr, err := gzip.NewReader(br)
		if err != nil {
			return errorString("bad gzip data: " + err.Error())
		}
		defer gr.Close()
		gr.Multistream(false) // one member: anything after it is trailing data
		r = gr
	case "zstd":
		return decodeZstd(raw, want, dst)
	default:
		return errorString("unknown compression " + quote(compression))
	}
	out := make([]byte, want+1)
	got, err := io.ReadFull(io.LimitReader(r, want+1), out)
	switch {
	case int64(got) > want:
		return errorString("decompressed data larger than the " + strconv.FormatInt(want, 10) + " bytes declared (decompression bomb?)")
	case err != nil && err != io.ErrUnexpectedEOF && err != io.EOF:
		return errorString("bad " + compression + " data: " + err.Error())
	case int64(got) < want:
		return errorString("decompressed to " + itoa(got) + " bytes, want " + strconv.FormatInt(want, 10))
	case br.Len() > 0:
		// The stream ended (its checksum checked) before the data did.
		return errorString(itoa(br.Len()) + " bytes of trailing data after the " + compression + " stream")
	}
	fillGIDs(out[:want], dst)
	return nil
}

// decodeZstd decompresses with DecodeAll into a buffer whose capacity is
// the expected size plus one byte; the decoder is told to stop at that
// capacity (and uses the output as its history, so a frame that declares a
// huge window allocates nothing for it). Larger output is a bomb.
func decodeZstd(raw []byte, want int64, dst []GID) error {
	zd, err := zstd.NewReader(nil,
		zstd.WithDecoderConcurrency(1),
		zstd.WithDecoderLowmem(true),
		zstd.WithDecodeAllCapLimit(true))
	if err != nil {
		return errorString("zstd: " + err.Error())
	}
	defer zd.Close()
	out, err := zd.DecodeAll(raw, make([]byte, 0, want+1))
	switch {
	case errors.Is(err, zstd.ErrDecoderSizeExceeded) || int64(len(out)) > want:
		return errorString("decompressed data larger than the " + strconv.FormatInt(want, 10) + " bytes declared (decompression bomb?)")
	case err != nil:
		return errorString("bad zstd data: " + err.Error())
	case int64(len(out)) < want:
		return errorString("decompressed to " + itoa(len(out)) + " bytes, want " + strconv.FormatInt(want, 10))
	}
	fillGIDs(out, dst)
	return nil
}

func fillGIDs(b []byte, dst []GID) {
	for i := range dst {
		dst[i] = GID(binary.LittleEndian.Uint32(b[4*i:]))
	}
}
