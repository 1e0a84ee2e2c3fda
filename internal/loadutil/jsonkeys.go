package loadutil

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// jsonFrame is one open object or array while DuplicateKey walks a
// document.
type jsonFrame struct {
	object bool
	keys   map[string]struct{}
	key    string // the object's current key
	index  int    // the array's current index
}

// DuplicateKey finds the first object in a JSON document that names the
// same key twice (encoding/json keeps the last copy silently, losing the
// first). It returns the duplicate key's JSON path
// (`layers[2].objects[0].x`) and the byte offset just past it, or ok
// false when every object's keys are distinct. A document that is not
// well-formed JSON gives ok false too: the decoder that follows reports
// that.
func DuplicateKey(data []byte) (path string, off int64, ok bool) {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	var stack []jsonFrame
	expectKey := false
	// done records that a value of the innermost container was read.
	done := func() {
		if len(stack) == 0 {
			return
		}
		top := &stack[len(stack)-1]
		if top.object {
			expectKey = true
		} else {
			top.index++
		}
	}
	for {
		tok, err := d.Token()
		if err != nil {
			return "", 0, false
		}
		if delim, isDelim := tok.(json.Delim); isDelim {
			switch delim {
			case '{':
				stack = append(stack, jsonFrame{object: true, keys: map[string]struct{}{}})
				expectKey = true
			case '[':
				stack = append(stack, jsonFrame{})
				expectKey = false
			default: // '}' or ']': the container is a value of its parent
				stack = stack[:len(stack)-1]
				done()
			}
			continue
		}
		if n := len(stack); n > 0 && stack[n-1].object && expectKey {
			top := &stack[n-1]
			k, _ := tok.(string)
			top.key = k
			if _, dup := top.keys[k]; dup {
				return jsonPath(stack), d.InputOffset(), true
			}
			top.keys[k] = struct{}{}
			expectKey = false
			continue
		}
		done()
	}
}

// jsonPath formats the open containers as a JSON path.
func jsonPath(stack []jsonFrame) string {
	var b []byte
	for k, f := range stack {
		if f.object {
			if k > 0 {
				b = append(b, '.')
			}
			b = append(b, f.key...)
		} else {
			b = append(b, '[')
			b = strconv.AppendInt(b, int64(f.index), 10)
			b = append(b, ']')
		}
	}
	return string(b)
}
