package scene

// What the external tests (package scene_test) need of the internals.

// Update is the -update flag: rewrite the golden images.
var Update = update

// StaticLayers returns how many bottom layers the ground cache would
// draw (none when the world has no static bottom layer).
func (w *World) StaticLayers() int {
	w.bucketByLayer()
	n, _ := w.staticLayers()
	return n
}
