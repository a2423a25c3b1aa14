// Compiled and linked entirely by hcc (hcc_add_executable).
#ifndef __HCC__
#error "all_hcc.cpp must be compiled by hcc"
#endif
#include <hc.hpp>
#include <cstdio>
#include <vector>

int main() {
  std::vector<int> v(256, 0);
  hc::array_view<int, 1> av(256, v);
  hc::parallel_for_each(hc::extent<1>(256).tile(64),
                        [=](hc::tiled_index<1> t) [[hc]] {
    tile_static int count;
    if (t.local[0] == 0)
      count = 0;
    t.barrier.wait();
    hc::atomic_fetch_add(&count, 1);
    t.barrier.wait();
    av[t.global] = count;
  });
  av.synchronize();
  for (int x : v)
    if (x != 64) {
      std::printf("all_hcc: FAILED (%d)\n", x);
      return 1;
    }
  std::printf("all_hcc: PASSED\n");
  return 0;
}
