#!/usr/bin/env bash
# On a GPU host, from the repository root, after
# benchmarks/bandwidth/pack.sh was run on the build machine and
# .carry/bandwidth/ was carried here:
#
#   bash benchmarks/bandwidth/run-gpu.sh [--quick] [--carry DIR]
#
# 1. compiles raw_cuda_copy.cu with nvcc (from $NVCC, /usr/local/cuda/bin
#    or PATH) and runs it: cudaMemcpy, pinned and pageable;
# 2. runs hcc-bandwidth --mode all (pinned, and unpinned in every
#    HCC_UNPINNED_COPY_MODE) on the first GPU;
# 3. prints both tables, then the comparison with the goals of
#    docs/host-memory.md (ours vs cudaMemcpy per direction and size, the best unpinned strategy per
#    size = the crossovers), and writes bandwidth.csv (both programs'
#    rows), hcc.csv, cuda.csv, compare.txt and, if gnuplot is there,
#    bandwidth.png to $OUT (else bandwidth.png.gp: plot it where gnuplot
#    is installed).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CARRY=$ROOT/.carry/bandwidth
QUICK=()
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) QUICK=(--quick); shift ;;
    --carry) CARRY=$2; shift 2 ;;
    *) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
  esac
done
[ -x "$CARRY/bin/hcc-bandwidth" ] || chmod +x "$CARRY/bin/hcc-bandwidth" 2>/dev/null || true
[ -e "$CARRY/bin/hcc-bandwidth" ] || { echo "run-gpu: no $CARRY/bin/hcc-bandwidth: run benchmarks/bandwidth/pack.sh and carry .carry/bandwidth" >&2; exit 2; }
OUTDIR=${OUT:-$(mktemp -d /tmp/hcc-bandwidth.XXXXXX)}
mkdir -p "$OUTDIR"
WORK=$(mktemp -d /tmp/hcc-bandwidth-run.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
sed 's/^/# carried: /' "$CARRY/INFO"
if command -v nvidia-smi >/dev/null; then
  nvidia-smi --query-gpu=name,driver_version,pcie.link.gen.max,pcie.link.width.max \
    --format=csv,noheader 2>/dev/null | sed 's/^/# gpu: /' || true
fi

export LD_LIBRARY_PATH=$CARRY/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
mkdir -p "$WORK/lib-missing"
{ ldd "$CARRY/bin/hcc-bandwidth" "$CARRY"/lib/* 2>/dev/null || true; } | awk '/not found/ {print $1}' |
  sort -u | while read -r lib; do
    if [ -e "$CARRY/lib-fallback/$lib" ]; then
      ln -sf "$CARRY/lib-fallback/$lib" "$WORK/lib-missing/$lib"
    fi
  done
export LD_LIBRARY_PATH=$LD_LIBRARY_PATH:$WORK/lib-missing

status=0
NVCC=${NVCC:-}
for c in /usr/local/cuda/bin/nvcc "$(command -v nvcc || true)"; do
  [ -z "$NVCC" ] && [ -n "$c" ] && [ -x "$c" ] && NVCC=$c
done
if [ -n "$NVCC" ] && "$NVCC" -O3 -o "$WORK/raw_cuda_copy" "$CARRY/raw_cuda_copy.cu"; then
  "$WORK/raw_cuda_copy" ${QUICK[@]+"${QUICK[@]}"} --csv "$OUTDIR/cuda.csv" || status=1
else
  echo "# no nvcc (or it failed): no cudaMemcpy reference"
  status=1
fi
"$CARRY/bin/hcc-bandwidth" --mode all ${QUICK[@]+"${QUICK[@]}"} --csv "$OUTDIR/hcc.csv" || status=1

{ cat "$OUTDIR/hcc.csv"; [ -f "$OUTDIR/cuda.csv" ] && tail -n +2 "$OUTDIR/cuda.csv"; } >"$OUTDIR/bandwidth.csv"

# The comparison: GB/s of every strategy next to cudaMemcpy's, per
# direction and size, and the best unpinned strategy of each size (the
# crossovers that justify the thresholds).
COLS="pinned/pinned unpinned/auto unpinned/pin-in-place unpinned/staging unpinned/direct pinned/cuda unpinned/cuda device/device device/cuda"
{
  echo "# GB/s. ours: pinned, auto/pin/staging/direct (unpinned, by HCC_UNPINNED_COPY_MODE),"
  echo "# dev (d2d, peer); cudaMemcpy: cu-pin, cu-page, cu-dev. best = fastest unpinned strategy;"
  echo "# host = the host's pageable-to-pageable memcpy through the staging copy threads (same run)."
  printf '%-5s %11s' dir bytes
  for c in pinned auto pin staging direct cu-pin cu-page dev cu-dev; do printf ' %8s' "$c"; done
  printf ' %-8s %9s %9s %9s %8s\n' best auto/page pin/pin dev/dev host
  awk -F, -v cols="$COLS" 'NR > 1 && $1 == "host" { host[$4] = $7; next }
  NR > 1 {
    key = $1 " " $4; v[key, $2 "/" $3] = $7; keys[key] = 1
  } END {
    n = split(cols, order, " ")
    for (k in keys) {
      split(k, kb, " ")
      line = sprintf("%-5s %11s", kb[1], kb[2]); best = "-"; bv = 0
      for (i = 1; i <= n; i++) {
        x = v[k, order[i]]
        line = line sprintf(" %8s", (x == "" ? "-" : x))
        if (order[i] ~ /^unpinned\/(pin-in-place|staging|direct)$/ && x != "" && x + 0 > bv) {
          bv = x + 0; best = order[i]; sub(/^unpinned\//, "", best); sub(/-in-place/, "", best)
        }
      }
      line = line sprintf(" %-8s %9s %9s %9s", best,
        ratio(v[k, "unpinned/auto"], v[k, "unpinned/cuda"]),
        ratio(v[k, "pinned/pinned"], v[k, "pinned/cuda"]),
        ratio(v[k, "device/device"], v[k, "device/cuda"]))
      line = line sprintf(" %8s", (kb[2] in host ? host[kb[2]] : "-"))
      print line
    }
  }
  function ratio(a, b) { return (a != "" && b + 0 > 0) ? sprintf("%.2f", a / b) : "-" }' "$OUTDIR/bandwidth.csv" | sort -k1,1 -k2,2n
} | tee "$OUTDIR/compare.txt"

# The plot of both programs' rows (gnuplot if installed, else a script).
"$CARRY/bin/hcc-bandwidth" --plot "$OUTDIR/bandwidth.csv" --png "$OUTDIR/bandwidth.png" || true
echo "# results in $OUTDIR"
exit $status
