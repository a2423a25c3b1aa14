#!/usr/bin/env bash
# Installs what building and testing hcc needs, from Debian 12's packages.
set -euo pipefail
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; fi
$SUDO apt-get update
# python3-psutil: lit's per-test --timeout (scripts/gpu-lit.sh).
# gnuplot-nox: hcc-bandwidth --png (without it the tool writes a .gp script).
# doxygen: the hc API reference (docs/Doxyfile, test docs.doxygen).
# libclang-rt-22-dev: the sanitizer runtimes, so `hcc -fsanitize=...` links.
# libjemalloc2: shared virtual memory's tests over a preloaded allocator.
# openmpi-bin, libopenmpi-dev: the MPI example (examples/mpi, its lit test).
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
  cmake ninja-build g++ make python3 python3-psutil \
  clang-22 libclang-22-dev llvm-22-dev lld-22 llvm-22-tools libclc-22 libclang-rt-22-dev \
  libboost-context-dev googletest libgtest-dev libxxhash-dev gnuplot-nox doxygen libjemalloc2 \
  openmpi-bin libopenmpi-dev
