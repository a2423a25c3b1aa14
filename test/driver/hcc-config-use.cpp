// hcc-config as build scripts use it (docs/tools.md): the printed flags
// build and link a program with hcc (this file, a kernel), the prefix is
// found from the executable itself (symlinks resolved), and the version is
// the driver's.

// RUN: rm -rf %t && mkdir -p %t/copy/bin %t/links

// `hcc `hcc-config --cxxflags --ldflags` foo.cpp` builds a program that runs
// (a kernel on the CPU backend), in hc mode and with --amp.
// RUN: sh -c '%hcc `%hcc-config --cxxflags --ldflags` --offload-arch=none %s -o %t/kernel'
// RUN: env HCC_DEFAULT_ACCELERATOR=cpu %t/kernel | FileCheck --check-prefix=RUNS %s
// RUN: sh -c '%hcc `%hcc-config --install --cxxflags --ldflags` --offload-arch=none %s -o %t/kernel-install'
// RUN: env HCC_DEFAULT_ACCELERATOR=cpu %t/kernel-install | FileCheck --check-prefix=RUNS %s
// RUN: sh -c '%hcc `%hcc-config --amp --cxxflags --ldflags` --offload-arch=none -c %S/Inputs/hello.cpp -o %t/hello-amp.o'
// RUNS: kernel: 42

// --shared --cxxflags --ldflags: a shared library.
// RUN: sh -c '%hcc `%hcc-config --shared --cxxflags --ldflags` --offload-arch=none %S/Inputs/hello.cpp -o %t/libhello.so'
// RUN: llvm-readelf -h %t/libhello.so | FileCheck --check-prefix=DYN %s
// DYN: Type: DYN

// A symlink to hcc-config reports the prefix of the real one.
// RUN: %hcc-config --prefix > %t/prefix
// RUN: ln -s %hcc-config %t/links/hcc-config
// RUN: %t/links/hcc-config --prefix > %t/prefix-link
// RUN: diff %t/prefix %t/prefix-link

// A copy in another <dir>/bin reports <dir>: the prefix is where the
// executable is, not a path fixed at build time.
// RUN: cp %hcc-config %t/copy/bin/hcc-config
// RUN: %t/copy/bin/hcc-config --prefix --cxxflags --ldflags | FileCheck --check-prefix=COPY -DTMP=%t %s
// COPY: {{^}} [[TMP]]/copy -hc -std=c++17 -I[[TMP]]/copy/include -L[[TMP]]/copy/lib -Wl,-rpath,[[TMP]]/copy/lib -lhc_runtime{{$}}

// hcc-config --version is the version hcc reports.
// (hcc-config ends its output without a line break, as the original did.)
// RUN: %hcc-config --version > %t/versions
// RUN: echo >> %t/versions
// RUN: %hcc --version >> %t/versions
// RUN: FileCheck --check-prefix=SAMEVER %s < %t/versions
// SAMEVER: {{^}}[[V:[0-9]+\.[0-9]+\.[0-9]+-([0-9a-f]+|unknown)-[0-9.]+]]{{$}}
// SAMEVER-NEXT: {{^}}hcc version [[V]] (based on LLVM

// Arguments that are not options are rejected like unknown options.
// RUN: not %hcc-config --cxxflags foo.cpp 2>&1 | FileCheck --check-prefix=NONOPT %s
// NONOPT: hcc-config: unknown option 'foo.cpp'
// NONOPT: Usage: hcc-config

// The usage names every option.
// RUN: %hcc-config --help | FileCheck --check-prefix=USAGE %s
// USAGE: --cxxflags
// USAGE: --ldflags
// USAGE: --shared
// USAGE: --prefix
// USAGE: --version
// USAGE: --amp
// USAGE: --install
// USAGE: --build

#include <hc.hpp>
#include <cstdio>

int main() {
  int result = 0;
  hc::array_view<int, 1> v(1, &result);
  hc::parallel_for_each(v.get_extent(), [=](hc::index<1> i) [[hc]] { v[i] = 42; });
  v.synchronize();
  std::printf("kernel: %d\n", result);
  return result == 42 ? 0 : 1;
}
