// The sync_1way sample of hcc's wiki page "HSA Features": the CPU waits for the
// GPU. 1,048,576 work-items each atomically increment one counter in host
// memory; the host watches the counter climb while the kernel runs and goes on
// when it reaches 1,048,576, before waiting for the kernel itself. A lost
// update would leave the host waiting: it gives up after 60 s and fails.
// (docs/platform-atomics.md; on a GPU the stack counter needs docs/svm.md.)

// RUN: %hcc %s -o %t && %t | FileCheck %s
// CHECK: sync_1way: counter reached 1048576
// CHECK: sync_1way: kernel done, counter 1048576

#include <hc.hpp>

#include <atomic>
#include <chrono>
#include <cstdio>

int main() {
  constexpr int target = 1048576;
  std::atomic_int counter(0);
  std::atomic_int *p_counter = &counter;

  hc::completion_future done =
      hc::parallel_for_each(hc::extent<1>(target), [=](hc::index<1>) [[hc]] {
        p_counter->fetch_add(1);
      });

  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  int seen = 0;
  while ((seen = counter.load()) < target) {
    if (std::chrono::steady_clock::now() > deadline) {
      std::printf("FAIL: timeout, counter stuck at %d of %d\n", seen, target);
      return 1;
    }
  }
  std::printf("sync_1way: counter reached %d\n", seen);
  done.wait();
  std::printf("sync_1way: kernel done, counter %d\n", counter.load());
  return counter.load() == target ? 0 : 1;
}
