#!/usr/bin/env bash
# Packs hcc-bandwidth, the runtime it needs and the raw CUDA reference
# program's source into .carry/bandwidth/ (git-ignored; carry that folder
# to a GPU host and run benchmarks/bandwidth/run-gpu.sh there):
#
#   bin/hcc-bandwidth   the tool (no kernels: built by the system compiler)
#   lib/                libhc_runtime and the build-tree libraries it needs
#   lib-fallback/       system libraries (libstdc++...), used there only
#                       where the GPU host lacks them
#   raw_cuda_copy.cu    compiled there with nvcc
#   INFO                commit and date
#
# Usage, from anywhere:  bash benchmarks/bandwidth/pack.sh [--build DIR]
# (default build directory: <repo>/build; it must have built hcc-bandwidth:
#  cmake --build DIR --target hcc-bandwidth)
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=$ROOT/build
while [ $# -gt 0 ]; do
  case "$1" in
    --build) BUILD=$2; shift 2 ;;
    *) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
  esac
done
BUILD=$(cd "$BUILD" && pwd)
TOOL=$BUILD/bin/hcc-bandwidth
[ -x "$TOOL" ] || { echo "pack: $TOOL not found: cmake --build $BUILD --target hcc-bandwidth" >&2; exit 2; }

OUT=$ROOT/.carry/bandwidth
rm -rf "$OUT"
mkdir -p "$OUT/bin" "$OUT/lib" "$OUT/lib-fallback"
cp "$TOOL" "$OUT/bin/"
ln -s hcc-bandwidth "$OUT/bin/hcBusBandwidth"

. "$ROOT/scripts/carry-libraries.sh"
carry_libraries "$OUT" "$BUILD" "$TOOL" "$BUILD/lib/libhc_runtime.so"
cp "$ROOT/benchmarks/bandwidth/raw_cuda_copy.cu" "$OUT/"
{
  echo "packed: $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "commit: $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)$(
    [ -n "$(git -C "$ROOT" status --porcelain --untracked-files=no -- include lib tools/hcc-bandwidth 2>/dev/null)" ] &&
      echo ' (with uncommitted changes)')"
} >"$OUT/INFO"
echo "pack: $(du -sh "$OUT" | cut -f1) in $OUT; carry .carry/bandwidth and run benchmarks/bandwidth/run-gpu.sh there"
