// SGEMM, C = alpha * A * B + beta * C (row-major floats), with tile_static
// blocking and register blocking.
//
//   hcc sgemm_tiled.cpp -o sgemm_tiled
//   ./sgemm_tiled              300x200 * 200x170, checked against the CPU
//   ./sgemm_tiled M N K        any size (large ones check a sample of C)
//
// Each tile of 16x16 work-items computes a 128x128 block of C, 8x8
// elements per work-item held in registers. The tile walks K in steps of 8:
// it stages a 128x8 slice of A and an 8x128 slice of B in tile_static
// memory, then every work-item does 8 x 64 multiply-adds reading 16 values
// from tile_static memory per step of k, i.e. four multiply-adds per value
// read, where the one-output-per-work-item version (matmul_tiled.cpp) does
// half of one.
//
// A work-item's 8 rows (and 8 columns) are two runs of 4, 64 apart: the 16
// work-items of a tile row then read one contiguous run of tile_static
// memory per 4-float load, which the compiler makes a vector load without
// bank conflicts. Sizes need not be multiples of the blocks: loads outside
// A or B read zeros, stores outside C are skipped.
//
// benchmarks/sgemm.cpp includes this file with SGEMM_TILED_NO_MAIN defined
// and times sgemm_tiled::run() against benchmarks/reference/sgemm.cu, the
// same algorithm in CUDA; keep the two in step.
#include <hc.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace sgemm_tiled {

constexpr int TILE = 16;       // work-items per tile side (256 per tile)
constexpr int TM = 8, TN = 8;  // elements of C per work-item
constexpr int BM = TILE * TM;  // rows of C per tile (128)
constexpr int BN = TILE * TN;  // columns of C per tile (128)
constexpr int BK = 8;          // depth of one tile_static stage
constexpr int PAD = 4;         // keeps the transposing stores of A
                               // conflict-free, rows stay 16-byte aligned
constexpr int HALF = BM / 2;   // distance of a work-item's two runs of 4
constexpr int LOADS = BM * BK / (TILE * TILE); // staged values per work-item
static_assert(BM == BN && LOADS * TILE * TILE == BM * BK,
              "each work-item stages the same number of values of A and B");

// Four floats read or written as one 16-byte vector. The compiler cannot
// always prove that a float pointer into tile_static memory is 16-byte
// aligned; this type says so, and its copies become vector loads.
struct alignas(16) quad {
  float v[4];
};

// The staged slices, as rows of quads. A is stored transposed (k-major) so
// that a work-item's rows of A are contiguous like its columns of B.
struct stage {
  quad a[BK][(BM + PAD) / 4];
  quad b[BK][(BN + PAD) / 4];
};

// Offset in the block of the i-th of the 8 rows (or columns) that
// work-item `t` of a tile row (or column) owns: t*4 + 0..3, then 64 later.
inline int owned(int t, int i) { return (i / 4) * HALF + t * 4 + i % 4; }

// C = alpha * A * B + beta * C for an M x K matrix A and a K x N matrix B;
// C is M x N. Asynchronous, like parallel_for_each.
inline hc::completion_future run(const hc::accelerator_view &av, float alpha,
                                 const hc::array_view<const float, 2> &A,
                                 const hc::array_view<const float, 2> &B,
                                 float beta,
                                 const hc::array_view<float, 2> &C) {
  const int M = C.get_extent()[0], N = C.get_extent()[1];
  const int K = A.get_extent()[1];
  // One tile of work-items per 128x128 block of C, rounded up.
  const int tiles_m = (M + BM - 1) / BM, tiles_n = (N + BN - 1) / BN;
  hc::tiled_extent<2> domain =
      hc::extent<2>(tiles_m * TILE, tiles_n * TILE).tile(TILE, TILE);

  return hc::parallel_for_each(av, domain, [=](hc::tiled_index<2> t) [[hc]] {
    tile_static stage s;
    const int tr = t.local[0], tc = t.local[1];
    const int id = tr * TILE + tc;
    const int row0 = t.tile[0] * BM, col0 = t.tile[1] * BN;

    float acc[TM][TN];
#pragma unroll
    for (int i = 0; i < TM; ++i)
#pragma unroll
      for (int j = 0; j < TN; ++j)
        acc[i][j] = 0.0f;

    for (int k0 = 0; k0 < K; k0 += BK) {
      // Stage A: 8 consecutive work-items read one row's 8 values (32
      // contiguous bytes) and store them down a column of s.a.
#pragma unroll
      for (int l = 0; l < LOADS; ++l) {
        int e = id + l * TILE * TILE;
        int m = e / BK, k = e % BK;
        int r = row0 + m, kk = k0 + k;
        s.a[k][m / 4].v[m % 4] = (r < M && kk < K) ? A(r, kk) : 0.0f;
      }
      // Stage B: consecutive work-items read consecutive columns.
#pragma unroll
      for (int l = 0; l < LOADS; ++l) {
        int e = id + l * TILE * TILE;
        int k = e / BN, n = e % BN;
        int kk = k0 + k, c = col0 + n;
        s.b[k][n / 4].v[n % 4] = (kk < K && c < N) ? B(kk, c) : 0.0f;
      }
      t.barrier.wait();

#pragma unroll
      for (int k = 0; k < BK; ++k) {
        // This work-item's 8 rows of A and 8 columns of B at depth k: two
        // quads each, 64 apart.
        const quad a0 = s.a[k][tr], a1 = s.a[k][HALF / 4 + tr];
        const quad b0 = s.b[k][tc], b1 = s.b[k][HALF / 4 + tc];
        float a[TM], b[TN];
#pragma unroll
        for (int i = 0; i < 4; ++i) {
          a[i] = a0.v[i];
          a[i + 4] = a1.v[i];
          b[i] = b0.v[i];
          b[i + 4] = b1.v[i];
        }
#pragma unroll
        for (int i = 0; i < TM; ++i)
#pragma unroll
          for (int j = 0; j < TN; ++j)
            acc[i][j] += a[i] * b[j];
      }
      t.barrier.wait();
    }

#pragma unroll
    for (int i = 0; i < TM; ++i) {
      int r = row0 + owned(tr, i);
#pragma unroll
      for (int j = 0; j < TN; ++j) {
        int c = col0 + owned(tc, j);
        if (r < M && c < N) {
          float v = alpha * acc[i][j];
          if (beta != 0.0f) // C may hold garbage when beta is 0
            v += beta * C(r, c);
          C(r, c) = v;
        }
      }
    }
  });
}

// Deterministic inputs in [-1, 1), the same for the example and the
// benchmark.
inline void fill(std::vector<float> &v, unsigned seed) {
  for (std::size_t i = 0; i < v.size(); ++i)
    v[i] = static_cast<float>((i * 2654435761u + seed) % 2001) / 1000.0f - 1.0f;
}

// alpha * (row r of A . column c of B) + beta * c0, in double.
inline double expected(const std::vector<float> &A, const std::vector<float> &B,
                       int N, int K, int r, int c, float alpha, float beta,
                       float c0) {
  double sum = 0.0;
  for (int k = 0; k < K; ++k)
    sum += static_cast<double>(A[static_cast<std::size_t>(r) * K + k]) *
           B[static_cast<std::size_t>(k) * N + c];
  return alpha * sum + static_cast<double>(beta) * c0;
}

// Largest error relative to the CPU over all of C (or a sample of `samples`
// elements when it is not 0), scaled by sqrt(K): float rounding grows with
// the length of the dot products.
inline double max_error(const std::vector<float> &A, const std::vector<float> &B,
                        const std::vector<float> &C0,
                        const std::vector<float> &C, int M, int N, int K,
                        float alpha, float beta, int samples) {
  double worst = 0.0;
  long count = samples ? samples : static_cast<long>(M) * N;
  for (long s = 0; s < count; ++s) {
    long e = samples ? (s * 7919L * 104729L) % (static_cast<long>(M) * N) : s;
    int r = static_cast<int>(e / N), c = static_cast<int>(e % N);
    double want = expected(A, B, N, K, r, c, alpha, beta, C0[e]);
    double err = std::fabs(want - C[e]) / std::sqrt(static_cast<double>(K));
    if (err > worst)
      worst = err;
  }
  return worst;
}

} // namespace sgemm_tiled

#ifndef SGEMM_TILED_NO_MAIN
int main(int argc, char **argv) {
  int M = 300, N = 170, K = 200;
  if (argc == 4) {
    M = std::atoi(argv[1]);
    N = std::atoi(argv[2]);
    K = std::atoi(argv[3]);
  }
  if (argc != 1 && argc != 4) {
    std::fprintf(stderr, "usage: %s [M N K]\n", argv[0]);
    return 2;
  }
  if (M < 1 || N < 1 || K < 1) {
    std::fprintf(stderr, "sizes must be positive\n");
    return 2;
  }

  std::vector<float> A(static_cast<std::size_t>(M) * K),
      B(static_cast<std::size_t>(K) * N), C0(static_cast<std::size_t>(M) * N);
  sgemm_tiled::fill(A, 1);
  sgemm_tiled::fill(B, 2);
  sgemm_tiled::fill(C0, 3);
  std::vector<float> C = C0;
  const float alpha = 1.5f, beta = -0.5f;

  hc::array_view<const float, 2> a(M, K, A), b(K, N, B);
  hc::array_view<float, 2> c(M, N, C);
  hc::accelerator_view av = hc::accelerator().get_default_view();
  sgemm_tiled::run(av, alpha, a, b, beta, c).wait();
  c.synchronize();

  // Every element for small sizes; a sample of 1000 for large ones, where
  // the CPU would take minutes.
  bool all = static_cast<long>(M) * N * K <= 64L << 20;
  double err = sgemm_tiled::max_error(A, B, C0, C, M, N, K, alpha, beta,
                                      all ? 0 : 1000);
  std::printf("sgemm: %dx%d * %dx%d, %s, max error %.2e\n", M, K, K, N,
              all ? "all elements checked" : "1000 elements checked", err);
  if (!(err < 1e-5)) {
    std::printf("FAIL\n");
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
#endif
