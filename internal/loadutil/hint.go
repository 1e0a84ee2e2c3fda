package loadutil

import "errors"

// RaiseHint names the setting that raises a limit: when err is an *Error
// of kind ErrLimit (ReadFile's "file larger than N bytes", an XMLBudget
// error) it returns a copy whose message ends in "(raise field)"; any
// other error, nil included, is returned unchanged.
func RaiseHint(err error, field string) error {
	var e *Error
	if !errors.As(err, &e) || e.Kind != ErrLimit {
		return err
	}
	c := *e
	c.Msg += " (raise " + field + ")"
	return &c
}
