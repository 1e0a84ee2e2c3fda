package tiled

import "diorama/internal/loadutil"

// resolvePath resolves ref, as written in file from, to a path in the
// fs.FS (loadutil.ResolvePath with tiled's short quoting): absolute paths,
// Windows drive letters, backslashes, URLs and anything that leaves the
// root after cleaning ("../../x") are refused.
func resolvePath(from, ref string) (string, error) {
	return loadutil.ResolvePath(from, ref, quote)
}
