// CUDA twin of stencil3d.cpp: the same 7-point sweep in global memory, one
// thread per point on a 3-D grid. Keep the two in step.
//
// Launch: grid (ceil(nx / 32), ceil(ny / 4), ceil(nz / 2)), block (32, 4, 2).
// Compiled by run-gpu.sh: nvcc -cubin -arch=sm_90 -O3 stencil3d.cu

namespace {

constexpr float C0 = 0.4f, C1 = 0.1f;

} // namespace

extern "C" __global__ void stencil3d(int nz, int ny, int nx, const float *in,
                                     float *out) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  const int z = blockIdx.z * blockDim.z + threadIdx.z;
  if (x >= nx || y >= ny || z >= nz)
    return;
  const long plane = static_cast<long>(ny) * nx;
  const long i = z * plane + static_cast<long>(y) * nx + x;
  if (z == 0 || z == nz - 1 || y == 0 || y == ny - 1 || x == 0 || x == nx - 1) {
    out[i] = in[i];
    return;
  }
  out[i] = C0 * in[i] + C1 * (in[i - plane] + in[i + plane] + in[i - nx] +
                              in[i + nx] + in[i - 1] + in[i + 1]);
}
