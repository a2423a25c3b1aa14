// Reference for hcc-bandwidth: cudaMemcpy host<->device with pinned
// (cudaHostAlloc) and pageable (malloc) host memory, device-to-device, and
// between two GPUs (cudaMemcpyPeerAsync, peer access enabled),
// measured the way hcc-bandwidth measures (one warm-up copy, then copies
// until 50 ms have passed, each copy finished before the next starts).
// Output: the same table and CSV columns, strategy "cuda".
//
// Each cudaMemcpy is followed by cudaStreamSynchronize(0): cudaMemcpy
// returns before the copy is done for pageable host-to-device copies (once
// the driver has staged the source; the DMA may still be running) and for
// device-to-device copies (asynchronous to the host altogether), while
// every hcc-bandwidth copy is waited for until its data is in place. Without
// the synchronization the reference would time only the submission (e.g.
// 11,000 GB/s device-to-device at 64 MiB on an H100).
//
// Built on the GPU host by benchmarks/bandwidth/run-gpu.sh:
//   nvcc -O3 -o raw_cuda_copy raw_cuda_copy.cu
// Usage: raw_cuda_copy [--min SIZE] [--max SIZE] [--step N] [--quick]
//                      [--csv FILE]
#include <cuda_runtime.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

struct row {
  const char *direction, *memory;
  size_t bytes;
  unsigned iterations;
  double seconds;
};

void check(cudaError_t e, const char *what) {
  if (e != cudaSuccess) {
    std::fprintf(stderr, "raw_cuda_copy: %s: %s\n", what, cudaGetErrorString(e));
    std::exit(3);
  }
}

bool parse_size(const char *text, size_t &bytes) {
  char *end = nullptr;
  unsigned long long v = std::strtoull(text, &end, 10);
  std::string s = end;
  int shift = s.empty() ? 0 : s == "K" ? 10 : s == "M" ? 20 : s == "G" ? 30 : -1;
  if (shift < 0 || v == 0)
    return false;
  bytes = static_cast<size_t>(v) << shift;
  return true;
}

std::string format_size(size_t bytes) {
  const char *units[] = {"B", "KiB", "MiB", "GiB"};
  int u = 0;
  while (u < 3 && bytes >= 1024 && bytes % 1024 == 0) {
    bytes /= 1024;
    ++u;
  }
  return std::to_string(bytes) + " " + units[u];
}

double min_seconds = 0.05;

template <class Copy> double time_copies(Copy submit, unsigned &iterations) {
  auto copy = [&] {
    submit();
    check(cudaStreamSynchronize(0), "cudaStreamSynchronize");
  };
  copy();
  auto start = std::chrono::steady_clock::now();
  double elapsed = 0;
  iterations = 0;
  do {
    copy();
    ++iterations;
    elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                            start)
                  .count();
  } while (elapsed < min_seconds && iterations < 1000);
  return elapsed / iterations;
}

// GPU 0 to GPU 1 with cudaMemcpyPeerAsync on a stream of GPU 1, peer
// access enabled both ways (what a CUDA program does for the NVLink path),
// as hcc-bandwidth's peer rows copy: nothing when there is one GPU.
void peer_rows(const std::vector<size_t> &sizes, const char *source,
               std::vector<row> &rows) {
  int count = 0, can = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count < 2 ||
      cudaDeviceCanAccessPeer(&can, 1, 0) != cudaSuccess || !can) {
    std::printf("# peer: skipped, no second GPU that can reach the first\n");
    return;
  }
  check(cudaSetDevice(1), "cudaSetDevice(1)");
  cudaError_t e = cudaDeviceEnablePeerAccess(0, 0);
  if (e != cudaErrorPeerAccessAlreadyEnabled)
    check(e, "cudaDeviceEnablePeerAccess(0)");
  char *target = nullptr;
  check(cudaMalloc(&target, sizes.back()), "cudaMalloc on GPU 1");
  cudaStream_t stream;
  check(cudaStreamCreate(&stream), "cudaStreamCreate on GPU 1");
  check(cudaSetDevice(0), "cudaSetDevice(0)");
  e = cudaDeviceEnablePeerAccess(1, 0);
  if (e != cudaErrorPeerAccessAlreadyEnabled)
    check(e, "cudaDeviceEnablePeerAccess(1)");
  for (size_t bytes : sizes) {
    row r{"peer", "device", bytes, 0, 0};
    r.seconds = time_copies(
        [&] {
          check(cudaMemcpyPeerAsync(target, 1, source, 0, bytes, stream),
                "peer");
          check(cudaStreamSynchronize(stream), "cudaStreamSynchronize(peer)");
        },
        r.iterations);
    rows.push_back(r);
  }
  check(cudaStreamDestroy(stream), "cudaStreamDestroy");
  check(cudaFree(target), "cudaFree on GPU 1");
}

} // namespace

int main(int argc, char **argv) {
  size_t min_bytes = 4 << 10, max_bytes = size_t(1) << 30;
  unsigned step = 4;
  std::string csv;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if ((a == "--min" || a == "--max") && i + 1 < argc) {
      if (!parse_size(argv[++i], a == "--min" ? min_bytes : max_bytes))
        return 2;
    } else if (a == "--step" && i + 1 < argc) {
      step = static_cast<unsigned>(std::atoi(argv[++i]));
    } else if (a == "--quick") {
      max_bytes = 16 << 20;
      min_seconds = 0.01;
    } else if (a == "--csv" && i + 1 < argc) {
      csv = argv[++i];
    } else {
      std::fprintf(stderr, "usage: raw_cuda_copy [--min S] [--max S] [--step N] "
                           "[--quick] [--csv FILE]\n");
      return 2;
    }
  }
  if (step < 2)
    step = 2;
  std::vector<size_t> sizes;
  for (size_t b = min_bytes; b <= max_bytes; b *= step) {
    sizes.push_back(b);
    if (b > max_bytes / step)
      break;
  }

  cudaDeviceProp prop;
  check(cudaGetDeviceProperties(&prop, 0), "cudaGetDeviceProperties");
  char *dev_a = nullptr, *dev_b = nullptr, *pinned = nullptr;
  check(cudaMalloc(&dev_a, max_bytes), "cudaMalloc");
  check(cudaMalloc(&dev_b, max_bytes), "cudaMalloc");
  check(cudaHostAlloc(&pinned, max_bytes, cudaHostAllocPortable), "cudaHostAlloc");
  char *pageable = static_cast<char *>(std::malloc(max_bytes));
  if (!pageable)
    return 3;
  std::memset(pageable, 1, max_bytes); // touch every page
  std::memset(pinned, 1, max_bytes);

  std::vector<row> rows;
  for (int m = 0; m < 2; ++m) {
    char *host = m == 0 ? pinned : pageable;
    const char *memory = m == 0 ? "pinned" : "unpinned";
    for (size_t bytes : sizes) {
      row r{"h2d", memory, bytes, 0, 0};
      r.seconds = time_copies(
          [&] { check(cudaMemcpy(dev_a, host, bytes, cudaMemcpyHostToDevice), "h2d"); },
          r.iterations);
      rows.push_back(r);
    }
    for (size_t bytes : sizes) {
      row r{"d2h", memory, bytes, 0, 0};
      r.seconds = time_copies(
          [&] { check(cudaMemcpy(host, dev_a, bytes, cudaMemcpyDeviceToHost), "d2h"); },
          r.iterations);
      rows.push_back(r);
    }
  }
  for (size_t bytes : sizes) {
    row r{"d2d", "device", bytes, 0, 0};
    r.seconds = time_copies(
        [&] {
          check(cudaMemcpy(dev_b, dev_a, bytes, cudaMemcpyDeviceToDevice), "d2d");
        },
        r.iterations);
    rows.push_back(r);
  }

  peer_rows(sizes, dev_a, rows);

  std::printf("# raw_cuda_copy on %s (cudaMemcpy; GB/s = 1e9 bytes/s)\n", prop.name);
  std::printf("%-5s %-9s %-13s %10s %8s %12s %9s\n", "dir", "memory", "strategy",
              "size", "iters", "us/copy", "GB/s");
  for (const row &r : rows)
    std::printf("%-5s %-9s %-13s %10s %8u %12.2f %9.2f\n", r.direction, r.memory,
                "cuda", format_size(r.bytes).c_str(), r.iterations, r.seconds * 1e6,
                r.bytes / r.seconds / 1e9);
  if (!csv.empty()) {
    FILE *f = std::fopen(csv.c_str(), "w");
    if (!f)
      return 2;
    std::fprintf(f, "direction,memory,strategy,bytes,iterations,us_per_copy,gb_per_s\n");
    for (const row &r : rows)
      std::fprintf(f, "%s,%s,cuda,%zu,%u,%.3f,%.3f\n", r.direction, r.memory,
                   r.bytes, r.iterations, r.seconds * 1e6, r.bytes / r.seconds / 1e9);
    std::fclose(f);
  }
  return 0;
}
