// RUN: %hcc -hc %s -o %t && timeout 120 %t
// RUN: %hcc -hc -O0 %s -o %t.O0 && timeout 120 %t.O0
//
// Work-items that wait for one another, or for a host thread, through
// memory make progress on every backend, as on a GPU: on the CPU backend,
// where work-items of a range (and of a tile) run one after another, a
// work-item spinning at an atomic or volatile read lets the others run
// (docs/runtime.md, "Work-items that wait").
#include "../Inputs/checks.hpp"
#include <hc.hpp>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <thread>

using hcc_test::failures;

// Work-item i waits until `turn` is n - 1 - i: the last one goes first.
static void flat_chain() {
  const int n = 8;
  auto *turn = new std::atomic<int>(0);
  auto *order = new int[n];
  hc::parallel_for_each(hc::extent<1>(n), [=](hc::index<1> idx) [[hc]] {
    int i = idx[0];
    while (turn->load(std::memory_order_acquire) != n - 1 - i) {
    }
    order[n - 1 - i] = i;
    turn->fetch_add(1, std::memory_order_release);
  }).wait();
  CHECK(turn->load() == n);
  for (int k = 0; k < n; ++k)
    CHECK(order[k] == n - 1 - k);
  delete turn;
  delete[] order;
}

// The same wait through a volatile flag the work-items write in turn.
static void flat_chain_volatile() {
  const int n = 4;
  volatile int *turn = new int(0);
  hc::parallel_for_each(hc::extent<1>(n), [=](hc::index<1> idx) [[hc]] {
    int i = idx[0];
    while (*turn != n - 1 - i) {
    }
    hc::atomic_fetch_add(const_cast<int *>(turn), 1);
  }).wait();
  CHECK(*turn == n);
  delete turn;
}

// Each work-item waits for a host thread to answer it (hcc's platform
// atomics samples): the host serves work-items in the order of their
// requests, which a spinning first work-item would block.
static void served_by_host_thread() {
  const int n = 6;
  auto *request = new std::atomic<int>[n];
  auto *answer = new std::atomic<int>[n];
  auto *done = new std::atomic<bool>(false);
  for (int i = 0; i < n; ++i) {
    request[i] = 0;
    answer[i] = 0;
  }
  std::thread server([=] {
    int served = 0;
    // Serves the highest requesting work-item first.
    while (served < n && !done->load()) {
      for (int i = n - 1; i >= 0; --i)
        if (request[i].load() && !answer[i].load()) {
          bool all_above = true;
          for (int j = i + 1; j < n; ++j)
            all_above = all_above && answer[j].load() != 0;
          if (all_above) {
            answer[i].store(10 + i);
            ++served;
          }
          break;
        }
      std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
  });
  int results[n] = {};
  int *out = results;
  hc::parallel_for_each(hc::extent<1>(n), [=](hc::index<1> idx) [[hc]] {
    int i = idx[0];
    request[i].store(1);
    int a;
    while ((a = answer[i].load()) == 0) {
    }
    out[i] = a;
  }).wait();
  done->store(true);
  server.join();
  for (int i = 0; i < n; ++i)
    CHECK(results[i] == 10 + i);
  delete[] request;
  delete[] answer;
  delete done;
}

// Work-items of one tile waiting for one another without a barrier.
static void tiled_chain() {
  const int tile = 8;
  auto *turns = new std::atomic<int>[2];
  turns[0] = 0;
  turns[1] = 0;
  hc::parallel_for_each(hc::extent<1>(2 * tile).tile(tile),
                        [=](hc::tiled_index<1> t) [[hc]] {
    int i = t.local[0];
    std::atomic<int> &turn = turns[t.tile[0]];
    while (turn.load(std::memory_order_acquire) != tile - 1 - i) {
    }
    turn.fetch_add(1, std::memory_order_release);
  }).wait();
  CHECK(turns[0].load() == tile);
  CHECK(turns[1].load() == tile);
  delete[] turns;
}

// Loops that are busy, not waiting, still run to the end with the right
// result (a yield point per iteration).
static void busy_atomic_loops() {
  const int n = 64, iterations = 20000;
  auto *sum = new std::atomic<long>(0);
  hc::parallel_for_each(hc::extent<1>(n), [=](hc::index<1>) [[hc]] {
    for (int k = 0; k < iterations; ++k)
      sum->fetch_add(1, std::memory_order_relaxed);
  }).wait();
  CHECK(sum->load() == long(n) * iterations);
  delete sum;
}

int main() {
  flat_chain();
  flat_chain_volatile();
  served_by_host_thread();
  tiled_chain();
  busy_atomic_loops();
  std::printf(failures ? "failed\n" : "ok\n");
  return failures != 0;
}
