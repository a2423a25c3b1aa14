// Reference for benchmarks/atomics_pingpong.cpp: the same CPU<->GPU ping-pong
// through system-scope atomics, on cuMemHostAlloc'd mapped memory, written
// directly in PTX (ld.acquire.sys / st.release.sys), the fastest a raw CUDA
// program does it. words[0] = ping (CPU -> GPU), words[1] = pong (GPU -> CPU),
// words[2] = abort (the host gave up).

__device__ __forceinline__ int load_acquire_sys(const int *p) {
  int v;
  asm volatile("ld.acquire.sys.global.b32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
}

__device__ __forceinline__ void store_release_sys(int *p, int v) {
  asm volatile("st.release.sys.global.b32 [%0], %1;" :: "l"(p), "r"(v) : "memory");
}

extern "C" __global__ void pingpong_kernel(int *words, int trips) {
  store_release_sys(&words[1], 0); // started
  for (int r = 1; r <= trips; ++r) {
    while (load_acquire_sys(&words[0]) != r)
      if (load_acquire_sys(&words[2]))
        return;
    store_release_sys(&words[1], r);
  }
}

// Device-memory atomic throughput, the CUDA way: atomicAdd is relaxed at GPU
// scope (red.global.add.u32). Ours (hc::atomic_fetch_add) is relaxed at
// system scope since the PlatformAtomics pass; this shows what that costs.
extern "C" __global__ void atomic_add_kernel(int *counters, unsigned mask,
                                             int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&counters[i & mask], 1);
}
