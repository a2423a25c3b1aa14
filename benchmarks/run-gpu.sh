#!/usr/bin/env bash
# Runs the benchmarks on a GPU host and prints the table
# (docs/performance.md). From the repository root, after benchmarks/pack.sh
# was run on the build machine and .carry/bench/ was carried here:
#
#   bash benchmarks/run-gpu.sh [--carry DIR] [--quick] [--only NAME...]
#
# 1. compiles benchmarks/reference/*.cu and benchmarks/twins/*.cu (the
#    copies in .carry/bench, which match the binaries) with nvcc -cubin
#    -arch=$HCC_BENCH_ARCH -O3 (default sm_90; nvcc from $NVCC,
#    /usr/local/cuda/bin or PATH);
# 2. runs every benchmark with HCC_DEFAULT_ACCELERATOR=cuda (unless set),
#    so a machine without a usable GPU fails instead of measuring the CPU;
#    --only twins: sgemm and every twin (bench-twin-*);
# 3. prints all the metric lines, then the same as a Markdown table (and,
#    when twins ran, their ratios and geometric mean), and writes it all
#    to $OUT/bench.txt when $OUT is set.
# Exit status 1 if a benchmark failed (the others still run).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
CARRY=$ROOT/.carry/bench
ARGS=()
ONLY=()
while [ $# -gt 0 ]; do
  case "$1" in
    --carry) CARRY=$2; shift 2 ;;
    --quick) ARGS+=(--quick); shift ;;
    --only) ONLY+=("$2"); shift 2 ;;
    *) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
  esac
done
[ -d "$CARRY/bin" ] || { echo "run-gpu: no $CARRY/bin: run benchmarks/pack.sh on the build machine and carry .carry/bench" >&2; exit 2; }
[ ${#ONLY[@]} -gt 0 ] || ONLY=(dispatch stream sgemm first_launch atomics_pingpong svm pstl)
# The group `twins`: the twins' geometric mean includes sgemm, whose
# example and reference are twins too.
names=()
for name in "${ONLY[@]}"; do
  if [ "$name" = twins ]; then
    names+=(sgemm)
    for b in "$CARRY"/bin/bench-twin-*; do names+=("${b#"$CARRY"/bin/bench-}"); done
  else
    names+=("$name")
  fi
done
ONLY=()
for name in "${names[@]}"; do # each once, in the order first named
  case " ${ONLY[*]-} " in *" $name "*) ;; *) ONLY+=("$name") ;; esac
done
# In case the carrying lost the executable bits.
chmod +x "$CARRY"/bin/* 2>/dev/null || true

WORK=$(mktemp -d /tmp/hcc-bench-run.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
REPORT=$WORK/bench.txt
log() { echo "$*" | tee -a "$REPORT"; }

log "# hcc benchmarks, $(date -u '+%Y-%m-%d %H:%M UTC')"
sed 's/^/# carried: /' "$CARRY/INFO" | tee -a "$REPORT"
if command -v nvidia-smi >/dev/null; then
  nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total \
      --format=csv,noheader 2>/dev/null | sed 's/^/# gpu: /' | tee -a "$REPORT" || true
fi

# 1. Reference kernels.
NVCC=${NVCC:-}
for c in /usr/local/cuda/bin/nvcc "$(command -v nvcc || true)"; do
  [ -z "$NVCC" ] && [ -n "$c" ] && [ -x "$c" ] && NVCC=$c
done
ARCH=${HCC_BENCH_ARCH:-sm_90}
mkdir -p "$WORK/ref/twins"
if [ -n "$NVCC" ]; then
  log "# reference: $("$NVCC" --version | tail -1), -cubin -arch=$ARCH -O3"
  # A twin's cubin goes to twins/ of the reference directory, where
  # benchmarks/twins/harness.hpp looks for it.
  for cu in "$CARRY"/reference/*.cu "$CARRY"/twins/*.cu; do
    [ -e "$cu" ] || continue # a carry packed before the twins existed
    dir=$WORK/ref
    [ "$(basename "$(dirname "$cu")")" = twins ] && dir=$WORK/ref/twins
    "$NVCC" -cubin -arch="$ARCH" -O3 -o "$dir/$(basename "$cu" .cu).cubin" "$cu" ||
      log "# reference: nvcc failed on $(basename "$cu"): ref=n/a for its metrics"
  done
else
  log "# reference: no nvcc found: every ref=n/a"
fi

# 2. Libraries: the carried runtime first; the machine's own LD_LIBRARY_PATH
#    stays (it may name the driver). A fallback copy of a system library
#    only where this machine lacks it: its own libstdc++ is likely newer.
export LD_LIBRARY_PATH=$CARRY/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
mkdir -p "$WORK/lib-missing"
if command -v ldd >/dev/null; then
  for b in "$CARRY"/bin/* "$CARRY"/lib/*; do
    ldd "$b" 2>/dev/null | awk '/not found/ {print $1}'
  done | sort -u | while read -r lib; do
    if [ -e "$CARRY/lib-fallback/$lib" ]; then
      ln -sf "$CARRY/lib-fallback/$lib" "$WORK/lib-missing/$lib"
      log "# using the carried $lib (missing here)"
    fi
  done
fi
export LD_LIBRARY_PATH=$LD_LIBRARY_PATH:$WORK/lib-missing
export HCC_DEFAULT_ACCELERATOR=${HCC_DEFAULT_ACCELERATOR:-cuda}

# 3. The benchmarks.
status=0
for name in "${ONLY[@]}"; do
  if ! "$CARRY/bin/bench-$name" --ref-dir "$WORK/ref" ${ARGS[@]+"${ARGS[@]}"} 2>&1 | tee -a "$REPORT"; then
    log "# bench-$name FAILED"
    status=1
  fi
done

# The metric lines as the table of docs/performance.md.
{
  echo
  echo "| metric | ours | reference | ratio (ours/ref) | better | goal |"
  echo "|---|---|---|---|---|---|"
  grep -v '^#' "$REPORT" | awk '/ ours=/ {
    row = "| " $1
    for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = substr($i, length(kv[1]) + 2) }
    print row " | " v["ours"] " | " v["ref"] " | " v["ratio"] " | " v["better"] " | " v["goal"] " |"
  }'
} | tee -a "$REPORT"

# The twins: each one's ratio and the geometric mean of those measured (a
# ratio of better=lower is inverted, so that every figure is our speed
# relative to CUDA's).
if grep -q '^twin\.' "$REPORT"; then
  {
    echo
    echo "| twin | ratio (ours/ref speed) |"
    echo "|---|---|"
    grep -E '^(twin\.|sgemm\.gflops )' "$REPORT" | awk '{
      for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = substr($i, length(kv[1]) + 2) }
      r = v["ratio"]
      if (r != "n/a" && r + 0 > 0) {
        if (v["better"] == "lower") r = 1 / r
        sum += log(r); n++
        r = sprintf("%.2f", r)
      }
      print "| " $1 " | " r " |"; total++
    }
    END {
      if (n) printf "| geometric mean (%d of %d) | %.2f |\n", n, total, exp(sum / n)
      else printf "| geometric mean (0 of %d) | n/a |\n", total
    }'
  } | tee -a "$REPORT"
fi

if [ -n "${OUT:-}" ]; then
  mkdir -p "$OUT"
  cp "$REPORT" "$OUT/bench.txt"
fi
exit $status
