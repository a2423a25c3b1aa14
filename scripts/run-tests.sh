#!/usr/bin/env bash
# The README's second command: builds (if needed) and runs every test:
# the GoogleTest unit tests and the lit suite, through ctest, then the
# sanitizer runs (scripts/run-sanitizers.sh).
# HCC_DEFAULT_ACCELERATOR=cuda|cpu selects the backend the lit programs run
# on (default: the first GPU if any, else the CPU).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f build/build.ninja ]; then
  cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release
fi
cmake --build build -j2
ctest --test-dir build --output-on-failure
# The runtime and unit tests under ASan+UBSan and TSan, and a sample of lit
# programs under ASan+UBSan (docs/testing.md, "Sanitizers"); about 5 minutes
# on 2 cores. HCC_SKIP_SANITIZERS=1 leaves them out.
if [ "${HCC_SKIP_SANITIZERS:-0}" != 1 ]; then
  bash scripts/run-sanitizers.sh
fi
