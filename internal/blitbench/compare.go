package blitbench

import (
	"testing"
	"time"
)

// Compare times ours and theirs (each one round: every sprite drawn once)
// alternately, b.N rounds each, and reports both rates in Mpx/s (px
// pixels per round; mean and best round) and the ratio of ours to
// theirs: x-<peer> from the best rounds (what a quiet machine shows) and
// x-<peer>-mean from the means.
func Compare(b *testing.B, px float64, peer string, ours, theirs func()) {
	ours()
	theirs() // warm up (a peer may prepare its sprite on first use)
	var tOurs, tTheirs time.Duration
	bestOurs, bestTheirs := time.Duration(1<<62), time.Duration(1<<62)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		ours()
		d := time.Since(start)
		tOurs, bestOurs = tOurs+d, min(bestOurs, d)
		start = time.Now()
		theirs()
		d = time.Since(start)
		tTheirs, bestTheirs = tTheirs+d, min(bestTheirs, d)
	}
	n := float64(b.N)
	b.ReportMetric(px*n/tOurs.Seconds()/1e6, "Mpx/s-raster")
	b.ReportMetric(px*n/tTheirs.Seconds()/1e6, "Mpx/s-"+peer)
	b.ReportMetric(px/bestOurs.Seconds()/1e6, "best-Mpx/s-raster")
	b.ReportMetric(px/bestTheirs.Seconds()/1e6, "best-Mpx/s-"+peer)
	b.ReportMetric(float64(bestTheirs)/float64(bestOurs), "x-"+peer)
	b.ReportMetric(float64(tTheirs)/float64(tOurs), "x-"+peer+"-mean")
}
