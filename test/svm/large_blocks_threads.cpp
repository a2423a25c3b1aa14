// Threads allocate large blocks in every way the C and C++ libraries offer,
// hand them to kernels through captured pointers and free them, while the
// others do the same: every kernel must see the block it was given, never
// pages left registered for a block freed before at the same address
// (docs/svm.md: large blocks are recorded as they are allocated).

// RUN: %hcc %s -o %t && %t | FileCheck %s
// CHECK: threads: ok

#include <hc.hpp>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

namespace {

int *allocate(int how, std::size_t count) {
  const std::size_t bytes = count * sizeof(int);
  void *p = nullptr;
  switch (how % 5) {
  case 0:
    p = std::malloc(bytes);
    break;
  case 1:
    p = std::calloc(count, sizeof(int));
    break;
  case 2:
    p = aligned_alloc(4096, bytes);
    break;
  case 3:
    if (posix_memalign(&p, 64, bytes) != 0)
      p = nullptr;
    break;
  case 4:
    p = std::realloc(std::malloc(64), bytes);
    break;
  }
  return static_cast<int *>(p);
}

bool round_trip(int thread, int round) {
  // 128 KiB to 4 MiB: around and above glibc's mmap threshold.
  const std::size_t count = (std::size_t(32) << 10) << ((thread + round) % 6);
  int *p = allocate(thread + round, count);
  if (!p)
    return false;
  std::memset(p, 0, count * sizeof(int));
  const int mark = thread * 1000 + round;
  hc::parallel_for_each(hc::extent<1>(static_cast<int>(count)),
                        [=](hc::index<1> i) [[hc]] { p[i[0]] += mark; })
      .wait();
  bool good = true;
  for (std::size_t i = 0; i < count; i += 1021)
    good &= p[i] == mark;
  good &= p[count - 1] == mark;
  std::free(p);
  return good;
}

} // namespace

int main() {
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([t, &failures] {
      for (int round = 0; round < 12; ++round)
        if (!round_trip(t, round))
          failures.fetch_add(1);
    });
  for (std::thread &t : threads)
    t.join();
  std::printf("threads: %s (%d failed)\n", failures ? "FAILED" : "ok",
              failures.load());
  return failures ? 1 : 0;
}
