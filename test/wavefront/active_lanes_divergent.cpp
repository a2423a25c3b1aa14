// RUN: %hcc %s -o %t && %t
// Inside a branch that only the even lanes take, the active lanes are those
// lanes: hc::__activelanecount_u32_b1(1) counts them, hc::__ballot(1) has
// their bits, and hc::__activelaneid_u32() numbers them 0, 1, 2 ... (on the
// CPU backend, lane 0 of a one-lane wavefront: 1 lane, mask 1, id 0).
#include <hc.hpp>
#include <cstdint>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int tile = 64, n = tile * 8;
  std::vector<int> count(n, -1), id(n, -1), ws(n, -1), lane(n, -1);
  std::vector<std::uint64_t> ballot(n, 0);
  hc::array_view<int, 1> vc(n, count), vid(n, id), vws(n, ws), vl(n, lane);
  hc::array_view<std::uint64_t, 1> vb(n, ballot);
  hc::parallel_for_each(hc::extent<1>(n).tile(tile),
                        [=](hc::tiled_index<1> t) [[hc]] {
    int l = hc::__lane_id();
    vws[t.global] = static_cast<int>(hc::__wavesize());
    vl[t.global] = l;
    if (l % 2 == 0) {
      vc[t.global] = static_cast<int>(hc::__activelanecount_u32_b1(1u));
      vb[t.global] = hc::__ballot(1);
      vid[t.global] = static_cast<int>(hc::__activelaneid_u32());
    }
  });
  vc.synchronize();
  vid.synchronize();
  vws.synchronize();
  vl.synchronize();
  vb.synchronize();

  const int w = ws[0];
  CHECK(w == 1 || w == 32);
  std::uint64_t even = 0;
  for (int j = 0; j < w; j += 2)
    even |= std::uint64_t(1) << j;
  for (int k = 0; k < n; ++k) {
    CHECK(lane[k] == k % tile % w);
    if (lane[k] % 2 != 0) {
      CHECK(count[k] == -1 && id[k] == -1);
      continue;
    }
    CHECK(count[k] == (w + 1) / 2);
    CHECK(ballot[k] == even);
    CHECK(id[k] == lane[k] / 2);
  }
  return 0;
}
