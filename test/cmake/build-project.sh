#!/usr/bin/env bash
# Configures, builds and runs one of the CMake projects of test/cmake/
# against the installed, relocated prefix of the hcc-install fixture.
#
#   build-project.sh <cmake> <generator> <c++ compiler> <work dir> <project dir> <mode>
#
# mode package:   the project uses the system compiler and find_package(hcc)
# mode toolchain: the whole project is built by hcc (hcc-toolchain.cmake)
set -euo pipefail
cmake_cmd=$1 generator=$2 cxx=$3 work=$4 project=$5 mode=$6
prefix="$work/prefix"
name=$(basename "$project")
build="$work/build-$name"
# A copy of the sources: the test touches a header of it.
src="$work/src-$name"
rm -rf "$build" "$src"
cp -r "$project" "$src"

fail() { echo "$name: FAILED: $*" >&2; exit 1; }
[ -x "$prefix/bin/hcc" ] || fail "no installed hcc at $prefix (run the hcc-install test first)"

# Only the installed tree: no HCC_* from the caller's environment.
for v in $(env | sed -n 's/^\(HCC_[A-Za-z0-9_]*\)=.*/\1/p'); do unset "$v"; done

case $mode in
  package)
    "$cmake_cmd" -S "$src" -B "$build" -G "$generator" \
      -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER="$cxx" \
      -DCMAKE_PREFIX_PATH="$prefix"
    ;;
  toolchain)
    "$cmake_cmd" -S "$src" -B "$build" -G "$generator" \
      -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_TOOLCHAIN_FILE="$prefix/lib/cmake/hcc/hcc-toolchain.cmake"
    ;;
  *) fail "unknown mode $mode" ;;
esac
"$cmake_cmd" --build "$build"

case $mode in
  package)
    for exe in mixed mixed_sources all_hcc list_accelerators am_memory; do
      "$build/$exe"
    done
    # The dependency files of the hcc objects are used: touching a header
    # that only an hcc source includes rebuilds that object.
    obj=$(find "$build" -name 'saxpy_kernels.cpp.o' -path '*saxpy_kernels.hcc*')
    [ -n "$obj" ] || fail "no hcc object for saxpy_kernels.cpp"
    before=$(stat -c %Y "$obj")
    sleep 1
    touch "$src/include/saxpy.hpp"
    "$cmake_cmd" --build "$build" > "$work/rebuild-$name.log"
    after=$(stat -c %Y "$obj")
    [ "$after" -gt "$before" ] || fail "touching saxpy.hpp did not rebuild $obj"
    ;;
  toolchain)
    "$build/toolchain_app"
    ;;
esac
echo "$name: PASSED"
