#!/usr/bin/env bash
# ctest fixture hcc-install (test/cmake/CMakeLists.txt): installs the build
# tree with `cmake --install` into a scratch prefix, then MOVES the prefix,
# so every later test uses a relocated install. Checks the layout, that no
# installed file names the build tree or the first prefix, and that the
# tools find the moved prefix.
#
#   install-tree.sh <cmake> <build dir> <work dir>
set -euo pipefail
cmake_cmd=$1 build=$2 work=$3

rm -rf "$work"
mkdir -p "$work"
staged="$work/staged-prefix"
prefix="$work/prefix"
"$cmake_cmd" --install "$build" --prefix "$staged" > "$work/install.log"
mv "$staged" "$prefix"

fail() { echo "hcc-install: FAILED: $*" >&2; exit 1; }

for f in bin/hcc bin/hcc-config bin/hcc-info; do
  [ -x "$prefix/$f" ] || fail "$f missing or not executable"
done
for f in include/hc.hpp include/hc/detail/accelerator.hpp \
         include/hc/detail/device_prelude.h include/hc/detail/image_registry.h \
         lib/libhc_runtime.so lib/hcc/libhcc-clang-plugin.so \
         lib/hcc/libhcc-llvm-passes.so \
         lib/cmake/hcc/hcc-config.cmake lib/cmake/hcc/hcc-config-version.cmake \
         lib/cmake/hcc/hcc-toolchain.cmake; do
  [ -f "$prefix/$f" ] || fail "$f missing"
done

# Relocatable: nothing installed names the build tree or the prefix it was
# installed to (RPATHs, configured paths).
if grep -rlF -e "$(cd "$build" && pwd -P)" -e "$staged" "$prefix"; then
  fail "the files above contain the build directory or the install prefix"
fi

# The tools find their moved prefix.
real_prefix=$(cd "$prefix" && pwd -P)
got=$("$prefix/bin/hcc-config" --prefix)
[ "$got" = "$real_prefix" ] || fail "hcc-config --prefix: '$got', expected '$real_prefix'"
"$prefix/bin/hcc-config" --cxxflags --ldflags | grep -qF -- "-I$real_prefix/include -L$real_prefix/lib" \
  || fail "hcc-config --cxxflags --ldflags: $("$prefix/bin/hcc-config" --cxxflags --ldflags)"
commands=$("$prefix/bin/hcc" -### -c -x c++ /dev/null -o /dev/null 2>&1)
grep -qF -- "\"-isystem\" \"$real_prefix/include\"" <<<"$commands" \
  || fail "hcc does not use $real_prefix/include: $commands"
grep -qF -- "-fplugin=$real_prefix/lib/hcc/libhcc-clang-plugin.so" <<<"$commands" \
  || fail "hcc does not use the plugin of $real_prefix: $commands"
"$prefix/bin/hcc-info" | grep -q "Device path: *cpu" || fail "hcc-info lists no CPU"
echo "hcc-install: PASSED ($prefix)"
