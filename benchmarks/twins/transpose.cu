// CUDA twin of transpose.cpp: the same 32x32 tiles staged in a padded
// shared-memory block, one element per thread. Keep the two in step.
//
// out (cols x rows) = the transpose of in (rows x cols).
// Launch: grid (ceil(cols / 32), ceil(rows / 32)), block (32, 32).
// Compiled by run-gpu.sh: nvcc -cubin -arch=sm_90 -O3 transpose.cu

namespace {

constexpr int TILE = 32;

} // namespace

extern "C" __global__ void transpose(int rows, int cols, const float *in,
                                     float *out) {
  __shared__ float block[TILE][TILE + 1];
  const int ly = threadIdx.y, lx = threadIdx.x;
  const int y = blockIdx.y * TILE + ly, x = blockIdx.x * TILE + lx;
  if (y < rows && x < cols)
    block[ly][lx] = in[static_cast<long>(y) * cols + x];
  __syncthreads();
  const int ty = blockIdx.x * TILE + ly, tx = blockIdx.y * TILE + lx;
  if (ty < cols && tx < rows)
    out[static_cast<long>(ty) * rows + tx] = block[lx][ly];
}
