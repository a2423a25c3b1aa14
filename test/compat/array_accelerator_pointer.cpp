// RUN: %hcc -hc %s -o %t && %t
//
// hc::array over existing accelerator memory (hcc's (extent, void*),
// (e0[, e1[, e2]], void*) and (extent, view, void*) constructors): the
// new array's contents are that memory, kernels writing through one array
// are seen through the other, and the memory outlives the array that
// borrowed it (it is not freed with it).
#include <hc.hpp>

#include <cstdio>
#include <vector>

int main() {
  int failures = 0;
  auto expect = [&](const char *what, int i, int got, int want) {
    if (got != want && failures++ < 20)
      std::printf("FAIL %s at %d: %d, expected %d\n", what, i, got, want);
  };
  const int n = 64;
  hc::array<int, 1> owner(n);
  void *memory = owner.accelerator_pointer();
  {
    hc::array<int, 1> borrowed(n, memory);
    hc::parallel_for_each(hc::extent<1>(n), [&](hc::index<1> i) [[hc]] {
      borrowed[i] = i[0] * 3;
    }).wait();
  } // does not free `memory`
  std::vector<int> seen = owner;
  for (int k = 0; k < n; ++k)
    expect("written through a borrowed array", k, seen[k], k * 3);

  hc::array<int, 2> as2(8, 8, memory);
  hc::array<int, 3> as3(hc::extent<3>(4, 4, 4),
                        owner.get_accelerator_view(), memory);
  hc::parallel_for_each(hc::extent<2>(8, 8), [&](hc::index<2> i) [[hc]] {
    as2[i] += 1;
  });
  hc::parallel_for_each(hc::extent<3>(4, 4, 4), [&](hc::index<3> i) [[hc]] {
    as3[i] *= 2;
  }).wait();
  std::vector<int> after = owner;
  for (int k = 0; k < n; ++k)
    expect("ranks 2 and 3 over the same memory", k, after[k], (k * 3 + 1) * 2);

  std::printf(failures ? "failed\n" : "ok\n");
  return failures != 0;
}
