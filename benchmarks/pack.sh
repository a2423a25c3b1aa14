#!/usr/bin/env bash
# Builds the benchmarks with this checkout's hcc and puts what a GPU host
# needs into .carry/bench/ (git-ignored; carry that folder):
#
#   bin/bench-*        the benchmarks (bench-twin-<name>: twins/<name>.cpp)
#   lib/               the hc runtime and the build-tree libraries it needs
#   lib-fallback/      system libraries they need (libstdc++...); run-gpu.sh
#                      uses a copy only where the GPU host lacks one
#   reference/*.cu     the reference kernels, compiled there by run-gpu.sh
#   twins/*.cu         the CUDA twins of twins/*.cpp, compiled there too
#   INFO               commit and date
#
# Usage, from anywhere:  bash benchmarks/pack.sh [--build DIR]
# (default build directory: <repo>/build; only its bin/hcc and lib/ are
# used, nothing is rebuilt there).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=$ROOT/build
while [ $# -gt 0 ]; do
  case "$1" in
    --build) BUILD=$2; shift 2 ;;
    *) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
  esac
done
BUILD=$(cd "$BUILD" && pwd)
HCC=$BUILD/bin/hcc
[ -x "$HCC" ] || { echo "pack: $HCC not found: build hcc first" >&2; exit 2; }

SRC=$ROOT/benchmarks
OUT=$ROOT/.carry/bench
STAGE=$(mktemp -d /tmp/hcc-bench-pack.XXXXXX)
trap 'rm -rf "$STAGE"' EXIT
mkdir -p "$STAGE/bin" "$STAGE/lib" "$STAGE/lib-fallback" "$STAGE/reference" \
    "$STAGE/twins" "$STAGE/obj"

# Same flags as benchmarks/CMakeLists.txt (HCC_BENCH_FLAGS).
FLAGS=(-O3)
# As many compilers at once as there are cores: one hcc needs a core and
# about a GiB, and there are 20 programs.
JOBS=$(nproc 2>/dev/null || echo 2)
pids=()
failed=0
# Waits for every compiler started by spawn; fails if one failed.
wait_all() {
  for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
  pids=()
  [ "$failed" = 0 ] || { echo "pack: compiling failed" >&2; exit 1; }
}
# Runs "$@" in the background once fewer than $JOBS are running.
spawn() {
  while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n || failed=1; done
  "$@" &
  pids+=($!)
}
echo "pack: compiling with $HCC ($JOBS at a time)"
for name in raw_cuda reference; do
  spawn "$HCC" "${FLAGS[@]}" -c "$SRC/common/$name.cpp" -o "$STAGE/obj/$name.o"
done
wait_all
for name in dispatch stream sgemm first_launch device_heap atomics_pingpong svm pstl; do
  spawn "$HCC" "${FLAGS[@]}" "$SRC/$name.cpp" "$STAGE"/obj/*.o -s \
      -o "$STAGE/bin/bench-$name"
done
for src in "$SRC"/twins/*.cpp; do
  spawn "$HCC" "${FLAGS[@]}" "$src" "$STAGE"/obj/*.o -s \
      -o "$STAGE/bin/bench-twin-$(basename "$src" .cpp)"
done
wait_all

. "$ROOT/scripts/carry-libraries.sh"
carry_libraries "$STAGE" "$BUILD" "$STAGE"/bin/* "$BUILD/lib/libhc_runtime.so"
cp "$SRC"/reference/*.cu "$STAGE/reference/"
cp "$SRC"/twins/*.cu "$STAGE/twins/"
{
  echo "packed: $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "commit: $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)$(
    [ -n "$(git -C "$ROOT" status --porcelain --untracked-files=no -- benchmarks examples include lib 2>/dev/null)" ] &&
      echo ' (with uncommitted changes)')"
  echo "hcc:    $("$HCC" --version 2>/dev/null | head -1)"
} >"$STAGE/INFO"

rm -rf "$OUT"
mkdir -p "$(dirname "$OUT")"
rm -rf "$STAGE/obj"
cp -r "$STAGE" "$OUT"
cat "$OUT/INFO"
echo "pack: $(du -sh "$OUT" | cut -f1) in ${OUT#"$ROOT"/}:"
(cd "$OUT" && find . -type f | sort | sed 's/^\.\//  /')
