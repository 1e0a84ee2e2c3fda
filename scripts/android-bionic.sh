#!/usr/bin/env bash
# android-bionic.sh BIONIC_SRC — refresh internal/androidcheck/testdata/bionic,
# the part of AOSP bionic (https://android.googlesource.com/platform/bionic)
# that internal/androidcheck compares the repository's sysroot against in
# every `make android-check`:
#   - every header the layout probe and the sysroot's own header list
#     (sysroot_test.go: probeSource, sysrootHeaders) pull in from bionic's
#     libc/include and kernel uapi folders, for arm64 and x86_64 at API 21
#     to 35 (found with clang -M, so the copy is exactly what is used);
#   - libc/libc.map.txt and libdl/libdl.map.txt (symbol versions and API
#     levels);
#   - the licence files (libc/NOTICE, libdl/NOTICE, MODULE_LICENSE_*,
#     libc/kernel/README.md), and the Apache License 2.0 and GPL 2.0 texts
#     they refer to (LICENSE-Apache-2.0, LICENSE-GPL-2.0, from Debian's
#     /usr/share/common-licenses).
# internal/androidcheck's TestBionicCopyIsWhatIsUsed fails when the copy
# holds a header no comparison includes, or lacks one.
# Each header keeps its own licence header. BIONIC_SRC is a checkout of
# bionic; its commit is recorded in testdata/bionic/SOURCE.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: $0 BIONIC_SRC" >&2; exit 2; }
src=$(cd "$1" && pwd)
root=$(cd "$(dirname "$0")/.." && pwd)
dst=$root/internal/androidcheck/testdata/bionic
test=$root/internal/androidcheck/sysroot_test.go
command -v clang >/dev/null || { echo "android-bionic.sh: no clang (./scripts/deps.sh android)" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
{
	sed -n 's/^var sysrootHeaders = \[\]string{\(.*\)}$/\1/p' "$test" | grep -o '"[^"]*"' | tr -d '"'
	awk '/^const probeSource = `/,/^`/' "$test" | sed -n 's/^#include <\(.*\)>$/\1/p'
} | sort -u | sed 's/.*/#include <&>/' > "$tmp/all.c"
[ "$(wc -l < "$tmp/all.c")" -ge 10 ] || { echo "android-bionic.sh: could not read the header lists from $test" >&2; exit 1; }

res=$(clang -print-resource-dir)
: > "$tmp/files"
for arch in aarch64:asm-arm64 x86_64:asm-x86; do
	triple=${arch%%:*}-linux-android uapi=${arch#*:}
	for api in 21 23 24 26 28 29 30 31 33 34 35; do
		clang --target="$triple$api" -nostdinc -M -MT x -isystem "$res/include" \
			-isystem "$src/libc/include" -isystem "$src/libc/kernel/android/uapi" \
			-isystem "$src/libc/kernel/uapi" -isystem "$src/libc/kernel/uapi/$uapi" "$tmp/all.c" |
			tr ' \\' '\n\n' | grep "^$src/" | sed "s|^$src/||" >> "$tmp/files"
	done
done
sort -u "$tmp/files" -o "$tmp/files"
for f in libc/libc.map.txt libdl/libdl.map.txt libc/NOTICE libdl/NOTICE libc/MODULE_LICENSE_BSD libdl/MODULE_LICENSE_APACHE2 libc/kernel/README.md; do
	echo "$f" >> "$tmp/files"
done

rm -rf "$dst"
mkdir -p "$dst"
while read -r f; do
	mkdir -p "$dst/$(dirname "$f")"
	cp "$src/$f" "$dst/$f"
done < "$tmp/files"
cp /usr/share/common-licenses/Apache-2.0 "$dst/LICENSE-Apache-2.0"
cp /usr/share/common-licenses/GPL-2 "$dst/LICENSE-GPL-2.0"
commit=$(git -C "$src" rev-parse HEAD 2>/dev/null || echo unknown)
cat > "$dst/SOURCE" <<EOT
AOSP bionic, https://android.googlesource.com/platform/bionic
(mirror: https://github.com/aosp-mirror/platform_bionic), commit $commit.

$(wc -l < "$tmp/files") files copied unchanged by scripts/android-bionic.sh: the headers
internal/androidcheck's comparisons include, the libc and libdl symbol maps,
and the licence files. Refresh with
  scripts/android-bionic.sh <a bionic checkout>

Licences: the libc/include headers keep their own licence headers (BSD, or
the Apache License 2.0 in LICENSE-Apache-2.0); libc/NOTICE and libdl/NOTICE
are bionic's collected notices (libc: MODULE_LICENSE_BSD, libdl:
MODULE_LICENSE_APACHE2). The libc/kernel headers are bionic's cleaned copies
of the Linux kernel's uapi headers (libc/kernel/README.md: type and macro
definitions only), which the kernel licenses as GPL-2.0 WITH
Linux-syscall-note (LICENSE-GPL-2.0; the note exempts programs using the
kernel through system calls).
EOT
echo "android-bionic.sh: $(wc -l < "$tmp/files") files from $src ($commit) in $dst" >&2
