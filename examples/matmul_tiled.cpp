// Tiled matrix multiplication with tile_static memory.
//
//   hcc matmul_tiled.cpp -o matmul_tiled && ./matmul_tiled
//
// Each tile of TS x TS work-items computes one TS x TS block of C. The
// blocks of A and B it needs are staged through tile_static arrays, with
// tile_barrier::wait() separating the loads from the use. The tile size is a
// run-time value (hc's tiled_extent), the tile_static arrays have the
// largest size we allow. Matrix sizes need not be multiples of the tile
// size: out-of-range elements are padded with zeros.
#include <hc.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define MAX_TS 16

int main(int argc, char **argv) {
  const int M = 200, K = 150, N = 170;
  int ts = argc > 1 ? std::atoi(argv[1]) : 16;
  if (ts < 1 || ts > MAX_TS) {
    std::fprintf(stderr, "tile size must be in 1..%d\n", MAX_TS);
    return 2;
  }

  std::vector<float> A(M * K), B(K * N), C(M * N, 0.0f);
  for (int i = 0; i < M * K; ++i)
    A[i] = static_cast<float>((i * 13) % 17) / 8.0f - 1.0f;
  for (int i = 0; i < K * N; ++i)
    B[i] = static_cast<float>((i * 7) % 23) / 16.0f - 0.5f;

  hc::array_view<const float, 2> a(M, K, A), b(K, N, B);
  hc::array_view<float, 2> c(M, N, C);
  c.discard_data();

  // The domain covers C, rounded up to whole tiles.
  int rows = (M + ts - 1) / ts * ts, cols = (N + ts - 1) / ts * ts;
  hc::tiled_extent<2> domain = hc::extent<2>(rows, cols).tile(ts, ts);

  hc::parallel_for_each(domain, [=](hc::tiled_index<2> t) [[hc]] {
    tile_static float ta[MAX_TS][MAX_TS];
    tile_static float tb[MAX_TS][MAX_TS];
    int row = t.global[0], col = t.global[1];
    int lr = t.local[0], lc = t.local[1];
    float sum = 0.0f;
    for (int k0 = 0; k0 < K; k0 += ts) {
      int ka = k0 + lc, kb = k0 + lr;
      ta[lr][lc] = (row < M && ka < K) ? a(row, ka) : 0.0f;
      tb[lr][lc] = (kb < K && col < N) ? b(kb, col) : 0.0f;
      t.barrier.wait();
      for (int k = 0; k < ts; ++k)
        sum += ta[lr][k] * tb[k][lc];
      t.barrier.wait();
    }
    if (row < M && col < N)
      c(row, col) = sum;
  });
  c.synchronize();

  // CPU reference.
  double max_err = 0.0;
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      double s = 0.0;
      for (int k = 0; k < K; ++k)
        s += static_cast<double>(A[i * K + k]) * B[k * N + j];
      double err = std::fabs(s - C[i * N + j]);
      if (err > max_err)
        max_err = err;
    }

  std::printf("matmul: %dx%d * %dx%d, tile %dx%d, max error %.2e\n", M, K, K,
              N, ts, ts, max_err);
  if (!(max_err < 1e-3)) {
    std::printf("FAILED\n");
    return 1;
  }
  std::printf("PASSED\n");
  return 0;
}
