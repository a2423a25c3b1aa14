// RUN: %hcc -hc %s -o %t && %t
// <array_view>: std::array_view and std::strided_array_view in kernels.
// They are plain views of host memory (not hc::array_view: nothing is
// copied): captured by value or by reference, they read and write the
// host data directly, through shared virtual memory on a GPU.
#include <array_view>
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int rows = 16, cols = 24;
  std::vector<float> m(rows * cols, 0.0f);
  std::array_view<float, 2> av(m.data(), std::bounds<2>{rows, cols});

  // By value: each work-item writes its element.
  hc::parallel_for_each(hc::extent<2>(rows, cols), [=](hc::index<2> i) [[hc]] {
    av[{i[0], i[1]}] = i[0] * 100.0f + i[1];
  }).wait();
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      CHECK(m[r * cols + c] == r * 100.0f + c);

  // By reference, through a section and a slice: double the inner block.
  auto block = av.section({2, 4}, {8, 10});
  hc::parallel_for_each(hc::extent<2>(8, 10), [&](hc::index<2> i) [[hc]] {
    block[{i[0], i[1]}] *= 2.0f;
  }).wait();
  auto last_row = av[rows - 1];
  hc::parallel_for_each(hc::extent<1>(cols), [=](hc::index<1> i) [[hc]] {
    last_row[{i[0]}] = -1.0f;
  }).wait();
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      float e = r * 100.0f + c;
      if (r >= 2 && r < 10 && c >= 4 && c < 14)
        e *= 2.0f;
      if (r == rows - 1)
        e = -1.0f;
      CHECK(m[r * cols + c] == e);
    }

  std::puts("array_view_n3851_kernel: OK");
  return 0;
}
