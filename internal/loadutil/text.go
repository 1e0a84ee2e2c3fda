package loadutil

import "bytes"

// LineCol returns the 1-based line and column of byte offset off in data;
// the column counts bytes from the start of the line. An offset before the
// start counts as 0 and one past the end as len(data).
func LineCol(data []byte, off int64) (line, col int) {
	if off < 0 {
		off = 0
	}
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	before := data[:off]
	line = bytes.Count(before, []byte{'\n'}) + 1
	col = int(off) - (bytes.LastIndexByte(before, '\n') + 1) + 1
	return line, col
}
