// CUDA twin of spmv.cpp: the same scalar CSR kernel, one row per thread.
// Keep the two in step.
//
// Launch: grid (ceil(rows / 256)), block (256).
// Compiled by run-gpu.sh: nvcc -cubin -arch=sm_90 -O3 spmv.cu

extern "C" __global__ void spmv_csr(int rows, const int *offsets,
                                    const int *columns, const float *values,
                                    const float *x, float *y) {
  const int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= rows)
    return;
  float sum = 0.0f;
  for (int k = offsets[row]; k < offsets[row + 1]; ++k)
    sum += values[k] * x[columns[k]];
  y[row] = sum;
}
