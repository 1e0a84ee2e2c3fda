#!/usr/bin/env bash
# golden.sh — regenerate every golden file on purpose: the tests of every
# package whose tests define the -update flag run with -update (each such
# test rewrites its golden images, hashes or tables instead of comparing).
# The packages are found from the code, so a new golden package is never
# missed; a golden flag named -update<something> fails here. A fixture
# that must stay frozen (platform's recording by an earlier build of the
# replay format, rewritten only by hand with -rerecord-v1) is not a golden
# and takes a flag of another name. Golden files are
# written deterministically, so running this on an unchanged tree leaves
# `git status` clean, in one pass. Review `git diff` before committing.
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

# state lists the changed and new files under the given package folders
# with their hashes.
state() {
	git ls-files -m -o --exclude-standard -z -- "$@" | xargs -0 -r sha1sum -- 2>&1 || true
}

# A pass can write a file the next build embeds (cmd/demo's levels and art
# are go:embed'ded, and its golden frames are drawn from them), so the
# goldens drawn in the same pass come from the old file. The packages
# whose files a pass changed run again, until a pass changes nothing: an
# unchanged tree takes one pass; goldens that still change on the third
# fail.
todo=("${pkgs[@]}")
for pass in 1 2 3; do
	echo "golden.sh: pass $pass: ${todo[*]}" >&2
	before=$(state "${todo[@]}")
	ok=1
	$GO test -count=1 "${todo[@]}" -args -update || ok=0
	after=$(state "${todo[@]}")
	if [ "$before" == "$after" ]; then
		[ $ok == 1 ] || { echo "golden.sh: tests failed with nothing left to regenerate" >&2; exit 1; }
		git status --short -- "${pkgs[@]}"
		exit 0
	fi
	changed=$({ diff <(echo "$before") <(echo "$after") || true; } | sed -n 's/^[<>] [0-9a-f]*  //p' | sort -u)
	next=()
	for d in "${todo[@]}"; do
		if grep -q "^${d#./}/" <<<"$changed"; then next+=("$d"); fi
	done
	todo=("${next[@]}")
	[ ${#todo[@]} -gt 0 ] || { echo "golden.sh: files changed outside the golden packages" >&2; exit 1; }
done
echo "golden.sh: goldens still change after 3 passes in: ${todo[*]}" >&2
git status --short -- "${pkgs[@]}"
exit 1
