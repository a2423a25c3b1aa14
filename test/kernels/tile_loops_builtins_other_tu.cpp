// REQUIRES: cpu-backend
// RUN: %hcc --offload-arch=none -O2 -DHELPER -c %s -o %t.helper.o
// RUN: %hcc --offload-arch=none -O2 %s %t.helper.o -o %t
// RUN: %t | FileCheck %s
// RUN: %hcc --offload-arch=none -O2 -mllvm -hcc-cpu-tile-loops=false %s %t.helper.o -o %t.fibers
// RUN: %t.fibers | FileCheck %s
//
// A work-item builtin called in a function of another translation unit,
// from a tiled kernel with a barrier, gives the calling work-item's
// position whether the tiles run as loops over the work-items or as
// fibers: the compiler cannot see what such a function reads, be it a C++
// function or one with C linkage. Built for the CPU only: GPU kernels
// cannot call functions of other translation units.
//
// CHECK: c++ function: ok
// CHECK-NEXT: C function: ok
#include <hc.hpp>
#include <cstdio>

unsigned cpp_local_id() [[hc, cpu]];
extern "C" unsigned c_local_id() [[hc, cpu]];

#ifdef HELPER
unsigned cpp_local_id() [[hc, cpu]] {
  return hc_get_workitem_id(0) + 100 * hc_get_group_id(0);
}
extern "C" unsigned c_local_id() [[hc, cpu]] {
  return hc_get_workitem_id(0) + 100 * hc_get_group_id(0);
}
#else
template <class F> static bool run(F id) {
  const int n = 64, tile = 16;
  int out[n];
  int *po = out;
  hc::parallel_for_each(hc::accelerator(L"cpu").get_default_view(),
                        hc::extent<1>(n).tile(tile),
                        [=](hc::tiled_index<1> t) [[hc]] {
    tile_static int sm[tile];
    sm[t.local[0]] = t.global[0];
    t.barrier.wait();
    po[t.global[0]] = sm[tile - 1 - t.local[0]] * 10000 + int(id());
  }).wait();
  int bad = 0;
  for (int k = 0; k < n; ++k) {
    const int want =
        (k / tile * tile + tile - 1 - k % tile) * 10000 + k % tile + 100 * (k / tile);
    if (out[k] != want && bad++ < 4)
      std::printf("at %d: got %d, want %d\n", k, out[k], want);
  }
  return bad == 0;
}

int main() {
  const bool cpp = run([]() [[hc]] { return cpp_local_id(); });
  std::printf("c++ function: %s\n", cpp ? "ok" : "FAILED");
  const bool c = run([]() [[hc]] { return c_local_id(); });
  std::printf("C function: %s\n", c ? "ok" : "FAILED");
  return cpp && c ? 0 : 1;
}
#endif
