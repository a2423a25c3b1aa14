// CUDA twin of bitonic.cpp: the same global-memory step kernel, launched
// k (k + 1) / 2 times for n = 2^k keys. Keep the two in step.
//
// Launch: grid (ceil(n / 256)), block (256), for span = 2, 4, ..., n and
// j = span / 2, ..., 1.
// Compiled by run-gpu.sh: nvcc -cubin -arch=sm_90 -O3 bitonic.cu

extern "C" __global__ void bitonic_step(int n, unsigned *keys, int span,
                                        int j) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x, partner = i ^ j;
  // Below 256 keys the block has threads past the end (their partners are
  // past it too).
  if (i >= n || partner <= i)
    return; // the pair's lower index does the work
  const bool ascending = (i & span) == 0;
  const unsigned a = keys[i], b = keys[partner];
  if ((a > b) == ascending) {
    keys[i] = b;
    keys[partner] = a;
  }
}
