// RUN: %hcc %s -o %t && %t
// Non-tiled rank-3 launches run their work-items brick by brick on GPUs
// (hc/detail/brick_order.hpp). Checked on the host for extents thin and
// thick, powers of two and not: the bricks' linear ids reach every point of
// the domain exactly once, the rest fall outside it, and there are fewer
// than a brick's worth of them per brick along each face. Then in kernels
// (on a GPU the brick path; on the CPU backend row-major ranges): every
// work-item sees its own index once, and the work-item builtins agree with
// it.
#include <hc.hpp>

#include <cstdint>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int shapes[][3] = {{1, 1, 1},   {2, 3, 5},    {7, 33, 65},
                           {1, 1, 1000}, {1000, 1, 1}, {3, 4, 32},
                           {5, 9, 31},  {1, 300, 7},  {64, 64, 64},
                           {2, 5, 4097}};
  for (const auto &s : shapes) {
    hc::extent<3> ext(s[0], s[1], s[2]);
    hc::detail::brick_order bricks(ext);
    CHECK(bricks.items() >= ext.size());
    CHECK(bricks.items() <= 8 * ext.size() + 256);
    std::vector<int> hits(ext.size(), 0);
    std::uint32_t outside = 0;
    for (std::uint32_t l = 0; l < bricks.items(); ++l) {
      hc::index<3> i = bricks.position(l);
      CHECK(i[0] >= 0 && i[1] >= 0 && i[2] >= 0);
      if (!ext.contains(i)) {
        ++outside;
        continue;
      }
      ++hits[hc::detail::linearize(i, ext)];
    }
    for (int h : hits)
      CHECK(h == 1);
    CHECK(outside == bricks.items() - ext.size());
  }
  // Beyond 2^32 work-items after rounding up: row-major order.
  CHECK(hc::detail::brick_order(hc::extent<3>(65536, 65536, 2)).items() == 0);

  for (const auto &s : shapes) {
    const int e0 = s[0], e1 = s[1], e2 = s[2];
    std::vector<int> seen(e0 * e1 * e2, 0);
    hc::array_view<int, 3> view(e0, e1, e2, seen);
    hc::parallel_for_each(hc::extent<3>(e0, e1, e2),
                          [=](hc::index<3> i) [[hc]] {
      bool builtins = hc_get_workitem_absolute_id(0) == unsigned(i[2]) &&
                      hc_get_workitem_absolute_id(1) == unsigned(i[1]) &&
                      hc_get_workitem_absolute_id(2) == unsigned(i[0]);
      view[i] += 1 + (builtins ? 0 : 1000) + i[0] * 100000 + i[1] * 100;
    });
    for (int a = 0; a < e0; ++a)
      for (int b = 0; b < e1; ++b)
        for (int c = 0; c < e2; ++c)
          CHECK(view(a, b, c) == 1 + a * 100000 + b * 100);
  }
  std::puts("ok");
  return 0;
}
