// Reference kernels of the device_heap benchmark: the same work-items as
// benchmarks/device_heap.cpp, allocating with CUDA's built-in in-kernel
// malloc/free. Compiled by run-gpu.sh: nvcc -cubin -arch=sm_90 -O3.
//
// heap_loop: the MilThread test of hcc's wiki page "HSA Features" (tile 256,
// inner loop 64): each work-item allocates `block` bytes `iters` times, writes
// to each block, and frees it at once (with_delete) or keeps it in `kept` for
// heap_free_all, which is not timed.
extern "C" __global__ void heap_loop(int iters, int with_delete, int block,
                                     unsigned long long *kept,
                                     unsigned *failures) {
  unsigned id = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < iters; ++k) {
    char *p = static_cast<char *>(malloc(block));
    if (!p) {
      atomicAdd(failures, 1u);
      if (!with_delete)
        kept[(unsigned long long)id * iters + k] = 0;
      continue;
    }
    p[0] = static_cast<char>(id + k);
    if (with_delete)
      free(p);
    else
      kept[(unsigned long long)id * iters + k] =
          reinterpret_cast<unsigned long long>(p);
  }
}

extern "C" __global__ void heap_free_all(unsigned long long *kept,
                                         unsigned long long count) {
  unsigned long long i = blockIdx.x * (unsigned long long)blockDim.x +
                         threadIdx.x;
  if (i < count)
    free(reinterpret_cast<void *>(kept[i]));
}

// Mixed sizes: each work-item allocates `iters` blocks of 16 B to 4 KiB
// (uniformly random, a per-item hash), touches the first and last byte and
// frees them, `live` at a time.
__device__ unsigned mixed_size(unsigned id, unsigned k) {
  unsigned h = id * 2654435761u ^ (k + 1) * 2246822519u;
  h ^= h >> 15;
  h *= 2654435761u;
  h ^= h >> 13;
  return 16 + h % (4096 - 16 + 1);
}

extern "C" __global__ void heap_mixed(int iters, unsigned *failures) {
  unsigned id = blockIdx.x * blockDim.x + threadIdx.x;
  const int live = 4;
  char *held[live] = {nullptr, nullptr, nullptr, nullptr};
  for (int k = 0; k < iters; ++k) {
    unsigned bytes = mixed_size(id, k);
    free(held[k % live]);
    char *p = static_cast<char *>(malloc(bytes));
    if (!p) {
      atomicAdd(failures, 1u);
    } else {
      p[0] = 1;
      p[bytes - 1] = 2;
    }
    held[k % live] = p;
  }
  for (int k = 0; k < live; ++k)
    free(held[k]);
}
