#!/usr/bin/env bash
# no-binaries.sh — fail when a tracked file is a compiled program or library
# (ELF, Mach-O, PE or WebAssembly, found by its magic bytes), so build
# outputs never land in git. .gitignore keeps the usual ones out; this
# catches the rest (a binary named after its folder, a copied .so).
set -euo pipefail
cd "$(dirname "$0")/.."
bad=()
while IFS= read -r -d '' f; do
	[ -f "$f" ] || continue
	magic=$(head -c 4 -- "$f" | od -An -tx1 | tr -d ' \n')
	case "$magic" in
	7f454c46 | cffaedfe | cefaedfe | feedfacf | feedface | cafebabe | 0061736d) bad+=("$f") ;;
	4d5a*) bad+=("$f") ;; # PE (MZ)
	esac
done < <(git ls-files -z)
if [ ${#bad[@]} -gt 0 ]; then
	echo "no-binaries.sh: tracked compiled files (remove them with git rm --cached and ignore them):" >&2
	printf '  %s\n' "${bad[@]}" >&2
	exit 1
fi
echo "no-binaries.sh: no compiled files tracked"
