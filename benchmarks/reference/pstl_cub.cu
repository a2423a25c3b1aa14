// Reference side of benchmarks/pstl.cpp: CUB's device-wide reduce,
// inclusive scan and radix sort on device memory, timed the way the hcc
// side is (host clock around the call and a stream synchronize, median of
// the repetitions; for the reduce, around the call and the copy of the sum
// to the host, which std::reduce returns). A program of its own, not a cubin: CUB's algorithms
// are host templates that launch several kernels.
//
// bench-pstl compiles it with `nvcc -O3 -arch=<sm> pstl_cub.cu` and runs
//
//   pstl_cub <floats> <keys> <warmup> <reps> [<device ordinal>]
//
// on the same GPU (the parent's CUDA ordinal; default 0). It
// fills the inputs with the same values as bench-pstl, checks its results,
// and prints one line per algorithm, which the parent parses:
//
//   reduce_us=<median> sum=<result>
//   scan_us=<median> last=<last element>
//   sort_us=<median> sorted=<1 if sorted and a permutation of the input>
//
// Exit status 1 with a message on stderr on any CUDA error.
// (run-gpu.sh also compiles every reference/*.cu to a cubin; for this file
// that cubin is unused.)
#include <cub/cub.cuh>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      std::fprintf(stderr, "pstl_cub: %s failed: %s\n", #call,                 \
                   cudaGetErrorString(err_));                                  \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

// The inputs of bench-pstl (same formulas): a 1 every 64 floats, so that
// every partial sum is an exact float; keys from a multiplicative hash.
__global__ void fill_floats(float *p, long n) {
  long i = blockIdx.x * static_cast<long>(blockDim.x) + threadIdx.x;
  if (i < n)
    p[i] = (i % 64 == 0) ? 1.0f : 0.0f;
}
__global__ void fill_keys(unsigned *p, long n) {
  long i = blockIdx.x * static_cast<long>(blockDim.x) + threadIdx.x;
  if (i < n)
    p[i] = static_cast<unsigned>(i) * 2654435761u ^ 0x9e3779b9u;
}

static double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

template <class F> static double time_us(F f) {
  auto t0 = std::chrono::steady_clock::now();
  f();
  CUDA_CHECK(cudaStreamSynchronize(0));
  return std::chrono::duration<double, std::micro>(
             std::chrono::steady_clock::now() - t0)
      .count();
}

int main(int argc, char **argv) {
  if (argc != 5 && argc != 6) {
    std::fprintf(stderr, "usage: pstl_cub <floats> <keys> <warmup> <reps> "
                         "[<device>]\n");
    return 2;
  }
  const int nf = std::atoi(argv[1]), nk = std::atoi(argv[2]);
  const int warmup = std::atoi(argv[3]), reps = std::atoi(argv[4]);
  CUDA_CHECK(cudaSetDevice(argc == 6 ? std::atoi(argv[5]) : 0));

  float *in = nullptr, *out = nullptr, *sum = nullptr;
  unsigned *keys0 = nullptr, *keys1 = nullptr, *keys_src = nullptr;
  CUDA_CHECK(cudaMalloc(&in, nf * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&out, nf * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&sum, sizeof(float)));
  CUDA_CHECK(cudaMalloc(&keys0, nk * sizeof(unsigned)));
  CUDA_CHECK(cudaMalloc(&keys1, nk * sizeof(unsigned)));
  CUDA_CHECK(cudaMalloc(&keys_src, nk * sizeof(unsigned)));
  fill_floats<<<(nf + 255) / 256, 256>>>(in, nf);
  fill_keys<<<(nk + 255) / 256, 256>>>(keys_src, nk);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());

  // Temporary storage: the largest any of the three asks for, allocated
  // once outside the timed calls (as a CUB user would).
  size_t reduce_bytes = 0, scan_bytes = 0, sort_bytes = 0;
  cub::DoubleBuffer<unsigned> db(keys0, keys1);
  CUDA_CHECK(cub::DeviceReduce::Sum(nullptr, reduce_bytes, in, sum, nf));
  CUDA_CHECK(cub::DeviceScan::InclusiveSum(nullptr, scan_bytes, in, out, nf));
  CUDA_CHECK(cub::DeviceRadixSort::SortKeys(nullptr, sort_bytes, db, nk));
  size_t temp_bytes = std::max(reduce_bytes, std::max(scan_bytes, sort_bytes));
  void *temp = nullptr;
  CUDA_CHECK(cudaMalloc(&temp, temp_bytes));

  std::vector<double> tr, ts, tk;
  for (int r = 0; r < warmup + reps; ++r) {
    // The sum copied to the host inside the timed call: std::reduce
    // returns it there, so the hcc side's call includes that copy too.
    float host_sum = 0;
    double t = time_us([&] {
      CUDA_CHECK(cub::DeviceReduce::Sum(temp, temp_bytes, in, sum, nf));
      CUDA_CHECK(
          cudaMemcpy(&host_sum, sum, sizeof(float), cudaMemcpyDeviceToHost));
    });
    if (r >= warmup)
      tr.push_back(t);
  }
  for (int r = 0; r < warmup + reps; ++r) {
    double t = time_us([&] {
      CUDA_CHECK(cub::DeviceScan::InclusiveSum(temp, temp_bytes, in, out, nf));
    });
    if (r >= warmup)
      ts.push_back(t);
  }
  for (int r = 0; r < warmup + reps; ++r) {
    // Every repetition sorts the unsorted keys (the copy is not timed).
    CUDA_CHECK(cudaMemcpy(keys0, keys_src, nk * sizeof(unsigned),
                          cudaMemcpyDeviceToDevice));
    db = cub::DoubleBuffer<unsigned>(keys0, keys1);
    double t = time_us([&] {
      CUDA_CHECK(cub::DeviceRadixSort::SortKeys(temp, temp_bytes, db, nk));
    });
    if (r >= warmup)
      tk.push_back(t);
  }

  float total = 0, last = 0;
  CUDA_CHECK(cudaMemcpy(&total, sum, sizeof(float), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(&last, out + (nf - 1), sizeof(float),
                        cudaMemcpyDeviceToHost));
  std::vector<unsigned> sorted(nk), original(nk);
  CUDA_CHECK(cudaMemcpy(sorted.data(), db.Current(), nk * sizeof(unsigned),
                        cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(original.data(), keys_src, nk * sizeof(unsigned),
                        cudaMemcpyDeviceToHost));
  std::sort(original.begin(), original.end());
  const int ok = sorted == original;

  std::printf("reduce_us=%.3f sum=%.1f\n", median(tr), total);
  std::printf("scan_us=%.3f last=%.1f\n", median(ts), last);
  std::printf("sort_us=%.3f sorted=%d\n", median(tk), ok);
  return 0;
}
