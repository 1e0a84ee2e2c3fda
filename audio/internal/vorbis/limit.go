package vorbis

import (
	"errors"
	"fmt"
)

// ErrLimit is matched (errors.Is) by every error that refuses a stream
// for passing one of [Limits]; the message names the field.
var ErrLimit = errors.New("vorbis: over a limit")

// limitError is an error refusing a stream at a limit.
type limitError struct{ msg string }

func (e *limitError) Error() string        { return e.msg }
func (e *limitError) Is(target error) bool { return target == ErrLimit }

// limitf formats a limit error.
func limitf(format string, a ...any) error { return &limitError{msg: fmt.Sprintf(format, a...)} }
