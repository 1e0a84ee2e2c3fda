module diorama

go 1.26.0

require (
	github.com/ebitengine/oto/v3 v3.4.0
	github.com/go-gl/gl v0.0.0-20231021071112-07e5d0ea2e71
	github.com/go-gl/glfw/v3.3/glfw v0.0.0-20260823155953-d41da22a9587
	github.com/hajimehoshi/go-mp3 v0.3.4
	github.com/klauspost/compress v1.20.3
	github.com/mewkiz/flac v1.0.14
	golang.org/x/image v0.47.0
	golang.org/x/mobile v0.0.0-20261011034528-197770444867
	golang.org/x/sys v0.49.0
)

require (
	github.com/ebitengine/purego v0.9.0 // indirect
	github.com/icza/bitio v1.1.0 // indirect
	github.com/mewkiz/pkg v0.0.0-20250417130911-3f050ff8c56d // indirect
	github.com/mewpkg/term v0.0.0-20241026122259-37a80af23985 // indirect
	golang.org/x/exp/shiny v0.0.0-20261009195045-ca0d7ba23607 // indirect
	golang.org/x/text v0.43.0 // indirect
)

replace golang.org/x/exp/shiny => golang.org/x/exp/shiny v0.0.0-20260908205506-85c1c2202aba
