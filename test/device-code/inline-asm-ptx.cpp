// PTX inline assembly in code only the device pass compiles (selected with
// __KALMAR_ACCELERATOR__) is accepted by the pass plugin's check and runs;
// so is a compiler barrier, valid on both sides. (Host assembly reaching a
// kernel is an error: test/compiler/diag-inline-asm.cpp.)

// RUN: %hcc %s -o %t && %t | FileCheck %s
// CHECK: inline asm: ok
#include <hc.hpp>

#include <cstdio>

int add_one(int x) {
  int r;
#if __KALMAR_ACCELERATOR__
  asm("{\n\t.reg .s32 t;\n\tadd.s32 t, %1, 1;\n\tmov.b32 %0, t;\n\t}"
      : "=r"(r)
      : "r"(x));
#else
  r = x + 1;
#endif
  return r;
}

int main() {
  const int n = 64;
  hc::array_view<int, 1> v(n);
  hc::parallel_for_each(v.get_extent(), [=](hc::index<1> i) [[hc]] {
    asm volatile("" ::: "memory");
    v[i] = add_one(i[0]);
  });
  for (int k = 0; k < n; ++k)
    if (v[k] != k + 1) {
      std::printf("v[%d] = %d\n", k, v[k]);
      return 1;
    }
  std::printf("inline asm: ok\n");
  return 0;
}
