// The pingpong sample of hcc's wiki page "HSA Features", a fancier sync_2way:
// the single "1" of a host array bounces between the ends of the array a fixed
// number of times. Each step is one round trip: the CPU sets an atomic flag in
// host memory to the step number, the work-item for that step moves the "1"
// (plain stores) and answers with a release store; the CPU checks the array
// after an acquire load and counts the bounces.
//
// Forward progress: one work-item per step, each waiting once, for the CPU
// only, in step order (see sync_2way.cpp and docs/platform-atomics.md), so
// it cannot deadlock on the CPU backend with any number of threads. The
// host gives up after 60 s (raising `abort`, which the work-items watch).

// RUN: %hcc %s -o %t && %t | FileCheck %s
// CHECK: pingpong: bounce 1 at position 15
// CHECK: pingpong: bounce 2 at position 0
// CHECK: pingpong: bounce 6 at position 0
// CHECK: pingpong: 91 steps, 6 bounces

#include <hc.hpp>

#include <atomic>
#include <chrono>
#include <cstdio>

// Where the "1" is after `step` steps: 0, 1, ..., n-1, n-2, ..., 0, 1, ...
static int position(int step, int n) [[hc, cpu]] {
  int r = step % (2 * (n - 1));
  return r < n ? r : 2 * (n - 1) - r;
}

int main() {
  constexpr int n = 16, bounces = 6, steps = bounces * (n - 1) + 1;
  int table[n] = {};
  std::atomic_int flag(-1), done(-1), abort_flag(0);
  int *p_table = &table[0];
  std::atomic_int *p_flag = &flag, *p_done = &done, *p_abort = &abort_flag;

  hc::completion_future kernel = hc::parallel_for_each(
      hc::extent<1>(steps), [=](hc::index<1> idx) [[hc]] {
        int s = idx[0];
        while (p_flag->load(std::memory_order_acquire) != s)
          if (p_abort->load(std::memory_order_relaxed))
            return;
        if (s > 0)
          p_table[position(s - 1, n)] = 0;
        p_table[position(s, n)] = 1;
        p_done->store(s, std::memory_order_release);
      });

  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  int seen_bounces = 0;
  for (int s = 0; s < steps; ++s) {
    flag.store(s, std::memory_order_release);
    while (done.load(std::memory_order_acquire) != s) {
      if (std::chrono::steady_clock::now() > deadline) {
        std::printf("FAIL: timeout at step %d\n", s);
        abort_flag.store(1);
        kernel.wait();
        return 1;
      }
    }
    int at = -1, ones = 0;
    for (int j = 0; j < n; ++j)
      if (table[j]) {
        ++ones;
        at = j;
      }
    if (ones != 1 || at != position(s, n)) {
      std::printf("FAIL: step %d: %d ones, at %d, expected %d\n", s, ones, at,
                  position(s, n));
      abort_flag.store(1);
      kernel.wait();
      return 1;
    }
    if (s > 0 && (at == 0 || at == n - 1))
      std::printf("pingpong: bounce %d at position %d\n", ++seen_bounces, at);
  }
  kernel.wait();
  std::printf("pingpong: %d steps, %d bounces\n", steps, seen_bounces);
  return seen_bounces == bounces ? 0 : 1;
}
