package loadutil

import (
	"fmt"
	"io"
	"io/fs"
)

// CheckPath returns an *Error of kind ErrPath when name is not a valid
// fs.FS path (absolute, empty, with a ".." or "." element, a trailing
// slash), and nil otherwise.
func CheckPath(name string) error {
	if !fs.ValidPath(name) {
		return &Error{File: name, Msg: "not a valid fs path (absolute, empty or leaving the root)", Kind: ErrPath}
	}
	return nil
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
	f, err := fsys.Open(name)
	if err != nil {
		return nil, &Error{File: name, Msg: "cannot open", Kind: ErrMissing, Err: err}
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
