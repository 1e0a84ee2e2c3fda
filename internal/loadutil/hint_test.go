package loadutil

import (
	"errors"
	"testing"
	"testing/fstest"
)

func TestRaiseHint(t *testing.T) {
	fsys := fstest.MapFS{"big": {Data: make([]byte, 11)}, "ok": {Data: make([]byte, 3)}}
	_, err := ReadFile(fsys, "big", 10)
	got := RaiseHint(err, "Loader.Limits.MaxFileBytes")
	if got.Error() != "big: file larger than 10 bytes (raise Loader.Limits.MaxFileBytes)" || !errors.Is(got, ErrLimit) {
		t.Fatalf("%v", got)
	}
	// The original error is not changed.
	if err.Error() != "big: file larger than 10 bytes" {
		t.Fatalf("original changed: %v", err)
	}
	_, missing := ReadFile(fsys, "none", 10)
	if RaiseHint(missing, "X") != missing || RaiseHint(nil, "X") != nil {
		t.Fatal("non-limit errors changed")
	}
	plain := errors.New("x")
	if RaiseHint(plain, "X") != plain {
		t.Fatal("plain error changed")
	}
}
