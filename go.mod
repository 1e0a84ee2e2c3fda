module diorama

go 1.26.0

require (
	github.com/go-gl/gl v0.0.0-20231021071112-07e5d0ea2e71
	github.com/go-gl/glfw/v3.3/glfw v0.0.0-20260823155953-d41da22a9587
	github.com/klauspost/compress v1.20.3
	golang.org/x/image v0.47.0
	golang.org/x/mobile v0.0.0-20261011034528-197770444867
	golang.org/x/sys v0.49.0
)

require (
	golang.org/x/exp/shiny v0.0.0-20261009195045-ca0d7ba23607 // indirect
	golang.org/x/text v0.43.0 // indirect
)

replace golang.org/x/exp/shiny => golang.org/x/exp/shiny v0.0.0-20260908205506-85c1c2202aba
