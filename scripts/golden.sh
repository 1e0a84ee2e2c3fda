#!/usr/bin/env bash
# golden.sh — regenerate every golden file on purpose: the tests of every
# package whose tests define the -update flag run with -update (each such
# test rewrites its golden images, hashes or tables instead of comparing).
# The packages are found from the code, so a new golden package is never
# missed; a golden flag named -update<something> fails here. A fixture
# that must stay frozen (platform's recording by an earlier build of the
# replay format, rewritten only by hand with -rerecord-v1) is not a golden
# and takes a flag of another name. Golden files are
# written deterministically, so running this twice, or on an unchanged
# tree, leaves `git status` clean. Review `git diff` before committing.
set -euo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}

# Packages of this module (perf/peers/* are modules of their own).
mapfile -t mine < <($GO list -f '{{.Dir}}' ./... | sed "s|^$PWD|.|")
declare -A inmod
for d in "${mine[@]}"; do inmod[$d]=1; done

odd=$(grep -rn --include='*_test.go' -E 'flag\.Bool\("update[^"]+"' . | grep -v '^\./perf/peers/' || true)
if [ -n "$odd" ]; then
	echo "golden.sh: golden flags must be named -update:" >&2
	echo "$odd" >&2
	exit 1
fi

pkgs=()
while read -r d; do
	[ -n "${inmod[$d]:-}" ] && pkgs+=("$d")
done < <(grep -rl --include='*_test.go' -E 'flag\.Bool\("update",' . | xargs -r -n1 dirname | sort -u)
[ ${#pkgs[@]} -gt 0 ] || { echo "golden.sh: no package defines -update" >&2; exit 1; }

echo "golden.sh: ${pkgs[*]}" >&2
$GO test -count=1 "${pkgs[@]}" -args -update
git status --short -- "${pkgs[@]}"
