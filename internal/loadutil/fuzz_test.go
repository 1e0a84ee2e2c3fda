package loadutil

import "testing"

// FuzzResolvePath: a resolved path is always a valid fs path equal to the
// cleaned join of the ref onto the file's directory; nothing panics.
func FuzzResolvePath(f *testing.F) {
	f.Add("maps/map.tmx", "../tilesets/a.tsx")
	f.Add("map.tmx", "../a.tsx")
	f.Add("a/b/c.xml", "../../../definitions/demo_assets.xml")
	f.Add("m.tmx", "C:/x.png")
	f.Add("m.tmx", `..\x.png`)
	f.Add("m.tmx", "http://example.com/x")
	f.Add("m.tmx", "./a/./b/../c")
	f.Add("", "a")
	f.Fuzz(func(t *testing.T, from, ref string) {
		checkResolve(t, from, ref)
		_ = QuoteShort(ref)
	})
}
