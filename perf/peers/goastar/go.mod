module diorama/perf/peers/goastar

go 1.26.0

require diorama v0.0.0

require github.com/beefsack/go-astar v0.0.0-20200827232313-4ecf9e304482

replace diorama => ../../..
