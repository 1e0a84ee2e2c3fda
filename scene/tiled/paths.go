package tiled

import (
	"io/fs"
	"path"
	"strings"
)

// resolvePath resolves ref, as written in file from, to a path in the
// fs.FS. It refuses absolute paths, Windows drive letters, backslashes and
// URLs, and anything that leaves the root after cleaning ("../../x").
func resolvePath(from, ref string) (string, error) {
	if ref == "" {
		return "", errorString("empty path")
	}
	if strings.HasPrefix(ref, "/") || strings.ContainsAny(ref, "\\:\x00") {
		return "", errorString("absolute path, drive, URL or backslash not allowed: " + quote(ref))
	}
	p := path.Join(path.Dir(from), ref)
	if !fs.ValidPath(p) {
		return "", errorString(quote(ref) + " leaves the root (resolves to " + quote(p) + ")")
	}
	return p, nil
}
