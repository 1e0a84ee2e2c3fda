package loadutil

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
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

// TextRune reports whether r may stand in text read from a file (a
// name, a value): the characters XML 1.0 allows, so any TMX file can hold
// it. That is every character but the control characters other than tab,
// line feed and carriage return, and U+FFFE and U+FFFF.
func TextRune(r rune) bool {
	return (r >= 0x20 || r == '\t' || r == '\n' || r == '\r') && r != 0xfffe && r != 0xffff
}

// JSONText finds the first string of a JSON document (a key or a value)
// that is not text: bytes that are not UTF-8 (which encoding/json turns
// into U+FFFD silently), or a character TextRune refuses, written as an
// escape (\u0000, \b) or raw. It returns the byte offset of the string's
// opening quote and what is wrong, or ok false when every string is text.
// A document that is not well-formed JSON may give either; the decoder
// reports that.
func JSONText(data []byte) (off int64, msg string, bad bool) {
	in, start := false, 0
	for i := 0; i < len(data); i++ {
		c := data[i]
		if !in {
			if c == '"' {
				in, start = true, i
			}
			continue
		}
		switch {
		case c == '"':
			in = false
		case c == '\\' && i+1 < len(data):
			i++
			switch data[i] {
			case 'b':
				return int64(start), "escaped control character U+0008 in a string", true
			case 'f':
				return int64(start), "escaped control character U+000C in a string", true
			case 'u':
				if i+4 < len(data) {
					if v, err := strconv.ParseUint(string(data[i+1:i+5]), 16, 32); err == nil {
						if r := rune(v); !TextRune(r) {
							return int64(start), fmt.Sprintf("escaped character %U in a string", r), true
						}
					}
					i += 4
				}
			}
		case c >= 0x80:
			r, n := utf8.DecodeRune(data[i:])
			if r == utf8.RuneError && n == 1 {
				return int64(start), "invalid UTF-8 in a string", true
			}
			if !TextRune(r) {
				return int64(start), fmt.Sprintf("character %U in a string", r), true
			}
			i += n - 1
		}
	}
	return 0, "", false
}
