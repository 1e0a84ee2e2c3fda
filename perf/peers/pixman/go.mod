module diorama/perf/peers/pixman

go 1.26.0

require diorama v0.0.0

require (
	golang.org/x/image v0.47.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/text v0.43.0 // indirect
)

replace diorama => ../../..
