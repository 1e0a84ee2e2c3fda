// Package layering holds the test that keeps Diorama's layering true: it
// reads the package table of ARCHITECTURE.md (one row per layer, top to
// bottom), places every package of the module in its row and checks every
// import of every non-test Go file, whatever its build tags, against the
// rows: lower rows never import higher rows, and inside a row a package
// imports only packages of its own tree. The test also holds the few
// rules narrower than a row (what the loaders, the ai packages and raster
// may import), in one table, as Go's go/build deps_test.go does.
//
// The package has no exported API and imports nothing; only its test
// reads files.
package layering
