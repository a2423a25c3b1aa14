// Reference kernels of the stream benchmark (and of first_launch, which
// launches saxpy): the textbook CUDA forms, one thread per element, the way
// a CUDA programmer would write them without hc.
// Compiled by run-gpu.sh: nvcc -cubin -arch=sm_90 -O3 stream.cu

// y = a * x + y
extern "C" __global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

// STREAM triad: a = b + s * c
extern "C" __global__ void triad(int n, float s, float *a, const float *b,
                                 const float *c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = b[i] + s * c[i];
}
