// RUN: %hcc %s -o %t && %t
// A 7-point 3-D stencil iterated with two array_views (ping-pong), compared
// with the same computation on the CPU.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

static const int D = 24, H = 20, W = 28, STEPS = 6;

static int at(int i, int j, int k) { return (i * H + j) * W + k; }

int main() {
  std::vector<int> a(D * H * W), b(D * H * W, 0);
  for (int i = 0; i < D * H * W; ++i)
    a[i] = (i * 37) % 101;
  std::vector<int> ra = a, rb = b;

  hc::array_view<int, 3> va(D, H, W, a), vb(D, H, W, b);
  for (int s = 0; s < STEPS; ++s) {
    hc::array_view<int, 3> src = (s % 2 == 0) ? va : vb;
    hc::array_view<int, 3> dst = (s % 2 == 0) ? vb : va;
    hc::parallel_for_each(dst.get_extent(), [=](hc::index<3> idx) [[hc]] {
      int i = idx[0], j = idx[1], k = idx[2];
      if (i == 0 || j == 0 || k == 0 || i == D - 1 || j == H - 1 || k == W - 1) {
        dst[idx] = src[idx];
        return;
      }
      dst[idx] = (6 * src(i, j, k) + src(i - 1, j, k) + src(i + 1, j, k) +
                  src(i, j - 1, k) + src(i, j + 1, k) + src(i, j, k - 1) +
                  src(i, j, k + 1)) / 12;
    });
  }
  // CPU reference
  for (int s = 0; s < STEPS; ++s) {
    std::vector<int> &src = (s % 2 == 0) ? ra : rb;
    std::vector<int> &dst = (s % 2 == 0) ? rb : ra;
    for (int i = 0; i < D; ++i)
      for (int j = 0; j < H; ++j)
        for (int k = 0; k < W; ++k) {
          if (i == 0 || j == 0 || k == 0 || i == D - 1 || j == H - 1 || k == W - 1) {
            dst[at(i, j, k)] = src[at(i, j, k)];
            continue;
          }
          dst[at(i, j, k)] = (6 * src[at(i, j, k)] + src[at(i - 1, j, k)] +
                              src[at(i + 1, j, k)] + src[at(i, j - 1, k)] +
                              src[at(i, j + 1, k)] + src[at(i, j, k - 1)] +
                              src[at(i, j, k + 1)]) / 12;
        }
  }
  hc::array_view<int, 3> result = (STEPS % 2 == 0) ? va : vb;
  const std::vector<int> &expected = (STEPS % 2 == 0) ? ra : rb;
  for (int i = 0; i < D; ++i)
    for (int j = 0; j < H; ++j)
      for (int k = 0; k < W; ++k)
        CHECK(result(i, j, k) == expected[at(i, j, k)]);
  return 0;
}
