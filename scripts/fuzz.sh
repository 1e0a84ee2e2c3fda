#!/usr/bin/env bash
# Runs every Go fuzz target of the repository for a short budget each
# (FUZZTIME, default 300x: 300 generated inputs, so a slow target cannot
# be cut off in the middle of an input and a run's length does not depend
# on the machine's speed), so the readers' fuzzers keep running in CI and
# any crasher they find fails the build. Crashers are written to the
# package's testdata/fuzz/ as usual, to be added as regression seeds.
set -euo pipefail
cd "$(dirname "$0")/.."
t="${FUZZTIME:-300x}"
n=0
while IFS=: read -r file name; do
	pkg="./$(dirname "$file")"
	echo "== $pkg $name ($t)"
	go test -run '^$' -fuzz "^${name}\$" -fuzztime "$t" -parallel 2 "$pkg"
	n=$((n + 1))
done < <(grep -rho --include='*_test.go' -E '^func (Fuzz[A-Za-z0-9_]+)' --with-filename . \
	| grep -v '^./perf/peers/' | sed -E 's#^\./##; s#:func #:#' | sort -u)
echo "fuzz: $n targets ran $t each"
