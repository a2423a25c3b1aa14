// Hostile values of the CPU backend's integer settings (docs/environment.md):
// the program runs with the defaults -- tiled kernels with barriers
// included, which once died with SIGSEGV on a stack of "-1" KiB -- and
// each bad value is reported once on stderr.
// RUN: %hcc %s -o %t
// RUN: env HCC_CPU_FIBER_STACK_KB=-1 HCC_CPU_THREADS=-1 %t 2> %t.err | FileCheck %s
// RUN: FileCheck --check-prefix=WARN1 %s < %t.err
// RUN: env HCC_CPU_FIBER_STACK_KB=18014398509481984 HCC_CPU_THREADS=99999999999999999999 HCC_CPU_SPIN_US=1e99 %t 2> %t.err2 | FileCheck %s
// RUN: FileCheck --check-prefix=WARN2 %s < %t.err2
// CHECK: ok
// WARN1-DAG: hcc: warning: HCC_CPU_FIBER_STACK_KB='-1' is not an integer from 64 to 1048576; using 256
// WARN1-DAG: hcc: warning: HCC_CPU_THREADS='-1' is not an integer from 1 to 4096; using {{[0-9]+}}
// WARN1-NOT: warning
// WARN2-DAG: hcc: warning: HCC_CPU_FIBER_STACK_KB='18014398509481984' is not an integer from 64 to 1048576; using 256
// WARN2-DAG: hcc: warning: HCC_CPU_THREADS='99999999999999999999' is not an integer from 1 to 4096; using {{[0-9]+}}
// WARN2-DAG: hcc: warning: HCC_CPU_SPIN_US='1e99' is not an integer from 0 to 1000000; using 100
// WARN2-NOT: warning
#include <hc.hpp>
#include <cstdio>
#include <vector>

int main() {
  hc::accelerator_view cpu = hc::accelerator(L"cpu").get_default_view();
  const int n = 4096, tile = 256;
  std::vector<int> data(n, 1), sums(n / tile, 0);
  hc::array_view<const int, 1> in(n, data);
  hc::array_view<int, 1> out(n / tile, sums);
  for (int launch = 0; launch < 3; ++launch)
    hc::parallel_for_each(cpu, hc::extent<1>(n).tile(tile),
                          [=](hc::tiled_index<1> t) [[hc]] {
      tile_static int s[tile];
      const int l = t.local[0];
      s[l] = in[t.global];
      t.barrier.wait();
      for (int active = tile / 2; active > 0; active /= 2) {
        if (l < active)
          s[l] += s[l + active];
        t.barrier.wait();
      }
      if (l == 0)
        out[t.tile] = s[0];
    }).wait();
  out.synchronize();
  for (int s : sums)
    if (s != tile) {
      std::printf("FAILED: a tile summed to %d\n", s);
      return 1;
    }
  std::printf("ok\n");
  return 0;
}
