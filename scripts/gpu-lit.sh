#!/usr/bin/env bash
# Runs the lit suite on a GPU host that has no compiler (no clang-22, no
# FileCheck, no lit, no hcc build), in two phases (docs/testing.md, "On the
# GPU"):
#
#   scripts/gpu-lit.sh pack [--build DIR] [--jobs N] [--filter REGEX]
#       Here. Runs lit over test/ with %hcc recording every call of the real
#       driver (test/lit-remote/hcc_wrap.py), then packs the recordings, lit,
#       FileCheck, not, count, the runtime libraries and the libraries those
#       need into .carry/gpu-lit/bundle.tar.xz. The programs also run here, on
#       the CPU backend; that run's result is only reported.
#
#   scripts/gpu-lit.sh run [--backend cuda|cpu] [--timeout S] [--max-time S]
#                          [--jobs N] [--filter REGEX] [--bundle FILE] [--keep]
#       There, from the repository root. Unpacks the bundle into a scratch
#       directory and runs the real lit over the same test files, %hcc
#       replaying the recorded calls, the programs and FileCheck running for
#       real. Prints lit's output, then "N passed, N failed" last; copies the
#       output to $OUT/gpu-lit.txt (and lit's JSON results to
#       $OUT/gpu-lit.json) when $OUT is set. Exit status 1 when a test failed.
#
# Tests of test/driver and test/compiler are not recorded and are reported
# UNSUPPORTED (see NOT_REPLAYED in test/lit-remote/gpu_lit_cfg.py).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
LLVM_ROOT=${HCC_LLVM_ROOT:-/usr/lib/llvm-22}
CARRY=$ROOT/.carry/gpu-lit
REMOTE=$ROOT/test/lit-remote

die() { echo "gpu-lit: $*" >&2; exit 2; }
usage() { sed -n '2,23p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }

# A python3 for lit: Debian's here (its psutil gives lit --timeout), the
# first on PATH there (the GPU host's; with psutil, lit --timeout works
# there too).
pick_python() {
  if [ "$1" = pack ] && [ -x /usr/bin/python3 ]; then echo /usr/bin/python3
  else command -v python3 || die "python3 not found"
  fi
}

# lit's entry point from a lit package on PYTHONPATH (lit has no __main__).
LIT_MAIN='import sys; from lit.main import main; sys.argv[0] = "lit"; main()'

has_psutil() { "$PY" -c 'import psutil' 2>/dev/null; }

# is_glibc, carry_libraries DEST BUILD FILE...; libz3 (hcc's, through
# libclang) is carried always: a GPU host without LLVM lacks it.
. "$ROOT/scripts/carry-libraries.sh"
CARRY_ALWAYS="libz3."

pack() {
  local build=$ROOT/build jobs filter=()
  while [ $# -gt 0 ]; do
    case "$1" in
      --build) build=$2; shift 2 ;;
      --jobs) jobs=$2; shift 2 ;;
      --filter) filter=(--filter "$2"); shift 2 ;;
      *) usage ;;
    esac
  done
  BUILD=$(cd "$build" && pwd) || die "no build directory $build"
  [ -x "$BUILD/bin/hcc" ] || die "$BUILD/bin/hcc not found: build hcc first"
  [ -f "$BUILD/lib/libhc_runtime.so" ] || die "$BUILD/lib/libhc_runtime.so not found"
  local tool
  for tool in FileCheck not count; do
    [ -x "$LLVM_ROOT/bin/$tool" ] || die "$LLVM_ROOT/bin/$tool not found (llvm-22-tools)"
  done
  [ -f "$LLVM_ROOT/utils/lit/lit/main.py" ] || die "lit not found under $LLVM_ROOT/utils/lit"
  PY=$(pick_python pack)

  STAGE=$(mktemp -d /tmp/gpu-lit-pack.XXXXXX)
  trap 'rm -rf "$STAGE"' EXIT
  B=$STAGE/gpu-lit
  mkdir -p "$B/bin" "$B/lib" "$B/lib-fallback" "$B/python" "$B/records"
  # hcc-config prints paths of the build tree, which the replay of hcc
  # then sees on its command line: hcc_wrap.py names them {BUILD}.
  echo "$BUILD" >"$B/build-root"
  # The tests recorded: `run` selects the same ones unless told otherwise
  # (every other test would fail there for want of a recording).
  if [ ${#filter[@]} -gt 0 ]; then printf '%s\n' "${filter[1]}" >"$B/filter"; fi

  # 1. Record: lit over the whole suite, %hcc = hcc_wrap.py record.
  local timeout=()
  if has_psutil; then timeout=(--timeout 900); fi
  echo "gpu-lit pack: recording with $BUILD/bin/hcc (programs run here on the CPU)"
  set +e
  env HCC_LIT_REMOTE=record HCC_LIT_BUNDLE="$B" \
      HCC_LIT_EXEC_ROOT="$STAGE/exec" HCC_BUILD_DIR="$BUILD" \
      HCC_LLVM_TOOLS_DIR="$LLVM_ROOT/bin" \
      HCC_DEFAULT_ACCELERATOR=cpu HCC_LIT_TARGET_ACCELERATOR=cuda \
      PYTHONPATH="$LLVM_ROOT/utils/lit" PYTHONDONTWRITEBYTECODE=1 \
      "$PY" -c "$LIT_MAIN" -v -j"${jobs:-$(nproc)}" "${timeout[@]}" \
      "${filter[@]}" -o "$STAGE/pack.json" "$ROOT/test" >"$STAGE/pack-lit.txt" 2>&1
  set -e
  if [ -s "$B/wrapper-errors.txt" ]; then
    cat "$B/wrapper-errors.txt" >&2
    die "recording failed (above); no bundle written"
  fi
  local calls
  calls=$(find "$B/records" -name call.json | wc -l)
  [ "$calls" -gt 0 ] || { tail -40 "$STAGE/pack-lit.txt" >&2; die "nothing recorded"; }

  # 2. What the replay needs besides the recordings.
  cp "$LLVM_ROOT/bin/FileCheck" "$LLVM_ROOT/bin/not" "$LLVM_ROOT/bin/count" "$B/bin/"
  cp -r "$LLVM_ROOT/utils/lit/lit" "$B/python/"
  find "$B/python" -name __pycache__ -prune -exec rm -rf {} +
  local programs
  mapfile -t programs < <(find "$B/records" -name output -perm -u+x)
  carry_libraries "$B" "$BUILD" "$B/bin/FileCheck" "$B/bin/not" \
                  "$B/bin/count" "$BUILD/lib/libhc_runtime.so" "${programs[@]}"
  for f in "$B"/lib/*; do carry_libraries "$B" "$BUILD" "$f"; done   # what libz3 needs

  # The commit says what the tests are; the build may be older than it:
  # name sources newer than the newest of the build's outputs.
  local newest stale
  newest=$(ls -td "$BUILD/bin/hcc" "$BUILD/lib/libhc_runtime.so" "$BUILD"/lib/hcc/*.so | head -1)
  stale=$(cd "$ROOT" && find include lib tools llvm-passes clang -type f \
            -newer "$newest" 2>/dev/null | head -3 | tr '\n' ' ')
  {
    echo "packed:   $(date -u '+%Y-%m-%d %H:%M UTC') on $(hostname)"
    echo "commit:   $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)$(
      [ -n "$(git -C "$ROOT" status --porcelain --untracked-files=no 2>/dev/null)" ] && echo ' (with uncommitted changes)')"
    echo "build:    $BUILD (built $(date -u -r "$newest" '+%Y-%m-%d %H:%M UTC'))"
    if [ -n "$stale" ]; then echo "warning:  sources newer than the build: $stale(rebuild, pack again)"; fi
    if [ ${#filter[@]} -gt 0 ]; then echo "filter:   ${filter[1]} (run selects the same tests unless given --filter)"; fi
    echo "recorded: $calls calls of hcc and hcc-config by $(find "$B/records" -name call.json |
      sed -E 's#/[^/]+/[0-9]+/call.json$##' | sort -u | wc -l) tests"
  } >"$B/INFO"

  # 3. The bundle. Only the archive travels: xz keeps it small (about
  #    10 MiB for the whole suite; libz3 alone is 23 MB).
  rm -rf "$CARRY"
  mkdir -p "$CARRY"
  tar -C "$STAGE" -cf - gpu-lit | xz -T2 -6 >"$CARRY/bundle.tar.xz.tmp"
  mv "$CARRY/bundle.tar.xz.tmp" "$CARRY/bundle.tar.xz"
  cp "$STAGE/pack-lit.txt" "$CARRY/pack-lit.txt"
  cat "$B/INFO"
  echo "lit here (CPU backend; full log in .carry/gpu-lit/pack-lit.txt):"
  "$PY" "$REMOTE/summary.py" "$STAGE/pack.json" "$STAGE/pack-lit.txt" | sed 's/^/  /' || true
  echo "bundle:   .carry/gpu-lit/bundle.tar.xz, $(du -h "$CARRY/bundle.tar.xz" | cut -f1)"
}

# Puts into $1 a link to each $B/lib-fallback library that the carried
# programs cannot find on this machine.
link_missing_libraries() {
  local dir=$1 f
  mkdir -p "$dir"
  # Without ldd, all of them: older copies still serve these programs,
  # which were linked against them.
  command -v ldd >/dev/null || { ln -sf "$B"/lib-fallback/* "$dir/"; return; }
  for f in "$B"/bin/* $(find "$B/records" -name output -perm -u+x); do
    ldd "$f" 2>/dev/null | awk '/not found/ {print $1}'
  done | sort -u | while read -r name; do
    if [ -e "$B/lib-fallback/$name" ]; then
      ln -sf "$B/lib-fallback/$name" "$dir/$name"
      echo "gpu-lit: this machine lacks $name: using the carried one"
    else
      echo "gpu-lit: warning: $name is missing here and was not carried" >&2
    fi
  done
}

run() {
  local bundle=$CARRY/bundle.tar.xz backend=cuda timeout=300 max_time=540
  local jobs filter=() keep=
  while [ $# -gt 0 ]; do
    case "$1" in
      --bundle) bundle=$2; shift 2 ;;
      --backend) backend=$2; shift 2 ;;
      --timeout) timeout=$2; shift 2 ;;
      --max-time) max_time=$2; shift 2 ;;
      --jobs) jobs=$2; shift 2 ;;
      --filter) filter=(--filter "$2"); shift 2 ;;
      --keep) keep=1; shift ;;
      *) usage ;;
    esac
  done
  [ -f "$bundle" ] || die "no bundle at $bundle: run scripts/gpu-lit.sh pack (here, with the compiler) first"
  PY=$(pick_python run)
  W=$(mktemp -d /tmp/gpu-lit-run.XXXXXX)
  if [ -z "$keep" ]; then trap 'rm -rf "$W"' EXIT; else echo "gpu-lit: keeping $W"; fi
  # Python's tarfile: no need for xz(1) there.
  "$PY" - "$bundle" "$W" <<'EOF'
import sys, tarfile
with tarfile.open(sys.argv[1]) as t:
    kw = {"filter": "data"} if hasattr(tarfile, "data_filter") else {}
    t.extractall(sys.argv[2], **kw)
EOF
  B=$W/gpu-lit
  if [ ${#filter[@]} -eq 0 ] && [ -s "$B/filter" ]; then
    filter=(--filter "$(cat "$B/filter")")
    echo "gpu-lit: the bundle holds the tests of --filter '${filter[1]}': running those"
  fi

  # The machine's own LD_LIBRARY_PATH stays (it may name the driver's
  # libcuda); the carried libraries go first. Of the fallback copies only
  # the missing ones are added: the machine's own libstdc++ is newer.
  export LD_LIBRARY_PATH=$B/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
  link_missing_libraries "$W/lib-missing"
  export LD_LIBRARY_PATH=$LD_LIBRARY_PATH:$W/lib-missing

  echo "gpu-lit run: backend $backend, $("$PY" --version 2>&1), $(nproc) cores"
  sed 's/^/gpu-lit bundle /' "$B/INFO"
  if command -v nvidia-smi >/dev/null; then nvidia-smi -L || true; fi

  # Per-test time limit: lit's --timeout needs psutil. Without it, each
  # replayed program runs under coreutils' timeout instead (hcc_wrap.py).
  local limit=()
  if has_psutil; then
    limit=(--timeout "$timeout")
  else
    export HCC_LIT_PROGRAM_TIMEOUT=$timeout
    echo "gpu-lit: no psutil for $PY: each program runs under timeout(1), ${timeout}s"
  fi

  set +e
  env HCC_LIT_REMOTE=replay HCC_LIT_BUNDLE="$B" HCC_LIT_EXEC_ROOT="$W/exec" \
      HCC_LLVM_TOOLS_DIR="$B/bin" HCC_DEFAULT_ACCELERATOR="$backend" \
      PYTHONPATH="$B/python" PYTHONDONTWRITEBYTECODE=1 \
      "$PY" -c "$LIT_MAIN" -v -j"${jobs:-$(nproc)}" "${limit[@]}" \
      --max-time "$max_time" "${filter[@]}" -o "$W/results.json" "$ROOT/test" 2>&1 |
    tee "$W/lit.txt"
  set -e
  if [ -s "$B/wrapper-errors.txt" ]; then
    echo "gpu-lit: errors of the replaying %hcc:"; cat "$B/wrapper-errors.txt"
  fi | tee -a "$W/lit.txt"

  local status=0
  "$PY" "$REMOTE/summary.py" "$W/results.json" "$W/lit.txt" >"$W/summary.txt" || status=1
  cat "$W/summary.txt" >>"$W/lit.txt"
  if [ -n "${OUT:-}" ]; then
    mkdir -p "$OUT"
    cp "$W/lit.txt" "$OUT/gpu-lit.txt"
    if [ -f "$W/results.json" ]; then cp "$W/results.json" "$OUT/gpu-lit.json"; fi
  fi
  cat "$W/summary.txt"   # its last line is "N passed, N failed"
  return $status
}

case "${1:-}" in
  pack) shift; pack "$@" ;;
  run) shift; run "$@" ;;
  *) usage ;;
esac
