// A barrier in a function of another translation unit, called from a
// kernel the compiler made loops of, is an error of the launch on the CPU
// backend (the loops have no barrier for it), not a silent wrong result.
// Built for the CPU only: GPU kernels cannot call functions of other
// translation units.
// RUN: %hcc --offload-arch=none -O2 -DHELPER -c %s -o %t.helper.o
// RUN: %hcc --offload-arch=none -O2 %s %t.helper.o -o %t
// RUN: %t | FileCheck %s
// CHECK: runtime_exception: hc runtime: a tile barrier was reached in code the compiler did not see
#include <hc.hpp>
#include <cstdio>

void wait_for_tile(const hc::tiled_index<1> &t) [[hc, cpu]];

#ifdef HELPER
void wait_for_tile(const hc::tiled_index<1> &t) [[hc, cpu]] {
  t.barrier.wait();
}
#else
int main() {
  hc::array_view<int, 1> out(64);
  try {
    hc::parallel_for_each(hc::accelerator(L"cpu").get_default_view(),
                          out.get_extent().tile(16),
                          [=](hc::tiled_index<1> t) [[hc]] {
      out[t.global] = t.local[0];
      wait_for_tile(t);
    }).wait();
    std::printf("no error\n");
  } catch (const hc::runtime_exception &e) {
    std::printf("runtime_exception: %s\n", e.what());
  }
  return 0;
}
#endif
