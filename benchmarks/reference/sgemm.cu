// Reference kernel of the sgemm benchmark: examples/sgemm_tiled.cpp's
// algorithm written as plain CUDA, so that the benchmark compares two
// compilers (hcc's Clang + the driver's JIT against nvcc + ptxas) on the
// same code, not two algorithms. Keep the two in step.
//
// C = alpha * A * B + beta * C, row-major, A is M x K, B is K x N.
// Launch: grid (ceil(N / 128), ceil(M / 128)), block (16, 16); hcc numbers
// its tiles the same way (column tiles fastest) on a 1-D grid.
// Compiled by run-gpu.sh: nvcc -cubin -arch=sm_90 -O3 sgemm.cu
#include <cstddef>

namespace {

constexpr int TILE = 16;      // threads per block side
constexpr int TM = 8, TN = 8; // elements of C per thread
constexpr int BM = TILE * TM; // rows of C per block (128)
constexpr int BN = TILE * TN; // columns of C per block (128)
constexpr int BK = 8;         // depth of one shared-memory stage
constexpr int PAD = 4;        // conflict-free transposing stores of A
constexpr int HALF = BM / 2;  // distance of a thread's two runs of 4
constexpr int LOADS = BM * BK / (TILE * TILE); // staged values per thread

// Four floats moved as one 16-byte vector (the example's `quad`; CUDA's
// float4 is the same thing with named members).
struct alignas(16) quad {
  float v[4];
};

struct stage {
  quad a[BK][(BM + PAD) / 4]; // A slice, transposed (k-major)
  quad b[BK][(BN + PAD) / 4];
};

__device__ inline int owned(int t, int i) {
  return (i / 4) * HALF + t * 4 + i % 4;
}

} // namespace

extern "C" __global__ void sgemm_tiled(int M, int N, int K, float alpha,
                                       const float *A, const float *B,
                                       float beta, float *C) {
  __shared__ stage s;
  const int tr = threadIdx.y, tc = threadIdx.x;
  const int id = tr * TILE + tc;
  const int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;

  float acc[TM][TN];
#pragma unroll
  for (int i = 0; i < TM; ++i)
#pragma unroll
    for (int j = 0; j < TN; ++j)
      acc[i][j] = 0.0f;

  for (int k0 = 0; k0 < K; k0 += BK) {
#pragma unroll
    for (int l = 0; l < LOADS; ++l) {
      int e = id + l * TILE * TILE;
      int m = e / BK, k = e % BK;
      int r = row0 + m, kk = k0 + k;
      s.a[k][m / 4].v[m % 4] =
          (r < M && kk < K) ? A[static_cast<std::size_t>(r) * K + kk] : 0.0f;
    }
#pragma unroll
    for (int l = 0; l < LOADS; ++l) {
      int e = id + l * TILE * TILE;
      int k = e / BN, n = e % BN;
      int kk = k0 + k, c = col0 + n;
      s.b[k][n / 4].v[n % 4] =
          (kk < K && c < N) ? B[static_cast<std::size_t>(kk) * N + c] : 0.0f;
    }
    __syncthreads();

#pragma unroll
    for (int k = 0; k < BK; ++k) {
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
    __syncthreads();
  }

#pragma unroll
  for (int i = 0; i < TM; ++i) {
    int r = row0 + owned(tr, i);
#pragma unroll
    for (int j = 0; j < TN; ++j) {
      int c = col0 + owned(tc, j);
      if (r < M && c < N) {
        std::size_t e = static_cast<std::size_t>(r) * N + c;
        float v = alpha * acc[i][j];
        if (beta != 0.0f)
          v += beta * C[e];
        C[e] = v;
      }
    }
  }
}
