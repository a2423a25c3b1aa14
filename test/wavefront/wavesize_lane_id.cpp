// RUN: %hcc %s -o %t && %t
// hc::__wavesize(), hc::__lane_id() and hc::__activelaneid_u32() in a tiled
// kernel: every work-item sees the same wavefront size, which is the
// accelerator's (32 on NVIDIA GPUs, 1 on the CPU backend); lanes number the
// work-items of a tile in order, wavefront after wavefront; with every lane
// active, a work-item's active-lane id is its lane id.
// __HSA_WAVEFRONT_SIZE__ is 32 in both passes.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

static_assert(__HSA_WAVEFRONT_SIZE__ == 32, "host pass");

int main() {
  const int tile = 128, n = tile * 16;
  std::vector<int> ws(n, -1), lane(n, -1), alid(n, -1), macro(n, -1);
  hc::array_view<int, 1> vws(n, ws), vlane(n, lane), valid(n, alid),
      vmacro(n, macro);
  hc::parallel_for_each(hc::extent<1>(n).tile(tile),
                        [=](hc::tiled_index<1> t) [[hc]] {
    vws[t.global] = static_cast<int>(hc::__wavesize());
    vlane[t.global] = hc::__lane_id();
    valid[t.global] = static_cast<int>(hc::__activelaneid_u32());
    vmacro[t.global] = __HSA_WAVEFRONT_SIZE__;
  });
  vws.synchronize();
  vlane.synchronize();
  valid.synchronize();
  vmacro.synchronize();

  const int w = ws[0];
  hc::accelerator_view av = hc::accelerator().get_default_view();
  std::printf("wavefront size %d (accelerator reports %u)\n", w,
              av.queue()->get_device().info().wavefront_size);
  CHECK(w == 1 || w == 32);
  CHECK(static_cast<unsigned>(w) ==
        av.queue()->get_device().info().wavefront_size);
  for (int k = 0; k < n; ++k) {
    CHECK(ws[k] == w);
    CHECK(macro[k] == 32);
    CHECK(lane[k] == k % tile % w);
    CHECK(alid[k] == lane[k]);
  }
  return 0;
}
