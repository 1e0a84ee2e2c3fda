package loadutil

import "fmt"

// CheckAttrs refuses an XML file when one of its tags may hold more than
// max attributes, before an encoding/xml decoder reads the tag (it reads
// all of a tag's attributes at once, about 100 bytes of memory each, so a
// file of one tag with a million attributes costs over 100 MiB). '<'
// cannot appear inside an attribute value, so the '=' signs between one
// '<' and the next bound the attributes of the tag that starts there; a
// text with more than max '=' signs between two tags is refused too. The
// error is an *Error of kind ErrLimit at the tag's line.
func CheckAttrs(file string, data []byte, max int) error {
	line, tagLine, n := 1, 1, 0
	for _, c := range data {
		switch c {
		case '<':
			n, tagLine = 0, line
		case '=':
			n++
			if n > max {
				return &Error{File: file, Line: tagLine, Msg: fmt.Sprintf("a tag with more than %d attributes", max), Kind: ErrLimit}
			}
		case '\n':
			line++
		}
	}
	return nil
}
