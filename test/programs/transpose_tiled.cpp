// RUN: %hcc %s -o %t && %t
// Matrix transpose through a tile_static block (padded against bank
// conflicts) with a 2-D tiled domain; checked element by element.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

#define T 16

int main() {
  const int rows = 80, cols = 144;
  std::vector<int> in(rows * cols), out(cols * rows, -1);
  for (int i = 0; i < rows * cols; ++i)
    in[i] = i;
  hc::array_view<const int, 2> a(rows, cols, in);
  hc::array_view<int, 2> b(cols, rows, out);
  hc::parallel_for_each(a.get_extent().tile(T, T), [=](hc::tiled_index<2> t) [[hc]] {
    tile_static int block[T][T + 1];
    block[t.local[0]][t.local[1]] = a[t.global];
    t.barrier.wait();
    // The transposed tile: origin swapped, local indices swapped.
    int r = t.tile_origin[1] + t.local[0];
    int c = t.tile_origin[0] + t.local[1];
    b(r, c) = block[t.local[1]][t.local[0]];
  });
  b.synchronize();
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j)
      CHECK(out[j * rows + i] == in[i * cols + j]);
  return 0;
}
