// CUDA twin of mandelbrot.cpp: the same escape-time loop, one thread per
// pixel. Keep the two in step.
//
// Launch: grid (ceil(side / 16), ceil(side / 16)), block (16, 16).
// Compiled by run-gpu.sh: nvcc -cubin -arch=sm_90 -O3 mandelbrot.cu

namespace {

constexpr int MAX_ITERATIONS = 512;
constexpr float LEFT = -2.25f, TOP = 1.5f, SPAN = 3.0f;

__device__ int escape(float cr, float ci) {
  float zr = 0.0f, zi = 0.0f;
  int k = 0;
  while (k < MAX_ITERATIONS && zr * zr + zi * zi <= 4.0f) {
    const float t = zr * zr - zi * zi + cr;
    zi = 2.0f * zr * zi + ci;
    zr = t;
    ++k;
  }
  return k;
}

} // namespace

// counts is side x side, row-major; row y is imaginary part TOP - y * step.
extern "C" __global__ void mandelbrot(int side, int *counts) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= side || y >= side)
    return;
  const float step = SPAN / side;
  counts[static_cast<long>(y) * side + x] =
      escape(LEFT + x * step, TOP - y * step);
}
