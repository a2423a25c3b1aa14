#!/usr/bin/env bash
# Builds every examples/*.cpp with the installed, relocated hcc of the
# hcc-install fixture, in an environment that holds nothing but PATH (the
# way a user's shell finds an installed hcc), and runs saxpy.
#
#   examples.sh <work dir> <examples dir>
set -euo pipefail
work=$1 examples=$2
prefix="$work/prefix"
out="$work/examples"
rm -rf "$out"
mkdir -p "$out"
[ -x "$prefix/bin/hcc" ] || { echo "no installed hcc at $prefix" >&2; exit 1; }

path="$prefix/bin:/usr/local/bin:/usr/bin:/bin"
n=0
for src in "$examples"/*.cpp; do
  name=$(basename "$src" .cpp)
  echo "examples: hcc \`hcc-config --cxxflags --ldflags\` $name.cpp -o $name"
  env -i PATH="$path" /bin/sh -c \
    'cd "$1" && hcc `hcc-config --cxxflags --ldflags` "$2" -o "$3"' \
    sh "$out" "$src" "$name"
  n=$((n + 1))
done
[ "$n" -gt 0 ] || { echo "no examples in $examples" >&2; exit 1; }

env -i PATH="$path" "$out/saxpy" | tee "$out/saxpy.txt"
grep -q PASSED "$out/saxpy.txt"
echo "examples: PASSED ($n built, saxpy run)"
