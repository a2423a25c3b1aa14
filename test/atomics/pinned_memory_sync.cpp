// CPU<->GPU synchronisation through std::atomic in pinned host memory
// (hc::am_alloc with amHostPinned, GPU-visible on every backend without the
// SVM machinery): the CPU waits for 65,536 work-items to count up (as
// sync_1way), then one work-item and the CPU play 1000 rounds of ping-pong
// (as the atomics_pingpong benchmark). Both sides give up after 60 s (an
// abort word the kernels watch) so a bug fails instead of hanging.
// docs/platform-atomics.md.

// RUN: %hcc %s -o %t && %t | FileCheck %s
// CHECK: pinned: counter reached 65536
// CHECK: pinned: 1000 round trips

#include <hc.hpp>
#include <hc_am.hpp>

#include <atomic>
#include <chrono>
#include <cstdio>

int main() {
  hc::accelerator acc;
  auto *words = static_cast<std::atomic<int> *>(
      hc::am_alloc(4 * sizeof(std::atomic<int>), acc, amHostPinned));
  if (!words) {
    std::printf("FAIL: am_alloc(amHostPinned)\n");
    return 1;
  }
  for (int i = 0; i < 4; ++i)
    words[i].store(0);
  std::atomic<int> *w = words;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  auto timed_out = [&] { return std::chrono::steady_clock::now() > deadline; };

  // 1. The CPU waits for the GPU.
  constexpr int count = 65536;
  hc::completion_future counting = hc::parallel_for_each(
      hc::extent<1>(count),
      [=](hc::index<1>) [[hc]] { w[0].fetch_add(1, std::memory_order_release); });
  while (words[0].load(std::memory_order_acquire) < count)
    if (timed_out()) {
      std::printf("FAIL: timeout, counter at %d\n", words[0].load());
      return 1;
    }
  counting.wait();
  std::printf("pinned: counter reached %d\n", words[0].load());

  // 2. Ping-pong: words[1] ping (CPU -> GPU), words[2] pong, words[3] abort.
  constexpr int trips = 1000;
  words[1].store(0);
  words[2].store(0);
  hc::completion_future player = hc::parallel_for_each(
      hc::extent<1>(1), [=](hc::index<1>) [[hc]] {
        for (int r = 1; r <= trips; ++r) {
          while (w[1].load(std::memory_order_acquire) != r)
            if (w[3].load(std::memory_order_relaxed))
              return;
          w[2].store(r, std::memory_order_release);
        }
      });
  for (int r = 1; r <= trips; ++r) {
    words[1].store(r, std::memory_order_release);
    while (words[2].load(std::memory_order_acquire) != r)
      if (timed_out()) {
        std::printf("FAIL: timeout in round trip %d\n", r);
        words[3].store(1);
        player.wait();
        return 1;
      }
  }
  player.wait();
  std::printf("pinned: %d round trips\n", trips);
  hc::am_free(words);
  return 0;
}
