package testenv

// JSONRunes reports whether ok holds for every character of every string
// and every object key of v, a value decoded by encoding/json into any
// (strings, numbers, booleans, nil, []any and map[string]any): the
// oracle the loaders' text checks are fuzzed against.
func JSONRunes(v any, ok func(rune) bool) bool {
	str := func(s string) bool {
		for _, r := range s {
			if !ok(r) {
				return false
			}
		}
		return true
	}
	switch v := v.(type) {
	case string:
		return str(v)
	case []any:
		for _, e := range v {
			if !JSONRunes(e, ok) {
				return false
			}
		}
	case map[string]any:
		for k, e := range v {
			if !str(k) || !JSONRunes(e, ok) {
				return false
			}
		}
	}
	return true
}
