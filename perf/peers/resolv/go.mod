module diorama/perf/peers/resolv

go 1.26.0

require (
	diorama v0.0.0
	github.com/solarlune/resolv v0.8.0
)

replace diorama => ../../..
