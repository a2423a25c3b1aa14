// RUN: %hcc %s -o %t && %t | FileCheck %s
// CHECK: early reads: 0 of 300 (kernel alone), 0 of 300 (kernel after a copy)
//
// completion_future::wait() returns only once the kernel has finished: a
// kernel that works a while and then writes a sequence number into pinned
// host memory (am_alloc amHostPinned) is read right after wait(), 300
// times on its own and 300 times launched behind an asynchronous copy
// between two arrays. The second form failed on an H100 before 012d43b
// (1 and 4 early reads of 300 in two runs, 0 after the fix): when the
// copy's event said it was done, the CUDA backend's completion code also
// completed the kernel queued behind it, so wait() returned while the
// kernel still ran (and the parallel reduce read partial sums early).
#include <hc.hpp>
#include <hc_am.hpp>
#include <cstdio>
#include <vector>

namespace {

constexpr int n = 1 << 20;

// Launches the slow kernel that ends by writing `want` into flag[0],
// waits for it, and says whether flag[0] did not hold `want` yet.
bool read_too_early(hc::array<unsigned, 1> &in, unsigned *flag,
                    unsigned want) {
  auto f = hc::parallel_for_each(hc::extent<1>(1024).tile(256),
                                 [=, &in](hc::tiled_index<1> t) [[hc]] {
    unsigned sum = 0;
    for (int k = 0; k < 2000; ++k) // some work first
      sum += in[(t.global[0] * 977 + k * 131) & (n - 1)] + k;
    if (t.global[0] == 0)
      flag[0] = want + (sum == 0xdeadbeef ? 1 : 0);
  });
  f.wait();
  return flag[0] != want;
}

} // namespace

int main() {
  hc::accelerator acc;
  auto *flag = static_cast<unsigned *>(
      hc::am_alloc(sizeof(unsigned) * 1024, acc, amHostPinned));
  if (!flag) { std::printf("no pinned memory\n"); return 2; }
  std::vector<unsigned> ones(n, 1u), small(4096, 2u);
  hc::array<unsigned, 1> in(hc::extent<1>(n), ones.begin());
  hc::array<unsigned, 1> other(hc::extent<1>(4096), small.begin());
  hc::array<unsigned, 1> other_copy(hc::extent<1>(4096));
  const int iterations = 300;
  int alone = 0, after_copy = 0;
  unsigned sequence = 0;
  for (int it = 0; it < iterations; ++it) {
    flag[0] = 0;
    alone += read_too_early(in, flag, ++sequence);
    flag[0] = 0;
    // Still queued (with an event of its own) when the kernel is launched.
    hc::completion_future copied = hc::copy_async(other, other_copy);
    after_copy += read_too_early(in, flag, ++sequence);
    copied.wait();
  }
  std::printf("early reads: %d of %d (kernel alone), %d of %d (kernel after "
              "a copy)\n", alone, iterations, after_copy, iterations);
  hc::am_free(flag);
  return alone || after_copy ? 1 : 0;
}
