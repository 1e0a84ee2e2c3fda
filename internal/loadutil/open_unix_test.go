//go:build unix

package loadutil

import (
	"errors"
	"io"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestOpenRegularOnly builds a folder holding a regular file, a named
// pipe, a socket, a subfolder, a link to a device, a link that stays
// inside and one that leaves it, and checks that Open (through ReadFile
// too) refuses each non-regular file quickly, without blocking on the
// pipe, and that OpenRoot refuses the escaping link.
func TestOpenRegularOnly(t *testing.T) {
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "secret.tsx"), []byte("secret"), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.WriteFile(filepath.Join(dir, "map.tmx"), []byte("hello"), 0o644))
	must(syscall.Mkfifo(filepath.Join(dir, "level.tmx"), 0o644))
	must(os.Mkdir(filepath.Join(dir, "folder.tmx"), 0o755))
	must(os.Symlink("/dev/zero", filepath.Join(dir, "zero.tmx")))
	must(os.Symlink("map.tmx", filepath.Join(dir, "inside.tmx")))
	must(os.Symlink(filepath.Join(outside, "secret.tsx"), filepath.Join(dir, "escape.tsx")))
	sock := filepath.Join(dir, "sock.tmx")
	if l, err := net.Listen("unix", sock); err == nil {
		defer l.Close()
	} else {
		sock = ""
	}
	root, err := OpenRoot(dir)
	must(err)
	for _, fsys := range []fs.FS{os.DirFS(dir), root} {
		cases := map[string]string{
			"level.tmx":  "named pipe",
			"folder.tmx": "directory",
			"zero.tmx":   "device",
		}
		if sock != "" {
			cases["sock.tmx"] = "socket"
		}
		for name, want := range cases {
			done := make(chan error, 1)
			go func() { _, err := ReadFile(fsys, name, 1<<20); done <- err }()
			select {
			case err := <-done:
				var e *Error
				if !errors.As(err, &e) || !errors.Is(err, ErrPath) && !errors.Is(err, ErrMissing) {
					t.Errorf("%s: err %v, want a loadutil error", name, err)
					continue
				}
				if fsys == root && name == "zero.tmx" {
					// os.Root refuses the link itself: it leaves the root.
					if !strings.Contains(err.Error(), name) {
						t.Errorf("%s: %v does not name the file", name, err)
					}
					continue
				}
				if !errors.Is(err, ErrPath) || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), name) {
					t.Errorf("%s: err %q, want ErrPath naming the file and %q", name, err, want)
				}
			case <-time.After(5 * time.Second):
				t.Fatalf("%s: ReadFile blocked", name)
			}
		}
		b, err := ReadFile(fsys, "inside.tmx", 100)
		if err != nil || string(b) != "hello" {
			t.Errorf("link inside the root: %q, %v", b, err)
		}
		f, err := Open(fsys, "map.tmx")
		must(err)
		b, _ = io.ReadAll(f)
		f.Close()
		if string(b) != "hello" {
			t.Errorf("regular file read %q", b)
		}
	}
	// os.DirFS follows the escaping link (that is why loaders are handed
	// OpenRoot folders); OpenRoot refuses it.
	if _, err := ReadFile(root, "escape.tsx", 100); err == nil {
		t.Fatal("OpenRoot followed a link out of its folder")
	}
	if _, err := OpenRoot(filepath.Join(dir, "missing")); !errors.Is(err, ErrMissing) {
		t.Fatalf("missing folder: %v", err)
	}
}
