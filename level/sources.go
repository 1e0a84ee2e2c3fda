package level

import (
	"io/fs"
)

// recorder is a file system that notes every regular file opened through
// it, once each.
type recorder struct {
	fsys  fs.FS
	files []string
	seen  map[string]bool
}

// record returns fsys noting the files opened through it (fsys itself
// when it already does).
func record(fsys fs.FS) *recorder {
	if r, ok := fsys.(*recorder); ok {
		return r
	}
	return &recorder{fsys: fsys, seen: map[string]bool{}}
}

func (r *recorder) Open(name string) (fs.File, error) {
	f, err := r.fsys.Open(name)
	if err == nil && !r.seen[name] {
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			r.seen[name] = true
			r.files = append(r.files, name)
		}
	}
	return f, err
}

// Stat is fs.Stat of the wrapped file system, without opening the file
// (so a pipe or a device is refused by its mode, never opened).
func (r *recorder) Stat(name string) (fs.FileInfo, error) { return fs.Stat(r.fsys, name) }
