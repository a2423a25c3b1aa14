// C++ AMP tiled matrix multiply: C = A * B with tiled_extent<16, 16>, each
// tile staging 16x16 blocks of A and B in tile_static memory. The matrix
// sizes need not be multiples of 16: the domain is padded and work-items
// outside the matrix only help load the tiles. Checks itself against a
// host computation.
//
//   hcc `hcc-config --cxxflags --ldflags --amp` matmul.cpp -o matmul
//   ./matmul [M N K]

#include <amp.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

using namespace concurrency;

static const int TS = 16;

// One element of a tile-sized block, zero outside the matrix.
static float load(const array_view<const float, 2> &m, int row, int col)
    restrict(amp, cpu) {
  return row < m.get_extent()[0] && col < m.get_extent()[1] ? m(row, col)
                                                            : 0.0f;
}

void matmul(const std::vector<float> &a, const std::vector<float> &b,
            std::vector<float> &c, int M, int N, int K) {
  array_view<const float, 2> av(M, K, a), bv(K, N, b);
  array_view<float, 2> cv(M, N, c);
  cv.discard_data();
  tiled_extent<TS, TS> domain = tiled_extent<TS, TS>(cv.get_extent()).pad();
  parallel_for_each(domain, [=](tiled_index<TS, TS> t) restrict(amp) {
    tile_static float as[TS][TS];
    tile_static float bs[TS][TS];
    int row = t.global[0], col = t.global[1];
    int lr = t.local[0], lc = t.local[1];
    float sum = 0.0f;
    for (int k0 = 0; k0 < K; k0 += TS) {
      as[lr][lc] = load(av, row, k0 + lc);
      bs[lr][lc] = load(bv, k0 + lr, col);
      t.barrier.wait();
      for (int k = 0; k < TS; ++k)
        sum += as[lr][k] * bs[k][lc];
      t.barrier.wait();
    }
    if (row < M && col < N)
      cv(row, col) = sum;
  });
  cv.synchronize();
}

int main(int argc, char **argv) {
  int M = argc > 3 ? std::atoi(argv[1]) : 200;
  int N = argc > 3 ? std::atoi(argv[2]) : 170;
  int K = argc > 3 ? std::atoi(argv[3]) : 150;
  std::vector<float> a(M * K), b(K * N), c(M * N);
  for (int i = 0; i < M * K; ++i)
    a[i] = static_cast<float>((i * 7) % 13) - 6.0f;
  for (int i = 0; i < K * N; ++i)
    b[i] = static_cast<float>((i * 5) % 11) - 5.0f;

  matmul(a, b, c, M, N, K);

  double max_err = 0.0;
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      double ref = 0.0;
      for (int k = 0; k < K; ++k)
        ref += static_cast<double>(a[i * K + k]) * b[k * N + j];
      max_err = std::fmax(max_err, std::fabs(ref - c[i * N + j]));
    }
  std::printf("amp matmul: %dx%d * %dx%d, tile %dx%d, max error %g\n", M, K,
              K, N, TS, TS, max_err);
  bool ok = max_err < 1e-3;
  std::printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
