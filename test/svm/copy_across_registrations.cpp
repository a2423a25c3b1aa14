// RUN: %hcc %s -o %t && %t | FileCheck %s
// CHECK: copies across registrations: ok
//
// Host memory that shared virtual memory page-locked for kernels in two
// pieces (the brk heap registered, then grown and registered again: here
// two adjacent mappings, each captured by a kernel) must still copy to and
// from the accelerator as one pageable range. The CUDA driver takes a
// range whose start is page-locked as pinned and rejects one that runs out
// of that registration (CUDA_ERROR_INVALID_VALUE); the runtime stages such
// copies instead (docs/svm.md). On the CPU backend nothing is registered
// and the copies are plain.
#include <hc.hpp>

#include <sys/mman.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <vector>

int main() {
  const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  const std::size_t half = 16 * page;
  // Two adjacent anonymous mappings with different protections, so the
  // kernel keeps them apart in /proc/self/maps (read-write vs. read-write-
  // exec is enough on Linux).
  char *first = static_cast<char *>(mmap(nullptr, 2 * half,
                                         PROT_READ | PROT_WRITE,
                                         MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
  if (first == MAP_FAILED)
    return 2;
  char *second = first + half;
  if (mprotect(second, half, PROT_READ | PROT_WRITE | PROT_EXEC) != 0)
    return 2;
  std::memset(first, 1, 2 * half);

  // A kernel capturing a pointer into each makes each visible on its own.
  hc::array<int, 1> sink(hc::extent<1>(2));
  int *a = reinterpret_cast<int *>(first);
  int *b = reinterpret_cast<int *>(second);
  hc::parallel_for_each(hc::extent<1>(1), [=, &sink](hc::index<1>) [[hc]] {
    sink[0] = a[0];
    sink[1] = b[0];
  }).wait();

  // 2040 bytes straddling the boundary, and a larger range over both.
  bool ok = true;
  for (std::size_t bytes : {std::size_t(2040), half}) {
    char *src = second - bytes / 2;
    for (std::size_t i = 0; i < bytes; ++i)
      src[i] = static_cast<char>(i * 7 + bytes);
    hc::array<char, 1> dev(hc::extent<1>(static_cast<int>(bytes)));
    hc::copy(src, src + bytes, dev);
    std::vector<char> expect(src, src + bytes);
    std::memset(src, 0, bytes);
    hc::copy(dev, src); // back into the same straddling range
    if (std::memcmp(src, expect.data(), bytes) != 0) {
      std::printf("copy of %zu bytes across the boundary: wrong data\n", bytes);
      ok = false;
    }
  }
  munmap(first, 2 * half);
  if (ok)
    std::printf("copies across registrations: ok\n");
  return ok ? 0 : 1;
}
