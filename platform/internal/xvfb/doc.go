// Package xvfb starts a private virtual X server for tests that open real
// windows, so they run wherever Xvfb is installed without a desktop.
//
// It imports the standard library only.
package xvfb
