// REQUIRES: cpu-backend
// RUN: %hcc -hc %s -o %t && %t
//
// On the CPU backend a kernel that indexes a little outside its dynamic
// group segment behaves as on hcc's AMD GPUs: below the segment's base it
// reads 0, and work-items past the segment's end write memory of no other
// use (the data inside the segment is unaffected). NVIDIA GPUs fault on
// shared memory outside the block's allocation (docs/wavefront.md). Here every work-item of a 64-wide tile runs
// a prefix-sum step over a segment of 8 ints without bounds checks.
#include <hc.hpp>

#include <cstdio>

int main() {
  const int tiles = 16, tile = 64, elements = 8;
  hc::array_view<int, 1> out(tiles * tile);
  hc::tiled_extent<1> domain =
      hc::extent<1>(tiles * tile).tile_with_dynamic(tile, elements * sizeof(int));
  hc::parallel_for_each(domain, [=](hc::tiled_index<1> t) [[hc]] {
    int *s = static_cast<int *>(hc::get_dynamic_group_segment_base_pointer());
    const int i = t.local[0];
    if (i < elements)
      s[i] = i;
    t.barrier.wait();
    for (int step = 1; step < elements; step *= 2) {
      const int add = s[i - step]; // below the base for i < step
      t.barrier.wait();
      s[i] += add; // past the end for i >= elements
      t.barrier.wait();
    }
    out[t.global] = s[i % elements];
  }).wait();
  int failures = 0;
  for (int g = 0; g < tiles * tile; ++g) {
    const int i = g % tile % elements, want = i * (i + 1) / 2;
    if (out[g] != want && failures++ < 10)
      std::printf("FAIL work-item %d: %d, expected %d\n", g, out[g], want);
  }
  std::printf(failures ? "failed\n" : "ok\n");
  return failures != 0;
}
