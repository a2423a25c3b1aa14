// RUN: %hcc %s -o %t && %t
// Matrix multiply with tile_static blocking (16x16 tiles) compared
// with a CPU reference, for non-square matrices.
#include <hc.hpp>
#include <cmath>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

#define TS 16

int main() {
  const int M = 96, K = 80, N = 112;  // multiples of the tile size 16
  std::vector<float> A(M * K), B(K * N), C(M * N, 0.0f), ref(M * N, 0.0f);
  for (int i = 0; i < M * K; ++i) A[i] = (float)((i * 7) % 13) - 6.0f;
  for (int i = 0; i < K * N; ++i) B[i] = (float)((i * 5) % 11) - 5.0f;
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      float s = 0.0f;
      for (int k = 0; k < K; ++k)
        s += A[i * K + k] * B[k * N + j];
      ref[i * N + j] = s;
    }

  hc::array_view<const float, 2> a(M, K, A), b(K, N, B);
  hc::array_view<float, 2> c(M, N, C);
  c.discard_data();
  hc::parallel_for_each(c.get_extent().tile(TS, TS), [=](hc::tiled_index<2> t) [[hc]] {
    tile_static float ta[TS][TS];
    tile_static float tb[TS][TS];
    int row = t.global[0], col = t.global[1];
    int lr = t.local[0], lc = t.local[1];
    float sum = 0.0f;
    for (int k0 = 0; k0 < K; k0 += TS) {
      ta[lr][lc] = a(row, k0 + lc);
      tb[lr][lc] = b(k0 + lr, col);
      t.barrier.wait();
      for (int k = 0; k < TS; ++k)
        sum += ta[lr][k] * tb[k][lc];
      t.barrier.wait();
    }
    c(row, col) = sum;
  });
  c.synchronize();
  // Integer-valued products: exact in float whatever the summation order.
  for (int i = 0; i < M * N; ++i)
    CHECK(C[i] == ref[i]);
  return 0;
}
