package ui

import (
	"strings"
	"unicode/utf8"

	"diorama/raster"
)

// eachLine calls fn with every line of s as it is drawn: '\n' breaks a
// line, and with maxW > 0 a line wider than maxW pixels breaks at the
// last space that lets it fit (a single word wider than maxW stays whole).
// The lines are substrings of s: nothing is allocated.
func eachLine(f *raster.Font, s string, maxW int, fn func(line string)) {
	for {
		para, rest, more := strings.Cut(s, "\n")
		if maxW > 0 {
			wrap(f, para, maxW, fn)
		} else {
			fn(para)
		}
		if !more {
			return
		}
		s = rest
	}
}

func wrap(f *raster.Font, p string, maxW int, fn func(line string)) {
	for {
		if w, _ := f.Measure(p); w <= maxW {
			fn(p)
			return
		}
		cut := -1
		for i := 1; i < len(p); i++ {
			if p[i] != ' ' || p[i-1] == ' ' {
				continue
			}
			if w, _ := f.Measure(p[:i]); w > maxW {
				break
			}
			cut = i
		}
		if cut < 0 { // the first word alone is too wide: break it
			cut = breakWord(f, p, maxW)
		}
		fn(p[:cut])
		p = strings.TrimLeft(p[cut:], " ")
		if p == "" {
			return
		}
	}
}

// breakWord returns where to cut p, whose first word is wider than
// maxW: after the last '/', ':', '\\', '-' or '.' that fits (a path, a
// URL), else after the last character that fits; at least one character.
func breakWord(f *raster.Font, p string, maxW int) int {
	fit, soft, after := 0, 0, false
	for i, r := range p {
		if i > 0 {
			if w, _ := f.Measure(p[:i]); w > maxW {
				break
			}
			fit = i
			if after {
				soft = i
			}
		}
		after = strings.ContainsRune("/:\\-.", r)
	}
	switch {
	case soft > 0:
		return soft
	case fit > 0:
		return fit
	}
	_, n := utf8.DecodeRuneInString(p)
	return n
}

// measureText returns the size of s drawn with f wrapped at maxW.
func measureText(f *raster.Font, s string, maxW int) (w, h int) {
	if s == "" {
		return 0, 0
	}
	if maxW <= 0 {
		return f.Measure(s)
	}
	n := 0
	eachLine(f, s, maxW, func(line string) {
		lw, _ := f.Measure(line)
		w = max(w, lw)
		n++
	})
	return w, n * f.LineHeight()
}
