//go:build unix

package webbench

import (
	"os/exec"
	"syscall"
)

// ownGroup starts cmd in a process group of its own, so stopGroup ends
// the browser's helper processes with it.
func ownGroup(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }

// stopGroup kills the process group ownGroup made (its id is cmd's pid).
func stopGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
