// CUDA twin of stencil2d.cpp: the same 5-point sweep in global memory, one
// thread per point. Keep the two in step.
//
// Launch: grid (ceil(nx / 32), ceil(ny / 8)), block (32, 8).
// Compiled by run-gpu.sh: nvcc -cubin -arch=sm_90 -O3 stencil2d.cu

namespace {

constexpr float C0 = 0.5f, C1 = 0.125f;

} // namespace

extern "C" __global__ void stencil2d(int ny, int nx, const float *in,
                                     float *out) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= nx || y >= ny)
    return;
  const long i = static_cast<long>(y) * nx + x;
  if (y == 0 || y == ny - 1 || x == 0 || x == nx - 1) {
    out[i] = in[i];
    return;
  }
  out[i] = C0 * in[i] + C1 * (in[i - nx] + in[i + nx] + in[i - 1] + in[i + 1]);
}
