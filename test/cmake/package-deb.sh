#!/usr/bin/env bash
# Builds the Debian package with `cpack -G DEB` and checks it: Depends
# names Debian packages (the tools hcc runs and the libraries its binaries
# need), the tree is under /opt/hcc without a bundled Boost, and the
# unpacked tree works (it is relocatable, so dpkg-deb -x to any directory
# stands in for an installation).
#
#   package-deb.sh <cpack> <build dir> <work dir>
set -euo pipefail
cpack_cmd=$1 build=$2 work=$3
out="$work/package"
root="$work/package-root"
rm -rf "$out" "$root"
mkdir -p "$out"

fail() { echo "hcc-package-deb: FAILED: $*" >&2; exit 1; }

"$cpack_cmd" -G DEB --config "$build/CPackConfig.cmake" -B "$out" > "$out/cpack.log" 2>&1 \
  || { cat "$out/cpack.log"; fail "cpack -G DEB"; }
deb=$(ls "$out"/*.deb)
[ "$(echo "$deb" | wc -l)" = 1 ] || fail "expected one .deb in $out: $deb"
dpkg-deb --info "$deb"

depends=$(dpkg-deb --field "$deb" Depends)
# The package names, without versions or alternatives.
names=$(tr ',|' '\n\n' <<<"$depends" | sed 's/^ *//; s/[ (].*//')
for pkg in clang-22 lld-22 libclc-22 libclang-cpp22 libllvm22 'libstdc++6' libc6; do
  grep -qxF "$pkg" <<<"$names" || fail "Depends lacks $pkg: $depends"
done
grep -q '^libboost-context' <<<"$names" || fail "Depends lacks libboost-context: $depends"
[ "$(dpkg-deb --field "$deb" Package)" = hcc ] || fail "package name"

contents=$(dpkg-deb --contents "$deb")
for f in bin/hcc bin/hcc-config bin/hcc-info include/hc.hpp lib/libhc_runtime.so \
         lib/hcc/libhcc-clang-plugin.so lib/hcc/libhcc-llvm-passes.so \
         lib/cmake/hcc/hcc-config.cmake lib/cmake/hcc/hcc-toolchain.cmake; do
  grep -qE " \./opt/hcc/$f( |$)" <<<"$contents" || fail "/opt/hcc/$f not in the package"
done
if grep -q libboost_context <<<"$contents"; then
  fail "the package carries a copy of libboost_context"
fi

dpkg-deb -x "$deb" "$root"
real_root=$(cd "$root" && pwd -P)
[ "$("$root/opt/hcc/bin/hcc-config" --prefix)" = "$real_root/opt/hcc" ] || fail "hcc-config --prefix"
"$root/opt/hcc/bin/hcc-info" --json | python3 -c 'import json, sys; json.load(sys.stdin)' \
  || fail "hcc-info --json from the package"
echo "hcc-package-deb: PASSED ($deb)"
