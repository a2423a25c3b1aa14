// RUN: %hcc %s -o %t && %t
// An inclusive prefix sum over each wavefront with hc::__shfl_up and
// width = hc::__wavesize() (Hillis-Steele: offsets 1, 2, 4 ...; lanes below
// the offset get their own value back and do not add it). Unsigned and float
// overloads. On the CPU backend each work-item is its own one-lane scan.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int tile = 64, n = tile * 16;
  std::vector<unsigned> scan(n, 0), prev(n, 0);
  std::vector<float> fscan(n, 0.0f);
  std::vector<int> ws(n, 0);
  hc::array_view<unsigned, 1> vs(n, scan), vp(n, prev);
  hc::array_view<float, 1> vf(n, fscan);
  hc::array_view<int, 1> vws(n, ws);
  hc::parallel_for_each(hc::extent<1>(n).tile(tile),
                        [=](hc::tiled_index<1> t) [[hc]] {
    const int w = static_cast<int>(hc::__wavesize());
    const int lane = hc::__lane_id();
    const unsigned g = static_cast<unsigned>(t.global[0]);
    unsigned x = g * g + 1u;
    float f = static_cast<float>(g % 5);
    vp[t.global] = hc::__shfl_up(g, 1u, w);
    for (int d = 1; d < w; d *= 2) {
      unsigned ux = hc::__shfl_up(x, static_cast<unsigned>(d), w);
      float uf = hc::__shfl_up(f, static_cast<unsigned>(d), w);
      if (lane >= d) {
        x += ux;
        f += uf;
      }
    }
    vs[t.global] = x;
    vf[t.global] = f;
    vws[t.global] = w;
  });
  vs.synchronize();
  vf.synchronize();
  vp.synchronize();
  vws.synchronize();

  const int w = ws[0];
  CHECK(w == 1 || w == 32);
  unsigned run = 0;
  float frun = 0.0f;
  for (int k = 0; k < n; ++k) {
    if (k % w == 0) {
      run = 0;
      frun = 0.0f;
    }
    unsigned g = static_cast<unsigned>(k);
    run += g * g + 1u;
    frun += static_cast<float>(k % 5);
    CHECK(scan[k] == run);
    CHECK(fscan[k] == frun);
    CHECK(prev[k] == (k % w == 0 ? g : g - 1u));
  }
  return 0;
}
