// RUN: %hcc %s -o %t && %t
// Shuffles with width = 1, 2, 4 ... hc::__wavesize(): each sub-section of
// `width` lanes behaves as a wavefront of its own, with lanes numbered from
// 0, and a source outside the caller's sub-section gives the caller its own
// value:
//   __shfl(v, 0, w)          the sub-section's first value;
//   __shfl_down(v, 1, w)     the next lane's, own value on the last lane;
//   __shfl_up(v, 1, w)       the previous lane's, own value on the first;
//   __shfl_xor(v, w - 1, w)  the mirror lane within the sub-section;
//   __shfl_down(v, w, w), __shfl_up(v, w, w), __shfl_xor(v, w, w)
//                            the source is in another sub-section: own value.
// On the CPU backend only width 1 fits a wavefront; on a GPU all six widths
// up to 32 run.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

enum { BCAST, DOWN, UP, MIRROR, DOWN_OUT, UP_OUT, XOR_OUT, KINDS };
const int widths = 6; // 1 .. 32

int main() {
  const int tile = 64, n = tile * 4;
  const int per_item = widths * KINDS;
  std::vector<int> out(n * per_item, -1), ws(n, 0);
  hc::array_view<int, 1> vo(n * per_item, out), vws(n, ws);
  hc::parallel_for_each(hc::extent<1>(n).tile(tile),
                        [=](hc::tiled_index<1> t) [[hc]] {
    const int wave = static_cast<int>(hc::__wavesize());
    const int g = t.global[0];
    const int v = g * 10 + 7;
    int *o = &vo[g * per_item];
    int slot = 0;
    for (int w = 1; w <= wave; w *= 2, ++slot) {
      int *r = o + slot * KINDS;
      const unsigned uw = static_cast<unsigned>(w);
      r[BCAST] = hc::__shfl(v, 0, w);
      r[DOWN] = hc::__shfl_down(v, 1u, w);
      r[UP] = hc::__shfl_up(v, 1u, w);
      r[MIRROR] = hc::__shfl_xor(v, w - 1, w);
      r[DOWN_OUT] = hc::__shfl_down(v, uw, w);
      r[UP_OUT] = hc::__shfl_up(v, uw, w);
      r[XOR_OUT] = hc::__shfl_xor(v, w, w);
    }
    vws[t.global] = wave;
  });
  vo.synchronize();
  vws.synchronize();

  const int wave = ws[0];
  CHECK(wave == 1 || wave == 32);
  auto val = [](int g) { return g * 10 + 7; };
  for (int k = 0; k < n; ++k) {
    int slot = 0;
    for (int w = 1; w <= 32; w *= 2, ++slot) {
      const int *r = &out[k * per_item + slot * KINDS];
      if (w > wave) { // not run
        for (int j = 0; j < KINDS; ++j)
          CHECK(r[j] == -1);
        continue;
      }
      int pos = k % w, base = k - pos; // position in the sub-section
      CHECK(r[BCAST] == val(base));
      CHECK(r[DOWN] == val(pos + 1 < w ? k + 1 : k));
      CHECK(r[UP] == val(pos >= 1 ? k - 1 : k));
      CHECK(r[MIRROR] == val(base + (w - 1 - pos)));
      CHECK(r[DOWN_OUT] == val(k));
      CHECK(r[UP_OUT] == val(k));
      CHECK(r[XOR_OUT] == val(k));
    }
  }
  return 0;
}
