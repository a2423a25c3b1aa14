// RUN: %hcc %s -o %t && %t | FileCheck %s
// CHECK: group segment: ok
// hc::get_static_group_segment_size() and hc::get_group_segment_size() in
// tiled kernels with and without tile_static arrays and dynamic group
// memory. Every work-item sees the same values; the total is the static
// part plus the launch's dynamic size. On the CPU backend tile_static
// variables are thread-local (not a group segment), so the static part is 0;
// on a GPU it covers at least the kernel's tile_static bytes.
#include <hc.hpp>
#include <cstdio>
#include <string>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

// Runs a kernel with `Words` ints of tile_static memory (0: none) and
// `dynamic` bytes of dynamic group memory; returns {static, total} after
// checking all work-items agree, or {-1, -1}.
template <int Words> static std::vector<long> sizes(int dynamic) {
  const int tile = 64, n = tile * 8;
  std::vector<int> st(n, -1), total(n, -1), used(n, -1);
  hc::array_view<int, 1> vs(n, st), vt(n, total), vu(n, used);
  hc::tiled_extent<1> domain = hc::extent<1>(n).tile(tile);
  domain.set_dynamic_group_segment_size(dynamic);
  hc::parallel_for_each(domain, [=](hc::tiled_index<1> t) [[hc]] {
    int value = t.local[0];
    if constexpr (Words > 0) {
      tile_static int lds[Words > 0 ? Words : 1];
      lds[t.local[0] % Words] = t.local[0];  // keep the array
      t.barrier.wait();
      value = lds[t.local[0] % Words] >= 0 ? t.local[0] : -2;
    }
    vs[t.global] = static_cast<int>(hc::get_static_group_segment_size());
    vt[t.global] = static_cast<int>(hc::get_group_segment_size());
    vu[t.global] = value;
  }).wait();
  vs.synchronize(); vt.synchronize(); vu.synchronize();
  for (int i = 0; i < n; ++i)
    if (st[i] != st[0] || total[i] != total[0] || used[i] != i % tile)
      return {-1, -1};
  std::printf("tile_static %zu bytes, dynamic %d: static %d, total %d\n",
              Words * sizeof(int), dynamic, st[0], total[0]);
  return {st[0], total[0]};
}

int main() {
  const bool cpu = hc::accelerator().get_device_path() == L"cpu";
  struct { std::vector<long> got; long words, dynamic; } runs[] = {
      {sizes<0>(0), 0, 0},
      {sizes<0>(1000), 0, 1000},
      {sizes<256>(0), 256, 0},
      {sizes<256>(4096), 256, 4096},
      {sizes<1024>(100), 1024, 100},
  };
  for (auto &r : runs) {
    const long st = r.got[0], total = r.got[1];
    CHECK(st >= 0);
    CHECK(total == st + r.dynamic);
    if (cpu)
      CHECK(st == 0);
    else
      CHECK(st >= r.words * 4 && st < r.words * 4 + 4096);
  }
  // A kernel using more tile_static memory reports more (GPU), and the
  // static part does not depend on the dynamic size.
  if (!cpu)
    CHECK(runs[4].got[0] > runs[2].got[0] && runs[2].got[0] == runs[3].got[0]);
  std::printf("group segment: ok\n");
  return 0;
}
