package loadutil

import (
	"errors"
	"io/fs"
	"testing"
)

func TestErrorFormat(t *testing.T) {
	cause := errors.New("unexpected EOF")
	for _, tc := range []struct {
		e    Error
		want string
	}{
		{Error{File: "a.tmx", Msg: "cannot open"}, "a.tmx: cannot open"},
		{Error{File: "a.tmx", Line: 3, Msg: "m"}, "a.tmx:3: m"},
		{Error{File: "a.tmx", Line: 3, Col: 7, Msg: "m"}, "a.tmx:3:7: m"},
		// A column without a line means nothing and is not shown.
		{Error{File: "a.tmx", Col: 7, Msg: "m"}, "a.tmx: m"},
		{Error{File: "a.tmx", Line: -1, Col: 2, Msg: "m"}, "a.tmx: m"},
		{Error{File: "a.tmx", Where: `layer "g" > data`, Msg: "m"}, `a.tmx: layer "g" > data: m`},
		{Error{File: "a.tmx", Line: 12, Where: "<wall>", Msg: "m", Err: cause}, "a.tmx:12: <wall>: m: unexpected EOF"},
		{Error{File: "d.json", Line: 2, Col: 5, Where: "player", Msg: "missing", Err: cause}, "d.json:2:5: player: missing: unexpected EOF"},
		// A source with no file name (a string given to bt.Parse).
		{Error{Msg: "m"}, "m"},
		{Error{Msg: "m", Err: cause}, "m: unexpected EOF"},
		{Error{Line: 3, Msg: "m"}, "line 3: m"},
		{Error{Line: 3, Col: 2, Where: "rule", Msg: "m"}, "line 3:2: rule: m"},
		{Error{Where: "sequence", Msg: "m"}, "sequence: m"},
	} {
		if got := tc.e.Error(); got != tc.want {
			t.Errorf("%+v: got %q, want %q", tc.e, got, tc.want)
		}
	}
}

func TestErrorUnwrap(t *testing.T) {
	e := &Error{File: "f", Msg: "cannot open", Kind: ErrMissing, Err: fs.ErrNotExist}
	var err error = e
	if !errors.Is(err, ErrMissing) || !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("kind or cause not found: %v", err)
	}
	if errors.Is(err, ErrLimit) || errors.Is(err, fs.ErrPermission) {
		t.Fatal("matches a kind or cause it does not have")
	}
	var pe *fs.PathError
	wrapped := &Error{File: "f", Kind: ErrMissing, Err: &fs.PathError{Op: "open", Path: "f", Err: fs.ErrNotExist}}
	if !errors.As(wrapped, &pe) || pe.Op != "open" || !errors.Is(wrapped, fs.ErrNotExist) {
		t.Fatal("cause chain not followed")
	}
	if u := (&Error{Kind: ErrSyntax}).Unwrap(); len(u) != 1 || u[0] != ErrSyntax {
		t.Fatalf("Unwrap without cause = %v", u)
	}
	if u := e.Unwrap(); len(u) != 2 || u[0] != ErrMissing || u[1] != fs.ErrNotExist {
		t.Fatalf("Unwrap = %v", u)
	}
	// An *Error wrapped further is still found, with its fields.
	var got *Error
	if !errors.As(errors.Join(errors.New("x"), err), &got) || got != e {
		t.Fatal("errors.As through a join")
	}
}

// The kinds are distinct values with the texts the loaders have always
// used.
func TestKinds(t *testing.T) {
	kinds := []error{ErrSyntax, ErrInvalid, ErrRef, ErrLimit, ErrPath, ErrMissing}
	texts := []string{"syntax error", "invalid value", "bad reference", "exceeds limit", "path escapes the file system root", "missing file"}
	for i, k := range kinds {
		if k.Error() != texts[i] {
			t.Errorf("kind %d = %q, want %q", i, k.Error(), texts[i])
		}
		for j, o := range kinds {
			if i != j && errors.Is(k, o) {
				t.Errorf("%v matches %v", k, o)
			}
		}
	}
}
