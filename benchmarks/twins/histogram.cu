// CUDA twin of histogram.cpp: the same two 256-bin histograms, with CUDA's
// atomicAdd on shared and on global memory. Keep the two in step.
//
// histogram_tile:   grid (min(1024, ceil(n / 256))), block (256)
// histogram_global: grid (ceil(n / 256)), block (256)
// Compiled by run-gpu.sh: nvcc -cubin -arch=sm_90 -O3 histogram.cu

namespace {

constexpr int BINS = 256;

} // namespace

// One bin per thread to clear and to merge: blockDim.x == BINS.
extern "C" __global__ void histogram_tile(int n, const unsigned *in,
                                          unsigned *bins) {
  __shared__ unsigned local[BINS];
  const int l = threadIdx.x;
  local[l] = 0;
  __syncthreads();
  const int stride = gridDim.x * blockDim.x;
  for (int i = blockIdx.x * blockDim.x + l; i < n; i += stride)
    atomicAdd(&local[in[i]], 1u);
  __syncthreads();
  atomicAdd(&bins[l], local[l]);
}

extern "C" __global__ void histogram_global(int n, const unsigned *in,
                                            unsigned *bins) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&bins[in[i]], 1u);
}
