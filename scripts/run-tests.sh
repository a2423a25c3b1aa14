#!/usr/bin/env bash
# The README's second command: builds (if needed) and runs every test:
# the GoogleTest unit tests and the lit suite, through ctest.
# HCC_DEFAULT_ACCELERATOR=cuda|cpu selects the backend the lit programs run
# on (default: the first GPU if any, else the CPU).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f build/build.ninja ]; then
  cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release
fi
cmake --build build -j2
ctest --test-dir build --output-on-failure
