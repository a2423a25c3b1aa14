// RUN: %hcc %s -o %t && %t
// A wavefront reduction with hc::__shfl_down and width = hc::__wavesize()
// (offsets w/2, w/4 ... 1): lane 0 of every wavefront ends with the sum of
// its wavefront, for the int, unsigned and float overloads. One step with
// delta 1 gives every lane its upper neighbour's value, and the last lane
// of the wavefront its own. On the CPU backend (one lane) both are the
// work-item's own value.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int tile = 128, n = tile * 16;
  std::vector<int> isum(n, 0), next(n, 0), ws(n, 0), lane(n, -1);
  std::vector<unsigned> usum(n, 0);
  std::vector<float> fsum(n, 0.0f);
  hc::array_view<int, 1> vi(n, isum), vn(n, next), vws(n, ws), vl(n, lane);
  hc::array_view<unsigned, 1> vu(n, usum);
  hc::array_view<float, 1> vf(n, fsum);
  hc::parallel_for_each(hc::extent<1>(n).tile(tile),
                        [=](hc::tiled_index<1> t) [[hc]] {
    const int w = static_cast<int>(hc::__wavesize());
    const int g = t.global[0];
    int i = g * 3 - 1000;
    unsigned u = 0x10000001u * static_cast<unsigned>(g);
    float f = static_cast<float>(g % 17) * 0.5f;
    vn[t.global] = hc::__shfl_down(g, 1u, w);
    for (int d = w / 2; d > 0; d /= 2) {
      i += hc::__shfl_down(i, static_cast<unsigned>(d), w);
      u += hc::__shfl_down(u, static_cast<unsigned>(d), w);
      f += hc::__shfl_down(f, static_cast<unsigned>(d), w);
    }
    vi[t.global] = i;
    vu[t.global] = u;
    vf[t.global] = f;
    vws[t.global] = w;
    vl[t.global] = hc::__lane_id();
  });
  vi.synchronize();
  vu.synchronize();
  vf.synchronize();
  vn.synchronize();
  vws.synchronize();
  vl.synchronize();

  const int w = ws[0];
  CHECK(w == 1 || w == 32);
  for (int k = 0; k < n; ++k) {
    CHECK(lane[k] == k % w);
    CHECK(next[k] == (k % w == w - 1 ? k : k + 1));
    if (k % w != 0)
      continue;
    int ei = 0;
    unsigned eu = 0;
    float ef = 0.0f;
    for (int j = k; j < k + w; ++j) {
      ei += j * 3 - 1000;
      eu += 0x10000001u * static_cast<unsigned>(j);
      ef += static_cast<float>(j % 17) * 0.5f; // exact: halves, small sums
    }
    CHECK(isum[k] == ei);
    CHECK(usum[k] == eu);
    CHECK(fsum[k] == ef);
  }
  return 0;
}
