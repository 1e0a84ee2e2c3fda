package androidcheck

import (
	"archive/zip"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"strings"
)

// alignExtraID is the zip extra field Android's tools (zipalign, apksig)
// use to pad an entry's data to its alignment: ID, size, the uint16
// alignment, then zero padding. apksigner keeps an entry's alignment when
// this field states it, instead of falling back to 4 KB for .so files.
const alignExtraID = 0xd935

// entryAlignment is the data alignment an APK entry needs: 16 KB for
// native libraries (stored so they can be mapped in place), 4 for other
// stored entries, none for compressed ones.
func entryAlignment(name string, method uint16) int {
	switch {
	case method != zip.Store:
		return 1
	case strings.HasPrefix(name, "lib/") && strings.HasSuffix(name, ".so"):
		return PageSize
	default:
		return 4
	}
}

// Entry is one file of an APK being assembled by AlignAPK.
type Entry struct {
	Name string
	Data []byte // uncompressed contents
	// Store keeps the entry uncompressed (native libraries always are).
	Store bool
}

// AlignAPK writes entries to w as a zip in order, storing native libraries
// (lib/*/*.so) uncompressed at 16 KB boundaries and other stored entries
// at 4-byte boundaries, padding with the 0xd935 extra field; the rest is
// deflated. The result is unsigned: sign it with apksigner, which keeps
// these alignments.
func AlignAPK(w io.Writer, entries []Entry) error {
	zw := zip.NewWriter(w)
	var off int64
	for _, e := range entries {
		method := uint16(zip.Deflate)
		if e.Store || (strings.HasPrefix(e.Name, "lib/") && strings.HasSuffix(e.Name, ".so")) {
			method = zip.Store
		}
		fh := &zip.FileHeader{Name: e.Name, Method: method, CreatorVersion: 20, ReaderVersion: 20}
		fh.ModifiedDate = 0x21 // 1980-01-01: reproducible, no extended-timestamp extra
		if method == zip.Store {
			al := entryAlignment(e.Name, method)
			hdr := int64(30 + len(e.Name))
			pad := (int64(al) - (off+hdr+6)%int64(al)) % int64(al)
			extra := make([]byte, 6+pad)
			binary.LittleEndian.PutUint16(extra[0:], alignExtraID)
			binary.LittleEndian.PutUint16(extra[2:], uint16(2+pad))
			binary.LittleEndian.PutUint16(extra[4:], uint16(al))
			fh.Extra = extra
			fh.CRC32 = crc32.ChecksumIEEE(e.Data)
			fh.CompressedSize64 = uint64(len(e.Data))
			fh.UncompressedSize64 = uint64(len(e.Data))
			ew, err := zw.CreateRaw(fh)
			if err != nil {
				return fmt.Errorf("%s: %w", e.Name, err)
			}
			if _, err := ew.Write(e.Data); err != nil {
				return fmt.Errorf("%s: %w", e.Name, err)
			}
			off += hdr + int64(len(extra)) + int64(len(e.Data))
			continue
		}
		comp, err := deflate(e.Data)
		if err != nil {
			return fmt.Errorf("%s: %w", e.Name, err)
		}
		fh.CRC32 = crc32.ChecksumIEEE(e.Data)
		fh.CompressedSize64 = uint64(len(comp))
		fh.UncompressedSize64 = uint64(len(e.Data))
		ew, err := zw.CreateRaw(fh)
		if err != nil {
			return fmt.Errorf("%s: %w", e.Name, err)
		}
		if _, err := ew.Write(comp); err != nil {
			return fmt.Errorf("%s: %w", e.Name, err)
		}
		off += int64(30+len(e.Name)) + int64(len(comp))
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return nil
}

// ReadAPK returns the entries of the zip at path with their contents,
// in file order, and whether each was stored uncompressed.
func ReadAPK(path string) ([]Entry, error) {
	zr, err := zip.OpenReader(path)
	if err != nil {
		return nil, err
	}
	defer zr.Close()
	var out []Entry
	for _, f := range zr.File {
		if f.UncompressedSize64 > 1<<30 {
			return nil, fmt.Errorf("%s: %s: %d bytes is too large", path, f.Name, f.UncompressedSize64)
		}
		rc, err := f.Open()
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %w", path, f.Name, err)
		}
		data, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %w", path, f.Name, err)
		}
		out = append(out, Entry{Name: f.Name, Data: data, Store: f.Method == zip.Store})
	}
	return out, nil
}

// CheckAPKAlignment returns a problem for every stored entry of the APK at
// path whose data is not aligned as entryAlignment says, and for every
// native library that is compressed (it could not be mapped in place).
func CheckAPKAlignment(path string) ([]string, error) {
	fd, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fd.Close()
	st, err := fd.Stat()
	if err != nil {
		return nil, err
	}
	zr, err := zip.NewReader(fd, st.Size())
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	var problems []string
	for _, f := range zr.File {
		isLib := strings.HasPrefix(f.Name, "lib/") && strings.HasSuffix(f.Name, ".so")
		if isLib && f.Method != zip.Store {
			problems = append(problems, fmt.Sprintf("%s: native library is compressed (method %d), want stored", f.Name, f.Method))
			continue
		}
		off, err := f.DataOffset()
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %w", path, f.Name, err)
		}
		if al := int64(entryAlignment(f.Name, f.Method)); off%al != 0 {
			problems = append(problems, fmt.Sprintf("%s: data at offset %d, want a multiple of %d", f.Name, off, al))
		}
	}
	return problems, nil
}
