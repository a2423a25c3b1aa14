// The radix sort's scatter kernel (hc/detail/pstl/radix_sort.hpp) finds the
// lanes of a warp that hold the same digit with eight ballots, one per bit
// of the digit, not with match.any.sync: the hardware match made the kernel
// 1.65x slower on an H200 (docs/performance.md).

// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %hcc -O3 -save-temps=cwd --offload-arch=sm_90 -c %s -o %t/out.o
// RUN: FileCheck %s < %t/radix-rank-ballots-hcc-sm_90.ptx

// CHECK-LABEL: .entry {{.*}}radix_sort_scatter
// CHECK-NOT: match.any
// CHECK-COUNT-8: vote.sync.ballot.b32
// CHECK-NOT: match.any
// CHECK: .entry

#include <experimental/algorithm>

#include <vector>

void sort_keys(std::vector<unsigned> &keys) {
  std::experimental::parallel::sort(std::experimental::parallel::par,
                                    keys.begin(), keys.end());
}
