// CUDA twin of reduction.cpp: the same tree in shared memory, one value
// per thread, one partial sum per block. Keep the two in step.
//
// Launch: grid (ceil(n / 256)), block (256).
// Compiled by run-gpu.sh: nvcc -cubin -arch=sm_90 -O3 reduction.cu

namespace {

constexpr int TILE = 256;

} // namespace

extern "C" __global__ void tile_reduce(int n, const float *in, float *partial) {
  __shared__ float sums[TILE];
  const int l = threadIdx.x, i = blockIdx.x * TILE + l;
  sums[l] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (int active = TILE / 2; active > 0; active /= 2) {
    if (l < active)
      sums[l] += sums[l + active];
    __syncthreads();
  }
  if (l == 0)
    partial[blockIdx.x] = sums[0];
}
