// RUN: %hcc %s -o %t && %t
// A butterfly all-reduce with hc::__shfl_xor and width = hc::__wavesize()
// (lane masks w/2 ... 1): every lane ends with its wavefront's sum (int) and
// maximum (float). A single exchange with lane mask 1 swaps neighbouring
// lanes (on the CPU backend, with one lane, the mask is outside the
// wavefront and the work-item keeps its value). Unsigned overload included.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int tile = 64, n = tile * 16;
  std::vector<int> sum(n, 0), ws(n, 0);
  std::vector<float> fmax(n, 0.0f);
  std::vector<unsigned> swapped(n, 0);
  hc::array_view<int, 1> vs(n, sum), vws(n, ws);
  hc::array_view<float, 1> vm(n, fmax);
  hc::array_view<unsigned, 1> vx(n, swapped);
  hc::parallel_for_each(hc::extent<1>(n).tile(tile),
                        [=](hc::tiled_index<1> t) [[hc]] {
    const int w = static_cast<int>(hc::__wavesize());
    const int g = t.global[0];
    int s = g % 11 - 3;
    float m = static_cast<float>((g * 37) % 101);
    vx[t.global] = hc::__shfl_xor(static_cast<unsigned>(g), 1, w);
    for (int mask = w / 2; mask > 0; mask /= 2) {
      s += hc::__shfl_xor(s, mask, w);
      float o = hc::__shfl_xor(m, mask, w);
      m = o > m ? o : m;
    }
    vs[t.global] = s;
    vm[t.global] = m;
    vws[t.global] = w;
  });
  vs.synchronize();
  vm.synchronize();
  vx.synchronize();
  vws.synchronize();

  const int w = ws[0];
  CHECK(w == 1 || w == 32);
  for (int k = 0; k < n; ++k) {
    int first = k - k % w;
    int es = 0;
    float em = -1.0f;
    for (int j = first; j < first + w; ++j) {
      es += j % 11 - 3;
      float v = static_cast<float>((j * 37) % 101);
      em = v > em ? v : em;
    }
    CHECK(sum[k] == es);
    CHECK(fmax[k] == em);
    CHECK(swapped[k] == static_cast<unsigned>(w == 1 ? k : (k ^ 1)));
  }
  return 0;
}
