package bt

// Status is the result of ticking a node, or a node's last result.
type Status uint8

const (
	// Ready is the status of a node that has not run since the instance
	// was created, reset or the node was halted. Ticking never returns it.
	Ready Status = iota
	// Running means the node has not finished; it is ticked again on the
	// next tick without being restarted.
	Running
	// Success means the node finished and achieved its goal.
	Success
	// Failure means the node finished without achieving its goal.
	Failure
)

var statusNames = [...]string{"ready", "running", "success", "failure"}

// String returns "ready", "running", "success" or "failure".
func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return "invalid"
}
