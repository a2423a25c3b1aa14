// The sync_2way sample of hcc's wiki page "HSA Features": the CPU and the GPU
// wait for each other. Work-item i spins on an atomic flag in host memory until
// the CPU sets it to i, then moves the single "1" of a host array one step:
// table[i] = 1, table[i - 1] = 0 (plain stores), and publishes that with a
// release store of `done`. The CPU checks, after an acquire load of `done`,
// that the array holds exactly one "1" at i, then lets work-item i + 1 go. The
// "1" moves to the end of the array.
//
// Forward progress: work-item i waits only for the CPU, which waits only
// for work-items below i. On a GPU all 64 work-items are resident; the CPU
// backend runs work-items of a chunk in index order and claims chunks in
// index order, so the lowest unfinished work-item is always running
// (docs/platform-atomics.md). A bug fails instead of hanging: the host gives
// up after 60 s and raises `abort`, which the work-items also watch.

// RUN: %hcc %s -o %t && %t | FileCheck %s
// CHECK: sync_2way: 1000000000
// CHECK: sync_2way: 0100000000
// CHECK: sync_2way: 0000000001
// CHECK: sync_2way: the 1 reached the end of 64 elements

#include <hc.hpp>

#include <atomic>
#include <chrono>
#include <cstdio>

int main() {
  constexpr int n = 64;
  int table[n] = {};
  std::atomic_int flag(-1), done(-1), abort_flag(0);
  int *p_table = &table[0];
  std::atomic_int *p_flag = &flag, *p_done = &done, *p_abort = &abort_flag;

  hc::completion_future kernel =
      hc::parallel_for_each(hc::extent<1>(n), [=](hc::index<1> idx) [[hc]] {
        int i = idx[0];
        while (p_flag->load(std::memory_order_acquire) != i)
          if (p_abort->load(std::memory_order_relaxed))
            return;
        p_table[i] = 1;
        if (i > 0)
          p_table[i - 1] = 0;
        p_done->store(i, std::memory_order_release);
      });

  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  for (int i = 0; i < n; ++i) {
    flag.store(i, std::memory_order_release);
    while (done.load(std::memory_order_acquire) != i) {
      if (std::chrono::steady_clock::now() > deadline) {
        std::printf("FAIL: timeout waiting for work-item %d\n", i);
        abort_flag.store(1);
        kernel.wait();
        return 1;
      }
    }
    int ones = 0;
    for (int j = 0; j < n; ++j)
      ones += table[j];
    if (ones != 1 || table[i] != 1) {
      std::printf("FAIL: after step %d: %d ones, table[%d] = %d\n", i, ones, i,
                  table[i]);
      abort_flag.store(1);
      kernel.wait();
      return 1;
    }
    if (i < 2 || i == n - 1) {
      std::printf("sync_2way: ");
      for (int j = (i == n - 1 ? n - 10 : 0); j < (i == n - 1 ? n : 10); ++j)
        std::printf("%d", table[j]);
      std::printf("\n");
    }
  }
  kernel.wait();
  std::printf("sync_2way: the 1 reached the end of %d elements\n", n);
  return 0;
}
