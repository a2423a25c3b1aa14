// RUN: %hcc %s -o %t && %t
// (test/compiler/tile-static-layout.cpp checks the layout of its variables.)
// Several tiled kernels in one program, each with its own tile_static
// variables of different sizes and alignments, and a helper function with
// a tile_static variable of its own that two kernels call: on NVPTX the
// variables one set of kernels reaches are laid out together
// (llvm-passes/optimize/TileStaticLayout.h); every kernel must still see
// each variable whole and apart from the others.
#include <cstdio>
#include <hc.hpp>
#include <vector>

#include "../Inputs/checks.hpp"

namespace {

constexpr int n = 4096;

// The sum of the tile's values of `v`, through group memory of its own.
int tile_sum(const hc::tiled_index<1> &t, int v) [[hc]] {
  tile_static int partial[64];
  const int l = t.local[0];
  if (l < 64)
    partial[l] = 0;
  t.barrier.wait();
  hc::atomic_fetch_add(&partial[l % 64], v);
  t.barrier.wait();
  int sum = 0;
  for (int i = 0; i < 64; ++i)
    sum += partial[i];
  t.barrier.wait();
  return sum;
}

} // namespace

int main() {
  std::vector<int> in(n), out_a(n), out_b(n), out_c(n), out_d(n);
  for (int i = 0; i < n; ++i)
    in[i] = (i * 37) % 101 - 50;
  hc::array_view<const int, 1> vin(n, in);
  hc::array_view<int, 1> a(n, out_a), b(n, out_b), c(n, out_c), d(n, out_d);

  // Three variables: reversed values, a small table and flags.
  hc::parallel_for_each(hc::extent<1>(n).tile(256),
                        [=](hc::tiled_index<1> t) [[hc]] {
                          tile_static float rev[256];
                          tile_static char flag[3];
                          alignas(16) tile_static int table[64];
                          const int l = t.local[0];
                          rev[l] = static_cast<float>(vin[t.global]);
                          if (l < 64)
                            table[l] = 2 * l;
                          if (l < 3)
                            flag[l] = static_cast<char>(l + 1);
                          t.barrier.wait();
                          a[t.global] = static_cast<int>(rev[255 - l]) +
                                        table[l % 64] + flag[l % 3];
                        });
  // One variable, a different tile size.
  hc::parallel_for_each(
      hc::extent<1>(n).tile(128), [=](hc::tiled_index<1> t) [[hc]] {
        tile_static double staged[128];
        staged[t.local[0]] = vin[t.global];
        t.barrier.wait();
        b[t.global] = static_cast<int>(staged[127 - t.local[0]]);
      });
  // The helper's variable and one of the kernel's own, twice.
  hc::parallel_for_each(hc::extent<1>(n).tile(256),
                        [=](hc::tiled_index<1> t) [[hc]] {
                          tile_static int first;
                          if (t.local[0] == 0)
                            first = vin[t.tile_origin];
                          const int s = tile_sum(t, vin[t.global]);
                          c[t.global] = s + first;
                        });
  hc::parallel_for_each(hc::extent<1>(n).tile(512),
                        [=](hc::tiled_index<1> t) [[hc]] {
                          tile_static long long last[2];
                          if (t.local[0] == 511)
                            last[1] = vin[t.global];
                          const int s = tile_sum(t, 1);
                          d[t.global] = s * 1000 + static_cast<int>(last[1]);
                        });
  a.synchronize();
  b.synchronize();
  c.synchronize();
  d.synchronize();

  for (int i = 0; i < n; ++i) {
    const int l = i % 256, base = i - l;
    CHECK(out_a[i] == in[base + 255 - l] + 2 * (l % 64) + (l % 3 + 1));
    const int l2 = i % 128;
    CHECK(out_b[i] == in[i - l2 + 127 - l2]);
    int sum = 0;
    for (int j = base; j < base + 256; ++j)
      sum += in[j];
    CHECK(out_c[i] == sum + in[base]);
    const int base512 = i - i % 512;
    CHECK(out_d[i] == 512 * 1000 + in[base512 + 511]);
  }
  if (hcc_test::failures == 0)
    std::printf("ok\n");
  return hcc_test::failures != 0;
}
