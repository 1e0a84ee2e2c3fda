package loadutil

import (
	"errors"
	"io"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"
	"time"
)

func TestCheckPath(t *testing.T) {
	for _, p := range []string{"a", "a/b.tmx", "maps/x/y.json", "a..b", "..a", "."} {
		if err := CheckPath(p); err != nil {
			t.Errorf("%q: %v", p, err)
		}
	}
	for _, p := range []string{"", "/a", "../a", "a/../../b", "a/../b", "./a", "a/", "a//b"} {
		err := CheckPath(p)
		var e *Error
		want := "not a valid fs path (absolute, empty or leaving the root)"
		if p != "" {
			want = p + ": " + want
		}
		if !errors.As(err, &e) || !errors.Is(err, ErrPath) || e.File != p || err.Error() != want {
			t.Errorf("%q: %v", p, err)
		}
	}
}

func TestReadFile(t *testing.T) {
	fsys := fstest.MapFS{
		"empty":     {Data: nil},
		"three":     {Data: []byte("abc")},
		"four":      {Data: []byte("abcd")},
		"dir/three": {Data: []byte("xyz")},
	}
	for _, tc := range []struct {
		name string
		max  int64
		want string
	}{
		{"empty", 0, ""},
		{"empty", 3, ""},
		{"three", 3, "abc"},
		{"three", 1 << 20, "abc"},
		{"dir/three", 3, "xyz"},
	} {
		got, err := ReadFile(fsys, tc.name, tc.max)
		if err != nil || string(got) != tc.want {
			t.Errorf("ReadFile(%q, %d) = %q, %v", tc.name, tc.max, got, err)
		}
	}
	for _, tc := range []struct {
		name string
		max  int64
		kind error
		want string
	}{
		{"four", 3, ErrLimit, "four: file larger than 3 bytes"},
		{"three", 2, ErrLimit, "three: file larger than 2 bytes"},
		{"three", 0, ErrLimit, "three: file larger than 0 bytes"},
		{"none", 3, ErrMissing, "none: cannot open: file does not exist"},
		{"../three", 3, ErrPath, "../three: not a valid fs path (absolute, empty or leaving the root)"},
		{"", 3, ErrPath, "not a valid fs path (absolute, empty or leaving the root)"},
	} {
		got, err := ReadFile(fsys, tc.name, tc.max)
		var e *Error
		if got != nil || !errors.As(err, &e) || !errors.Is(err, tc.kind) || err.Error() != tc.want || e.File != tc.name {
			t.Errorf("ReadFile(%q, %d) = %q, %v; want %v %q", tc.name, tc.max, got, err, tc.kind, tc.want)
		}
	}
	if _, err := ReadFile(fsys, "none", 3); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("cause not wrapped: %v", err)
	}
}

// endless is a file that never ends and fails after limit bytes, or that
// counts how much was read from it and whether it was closed.
type endless struct {
	read   int64
	fail   int64 // > 0: Read fails once this many bytes were read
	closed bool
}

var errDisk = errors.New("disk on fire")

func (f *endless) Read(p []byte) (int, error) {
	if f.fail > 0 && f.read >= f.fail {
		return 0, errDisk
	}
	for i := range p {
		p[i] = 'x'
	}
	f.read += int64(len(p))
	return len(p), nil
}
func (f *endless) Close() error { f.closed = true; return nil }
func (f *endless) Stat() (fs.FileInfo, error) {
	return fstest.MapFS{"f": {}}.Stat("f")
}

type oneFile struct{ f *endless }

func (o oneFile) Open(name string) (fs.File, error) {
	if name != "f" {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return o.f, nil
}

// An endless file is refused after max+1 bytes, and closed.
func TestReadFileEndless(t *testing.T) {
	f := &endless{}
	done := make(chan error, 1)
	go func() {
		_, err := ReadFile(oneFile{f}, "f", 1000)
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, ErrLimit) || err.Error() != "f: file larger than 1000 bytes" {
			t.Fatal(err)
		}
	case <-time.After(time.Minute):
		t.Fatal("ReadFile does not stop reading an endless file")
	}
	if f.read > 1001+512 || !f.closed {
		t.Fatalf("read %d bytes (want about 1001), closed %v", f.read, f.closed)
	}
}

// A read error is ErrMissing "cannot read" with the cause wrapped, and the
// file is closed.
func TestReadFileReadError(t *testing.T) {
	f := &endless{fail: 10}
	_, err := ReadFile(oneFile{f}, "f", 1<<20)
	if !errors.Is(err, ErrMissing) || !errors.Is(err, errDisk) || err.Error() != "f: cannot read: disk on fire" || !f.closed {
		t.Fatalf("%v (closed %v)", err, f.closed)
	}
}

// ReadFile reads exactly what io.ReadAll would for files up to max.
func TestReadFileMatchesReadAll(t *testing.T) {
	for n := 0; n < 70; n += 7 {
		data := strings.Repeat("ab\n", n)
		fsys := fstest.MapFS{"f": {Data: []byte(data)}}
		f, _ := fsys.Open("f")
		want, _ := io.ReadAll(f)
		got, err := ReadFile(fsys, "f", int64(len(data)))
		if err != nil || string(got) != string(want) {
			t.Fatalf("n=%d: %q, %v", n, got, err)
		}
	}
}

// A name that is not UTF-8 is refused as such, named readably, rather
// than as "not a valid fs path" as if it left the root.
func TestCheckPathNotUTF8(t *testing.T) {
	err := CheckPath("maps/l\xffvel.lev")
	var e *Error
	if !errors.As(err, &e) || e.Kind != ErrPath || e.File != "maps/l\uFFFDvel.lev" ||
		!strings.Contains(err.Error(), `name "maps/l\xffvel.lev" is not valid UTF-8`) {
		t.Fatalf("%v", err)
	}
}
