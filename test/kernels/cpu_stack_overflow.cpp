// A kernel that recurses past its stack on the CPU backend dies with a
// message naming the kernel and the stack (docs/troubleshooting.md), not a
// bare SIGSEGV: a work-item of a tiled kernel run as fibers on its fiber
// stack (HCC_CPU_FIBER_STACK_KB), one of a non-tiled kernel or of a tile
// run as loops on its thread's stack. Any other fault is not reported as
// an overflow.
// RUN: %hcc -O1 %s -o %t
// RUN: not --crash %t tiled 2>&1 | FileCheck --check-prefix=LOOPS %s
// RUN: not --crash %t flat 2>&1 | FileCheck --check-prefix=FLAT %s
// RUN: not --crash %t null 2>&1 | FileCheck --check-prefix=NULL %s
// RUN: %hcc -O1 -mllvm -hcc-cpu-tile-loops=false %s -o %t.fibers
// RUN: not --crash %t.fibers tiled 2>&1 | FileCheck --check-prefix=TILED %s
// RUN: env HCC_CPU_FIBER_STACK_KB=128 not --crash %t.fibers tiled 2>&1 | FileCheck --check-prefix=TILED128 %s
// TILED: hcc: error: kernel _ZN2hc6detail15hc_tiled_kernel{{.*}} overflowed the stack of a work-item on the CPU backend (256 KiB per work-item of a tiled kernel; HCC_CPU_FIBER_STACK_KB sets it)
// TILED128: (128 KiB per work-item of a tiled kernel
// LOOPS: hcc: error: kernel _ZN2hc6detail15hc_tiled_kernel{{.*}} overflowed the stack of a CPU-backend thread ({{[0-9]+}} KiB; work-items of non-tiled kernels, and of tiled kernels whose tiles run as loops, run on their thread's stack
// FLAT: hcc: error: kernel _ZN2hc6detail9hc_kernel{{.*}} overflowed the stack of a CPU-backend thread ({{[0-9]+}} KiB; work-items of non-tiled kernels
// NULL-NOT: overflowed
#include <hc.hpp>
#include <cstdio>
#include <cstring>

// Deep enough for any stack; the volatile frame keeps each call's frame
// and the recursion itself.
int deep(int n) [[hc, cpu]] {
  volatile int frame[64];
  frame[n & 63] = n;
  return n == 0 ? 0 : deep(n - 1) + frame[(n + 1) & 63];
}

int main(int argc, char **argv) {
  hc::accelerator_view cpu = hc::accelerator(L"cpu").get_default_view();
  hc::array_view<int, 1> out(256);
  const int depth = 100000000;
  const char *mode = argc > 1 ? argv[1] : "";
  if (!std::strcmp(mode, "tiled"))
    hc::parallel_for_each(cpu, out.get_extent().tile(64),
                          [=](hc::tiled_index<1> t) [[hc]] {
      out[t.global] = deep(depth + t.local[0]);
    }).wait();
  else if (!std::strcmp(mode, "flat"))
    hc::parallel_for_each(cpu, out.get_extent(), [=](hc::index<1> i) [[hc]] {
      out[i] = deep(depth + i[0]);
    }).wait();
  else if (!std::strcmp(mode, "null"))
    hc::parallel_for_each(cpu, out.get_extent(), [=](hc::index<1> i) [[hc]] {
      volatile int *nowhere = nullptr;
      out[i] = *nowhere;
    }).wait();
  std::printf("%d\n", out[0]);
  return 0;
}
