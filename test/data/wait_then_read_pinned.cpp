// RUN: %hcc %s -o %t && %t | FileCheck %s
// CHECK: early reads: 0 of 300
//
// completion_future::wait() returns only once the kernel has finished: a
// kernel that works a while and then writes a sequence number into pinned
// host memory (am_alloc amHostPinned) is read right after wait(), 300
// times. Written in session 5 to test the leading hypothesis for the
// parallel reduce's wrong sums when its kernel wrote into a pinned block
// (docs/testing.md); passes on the CPU backend, not yet run on a GPU.
#include <hc.hpp>
#include <hc_am.hpp>
#include <cstdio>
#include <vector>

int main() {
  hc::accelerator acc;
  auto *flag = static_cast<unsigned *>(
      hc::am_alloc(sizeof(unsigned) * 1024, acc, amHostPinned));
  if (!flag) { std::printf("no pinned memory\n"); return 2; }
  std::vector<unsigned> ones(1 << 20, 1u);
  hc::array<unsigned, 1> in(hc::extent<1>(1 << 20), ones.begin());
  int early = 0, iterations = 300;
  for (int it = 1; it <= iterations; ++it) {
    flag[0] = 0;
    unsigned want = static_cast<unsigned>(it);
    auto f = hc::parallel_for_each(hc::extent<1>(1024).tile(256),
                                   [=, &in](hc::tiled_index<1> t) [[hc]] {
      unsigned acc2 = 0;
      for (int k = 0; k < 2000; ++k) // some work first
        acc2 += in[(t.global[0] * 977 + k * 131) & ((1 << 20) - 1)] + k;
      if (t.global[0] == 0)
        flag[0] = want + (acc2 == 0xdeadbeef ? 1 : 0);
    });
    f.wait();
    if (flag[0] != want)
      ++early;
  }
  std::printf("early reads: %d of %d\n", early, iterations);
  hc::am_free(flag);
  return early ? 1 : 0;
}
