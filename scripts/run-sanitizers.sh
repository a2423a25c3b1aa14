#!/usr/bin/env bash
# Sanitizer runs (docs/testing.md, "Sanitizers"):
#   1. libhc_runtime and the unit tests built with ASan+UBSan (build-asan)
#      and with TSan (build-tsan), clang-22, and the unit tests run;
#   2. a sample of lit programs compiled by the normal build's bin/hcc with
#      -fsanitize=address,undefined and run on the CPU backend (skipped when
#      build/bin/hcc does not exist: run scripts/run-tests.sh first).
# Any sanitizer report fails its test; the script exits non-zero if any
# test failed. HCC_SANITIZE_LIT=0 skips step 2.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
llvm=/usr/lib/llvm-22/bin
jobs=${HCC_SANITIZE_JOBS:-2}

# A report ends the program with a non-zero status: halt_on_error (ASan,
# UBSan, TSan), -fno-sanitize-recover=undefined (the build), exitcode for
# LeakSanitizer's report at exit.
export ASAN_OPTIONS=halt_on_error=1:abort_on_error=0:detect_leaks=1:detect_stack_use_after_return=1:check_initialization_order=1:strict_init_order=1:exitcode=23
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1:exitcode=23
export TSAN_OPTIONS="halt_on_error=1:exitcode=66:second_deadlock_stack=1:suppressions=$root/scripts/sanitizers/tsan.supp"

declare -A result
status=0
started=$SECONDS

unit_tests() { # <name> <sanitizers>
  local dir=build-$1
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Debug \
    -DCMAKE_C_COMPILER=$llvm/clang -DCMAKE_CXX_COMPILER=$llvm/clang++ \
    -DHCC_RUNTIME_ONLY=ON "-DHCC_SANITIZE=$2" >/dev/null &&
    cmake --build "$dir" -j"$jobs" &&
    ctest --test-dir "$dir" -L unittest -j"$jobs" --output-on-failure
}

t=$SECONDS
if unit_tests asan "address;undefined"; then result[asan]="passed"; else result[asan]="FAILED"; status=1; fi
result[asan]+=" ($((SECONDS - t)) s)"

t=$SECONDS
if unit_tests tsan thread; then result[tsan]="passed"; else result[tsan]="FAILED"; status=1; fi
result[tsan]+=" ($((SECONDS - t)) s)"

# The lit sample: every program of test/kernels and test/data (programs that
# run kernels on the CPU backend and check their results), outputs under
# build-asan/lit. cpu_stack_overflow.cpp is left out: it checks the
# message of the runtime's own SIGSEGV handler for a stack overflow, and
# ASan takes over SIGSEGV and the stack's guard pages.
if [ "${HCC_SANITIZE_LIT:-1}" = 1 ] && [ -x build/bin/hcc ]; then
  t=$SECONDS
  if HCC_LIT_SANITIZE=address,undefined HCC_LIT_EXEC_ROOT="$root/build-asan/lit" \
     HCC_BUILD_DIR="$root/build" HCC_DEFAULT_ACCELERATOR=cpu \
     $llvm/lit -sv -j"$jobs" --filter-out 'cpu_stack_overflow' \
       test/kernels test/data; then
    result[lit]="passed"
  else
    result[lit]="FAILED"; status=1
  fi
  result[lit]+=" ($((SECONDS - t)) s)"
else
  result[lit]="skipped (no build/bin/hcc, or HCC_SANITIZE_LIT=0)"
fi

echo
echo "== sanitizer runs ($((SECONDS - started)) s)"
echo "   unit tests, ASan+UBSan (build-asan): ${result[asan]}"
echo "   unit tests, TSan (build-tsan):       ${result[tsan]}"
echo "   lit sample, ASan+UBSan, CPU backend: ${result[lit]}"
exit $status
