// Command example is the web backend's demonstration and test page: it
// presents the platform test pattern (with a cursor cross and the twin
// thumbsticks) in the browser. `make web` builds it into out/web/.
//
// The example may import platform and its backends, raster and loop;
// never scene, physics or ai.
package main
