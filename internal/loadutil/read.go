package loadutil

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"unicode/utf8"
)

// CheckPath returns an *Error of kind ErrPath when name is not a valid
// fs.FS path (absolute, empty, with a ".." or "." element, a trailing
// slash), and nil otherwise.
func CheckPath(name string) error {
	if !utf8.ValidString(name) {
		// fs.FS paths are UTF-8; the file may well be fine on disk.
		return &Error{File: strings.ToValidUTF8(name, "\uFFFD"), Msg: fmt.Sprintf("name %+q is not valid UTF-8, which fs.FS paths must be (open the level with level.OpenRoot, which maps such a name)", name), Kind: ErrPath}
	}
	if !fs.ValidPath(name) {
		return &Error{File: name, Msg: "not a valid fs path (absolute, empty or leaving the root)", Kind: ErrPath}
	}
	return nil
}

// Open opens name in fsys for reading only when it is a regular file.
// The kind of file is checked with fs.Stat before the file is opened, so
// a named pipe (whose open would block until a writer comes), a device, a
// socket or a directory is refused without being opened, and checked
// again on the open file. Errors are *Error values: ErrPath for a name
// CheckPath refuses or a file that is not regular, ErrMissing for one
// that cannot be found or opened (the cause wrapped).
//
// A symbolic link is followed as fsys follows it: use OpenRoot (or
// os.Root.FS) rather than os.DirFS so that links leading out of the
// folder are refused.
func Open(fsys fs.FS, name string) (fs.File, error) {
	if err := CheckPath(name); err != nil {
		return nil, err
	}
	st, err := fs.Stat(fsys, name)
	if err != nil {
		return nil, &Error{File: name, Msg: "cannot open", Kind: ErrMissing, Err: err}
	}
	if err := regular(name, st); err != nil {
		return nil, err
	}
	f, err := fsys.Open(name)
	if err != nil {
		return nil, &Error{File: name, Msg: "cannot open", Kind: ErrMissing, Err: err}
	}
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		f.Close()
		if err != nil {
			return nil, &Error{File: name, Msg: "cannot open", Kind: ErrMissing, Err: err}
		}
		return nil, regular(name, st)
	}
	return f, nil
}

// regular returns an ErrPath error naming what name is when it is not a
// regular file.
func regular(name string, st fs.FileInfo) error {
	m := st.Mode()
	if m.IsRegular() {
		return nil
	}
	what := "not a regular file"
	switch {
	case m.IsDir():
		what = "a directory, not a file"
	case m&fs.ModeNamedPipe != 0:
		what = "a named pipe, not a regular file"
	case m&fs.ModeSocket != 0:
		what = "a socket, not a regular file"
	case m&fs.ModeDevice != 0:
		what = "a device, not a regular file"
	case m&fs.ModeSymlink != 0:
		what = "a symbolic link that cannot be followed"
	}
	return &Error{File: name, Msg: what, Kind: ErrPath}
}

// OpenRoot returns the folder dir as an fs.FS that, unlike os.DirFS,
// refuses every path that leaves dir, including through symbolic links
// (resolved by the operating system, not by the text of the path): an
// os.Root. Links that stay inside dir are followed.
func OpenRoot(dir string) (fs.FS, error) {
	r, err := os.OpenRoot(dir)
	if err != nil {
		return nil, &Error{File: dir, Msg: "cannot open folder", Kind: ErrMissing, Err: err}
	}
	return r.FS(), nil
}

// ReadFile reads the file name from fsys, refusing it once it holds more
// than max bytes: at most max+1 bytes are ever read, so an endless or huge
// file costs no more memory than the limit. Errors are *Error values: of
// kind ErrPath for a name CheckPath refuses, ErrMissing for a file that
// cannot be opened or read (the cause wrapped), ErrLimit for one larger
// than max.
func ReadFile(fsys fs.FS, name string, max int64) ([]byte, error) {
	if err := CheckPath(name); err != nil {
		return nil, err
	}
	f, err := Open(fsys, name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, &Error{File: name, Msg: "cannot read", Kind: ErrMissing, Err: err}
	}
	if int64(len(data)) > max {
		return nil, &Error{File: name, Msg: fmt.Sprintf("file larger than %d bytes", max), Kind: ErrLimit}
	}
	return data, nil
}
