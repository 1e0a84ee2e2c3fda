package loadutil

import (
	"bytes"
	"errors"
	"fmt"
	"unicode/utf8"
)

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

// CheckText refuses a line of a text format that is not UTF-8 text:
// invalid UTF-8, or a NUL or another control character but tab and
// carriage return, which would otherwise end up in a name read from it.
func CheckText(line string) error {
	if !utf8.ValidString(line) {
		return errors.New("not valid UTF-8 text")
	}
	for i := 0; i < len(line); i++ {
		if c := line[i]; c < 0x20 && c != '\t' && c != '\r' || c == 0x7f {
			return fmt.Errorf("control character 0x%02x in the text", c)
		}
	}
	return nil
}
