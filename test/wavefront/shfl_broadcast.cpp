// RUN: %hcc %s -o %t && %t
// hc::__shfl reads var from lane srcLane modulo width of the caller's
// sub-section: srcLane 0 broadcasts the wavefront's first value, srcLane
// lane + 1 rotates the wavefront by one (the last lane reads lane 0), and a
// negative srcLane counts from the end (-1: the last lane). Width is
// hc::__wavesize(); int, unsigned and float overloads. Also with hcc's
// default width (__HSA_WAVEFRONT_SIZE__) and srcLane 0, which on the CPU
// backend reads the work-item itself.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int tile = 64, n = tile * 8;
  std::vector<int> first(n, -1), rot(n, -1), last(n, -1), dflt(n, -1),
      ws(n, 0);
  std::vector<unsigned> urot(n, 0);
  std::vector<float> fbcast(n, 0.0f);
  hc::array_view<int, 1> vfirst(n, first), vrot(n, rot), vlast(n, last),
      vdflt(n, dflt), vws(n, ws);
  hc::array_view<unsigned, 1> vurot(n, urot);
  hc::array_view<float, 1> vfb(n, fbcast);
  hc::parallel_for_each(hc::extent<1>(n).tile(tile),
                        [=](hc::tiled_index<1> t) [[hc]] {
    const int w = static_cast<int>(hc::__wavesize());
    const int lane = hc::__lane_id();
    const int g = t.global[0];
    vfirst[t.global] = hc::__shfl(g, 0, w);
    vrot[t.global] = hc::__shfl(g, lane + 1, w);
    vlast[t.global] = hc::__shfl(g, -1, w);
    vurot[t.global] = hc::__shfl(static_cast<unsigned>(g) * 2u, lane + 1, w);
    vfb[t.global] = hc::__shfl(static_cast<float>(g) + 0.25f, 0, w);
    vdflt[t.global] = hc::__shfl(g, 0);
    vws[t.global] = w;
  });
  vfirst.synchronize();
  vrot.synchronize();
  vlast.synchronize();
  vurot.synchronize();
  vfb.synchronize();
  vdflt.synchronize();
  vws.synchronize();

  const int w = ws[0];
  CHECK(w == 1 || w == 32);
  for (int k = 0; k < n; ++k) {
    int base = k - k % w;
    int r = base + (k % w + 1) % w;
    CHECK(first[k] == base);
    CHECK(rot[k] == r);
    CHECK(last[k] == base + w - 1);
    CHECK(urot[k] == static_cast<unsigned>(r) * 2u);
    CHECK(fbcast[k] == static_cast<float>(base) + 0.25f);
    // Default width 32: the first lane of 32 (on the CPU, the work-item).
    CHECK(dflt[k] == (w == 1 ? k : k - k % 32));
  }
  return 0;
}
