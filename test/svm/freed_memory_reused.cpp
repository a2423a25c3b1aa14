// Memory a kernel used through a captured pointer is freed and the address
// comes back from the next allocation: the kernel must see the new pages,
// not the ones registered for the first launch (docs/svm.md: free, realloc
// and munmap release registrations).

// RUN: %hcc %s -o %t && %t | FileCheck %s
// CHECK: round 0: ok
// CHECK: round 7: ok
// CHECK: realloc: ok
// CHECK: aligned: ok
// CHECK: munmap: ok

#include <hc.hpp>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/mman.h>

constexpr int n = 1 << 20; // 4 MiB of ints: malloc maps it on its own

static bool fill(int *p, int value) {
  hc::parallel_for_each(hc::extent<1>(n), [=](hc::index<1> i) [[hc]] {
    p[i[0]] += value + i[0];
  }).wait();
  for (int i = 0; i < n; i += 4099)
    if (p[i] != value + i)
      return false;
  return true;
}

int main() {
  bool ok = true;
  for (int round = 0; round < 8; ++round) {
    int *p = static_cast<int *>(std::calloc(n, sizeof(int)));
    bool good = fill(p, round * 3);
    std::printf("round %d: %s\n", round, good ? "ok" : "FAILED");
    ok &= good;
    std::free(p);
  }

  int *q = static_cast<int *>(std::calloc(n, sizeof(int)));
  fill(q, 1);
  q = static_cast<int *>(std::realloc(q, 2 * n * sizeof(int)));
  std::memset(q, 0, n * sizeof(int));
  bool good = fill(q, 5);
  std::printf("realloc: %s\n", good ? "ok" : "FAILED");
  ok &= good;
  std::free(q);

  // Every allocation function's large blocks are released when freed.
  good = true;
  for (int round = 0; round < 4; ++round) {
    void *r = nullptr;
    if (round % 2 == 0)
      r = aligned_alloc(4096, n * sizeof(int));
    else if (posix_memalign(&r, 256, n * sizeof(int)) != 0)
      r = nullptr;
    if (!r)
      return 2;
    std::memset(r, 0, n * sizeof(int));
    good &= fill(static_cast<int *>(r), 10 + round);
    std::free(r);
  }
  std::printf("aligned: %s\n", good ? "ok" : "FAILED");
  ok &= good;

  for (int round = 0; round < 2; ++round) {
    void *m = mmap(nullptr, n * sizeof(int), PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    good = fill(static_cast<int *>(m), 100 + round);
    munmap(m, n * sizeof(int));
  }
  std::printf("munmap: %s\n", good ? "ok" : "FAILED");
  ok &= good;
  return ok ? 0 : 1;
}
