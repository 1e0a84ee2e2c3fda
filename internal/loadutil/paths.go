package loadutil

import (
	"errors"
	"io/fs"
	"path"
	"strconv"
	"strings"
)

// ResolvePath resolves ref, as written in the file from, to a path in the
// fs.FS: relative to from's directory, then cleaned. It refuses an empty
// ref, an absolute one ("/x"), Windows drive letters and URLs (any ':'),
// backslashes, NUL bytes, and anything that leaves the root after cleaning
// ("../x" from a file at the root). quote formats ref and the resolved path
// in the messages (strconv.Quote, or QuoteShort to keep them short). The
// error is a plain error for the caller to wrap in an *Error naming where
// ref was written.
func ResolvePath(from, ref string, quote func(string) string) (string, error) {
	if ref == "" {
		return "", errors.New("empty path")
	}
	if strings.HasPrefix(ref, "/") || strings.ContainsAny(ref, "\\:\x00") {
		return "", errors.New("absolute path, drive, URL or backslash not allowed: " + quote(ref))
	}
	p := path.Join(path.Dir(from), ref)
	if !fs.ValidPath(p) {
		return "", errors.New(quote(ref) + " leaves the root (resolves to " + quote(p) + ")")
	}
	return p, nil
}

// QuoteShort quotes s as strconv.Quote does, cutting it to its first 40
// bytes plus "…" when longer, so a hostile value cannot make a message
// huge.
func QuoteShort(s string) string {
	if len(s) > 40 {
		s = s[:40] + "…"
	}
	return strconv.Quote(s)
}
