// Command example is the Android backend's demonstration app: the
// platform test pattern with the twin thumbsticks under your fingers. Its
// pattern seed comes from assets/seed.txt, read through x/mobile's asset
// package. `make android` packages it into an APK with gomobile.
//
// The example may import platform and its backends, raster and loop;
// never scene, physics or ai.
package main
