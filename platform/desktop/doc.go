// Package desktop presents Diorama frames in a GLFW window with OpenGL and
// turns GLFW input into engine input events. cgo is allowed here and only
// under platform/.
//
// desktop may import raster and loop; never scene, physics or ai.
package desktop
