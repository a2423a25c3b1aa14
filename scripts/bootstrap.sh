#!/usr/bin/env bash
# The README's first command: installs the dependencies, builds hcc into
# build/, then compiles examples/saxpy.cpp with the built hcc and runs it
# (on the first GPU if there is one, else on the CPU backend).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build build -j2
build/bin/hcc $(build/bin/hcc-config --cxxflags --ldflags) examples/saxpy.cpp -o build/saxpy
build/saxpy
