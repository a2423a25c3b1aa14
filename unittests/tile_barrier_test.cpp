// Tile barriers on the CPU: work-items of a tile run as fibers of one thread
// and tile_runner::barrier() (cpu_barrier_wait) switches between them.
#include "backends/cpu/tile_runner.hpp"
#include "hc/detail/runtime.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <stdexcept>
#include <vector>

using hc::detail::rt::cpu::tile_runner;

namespace {

struct loop_state {
  std::size_t items;
  int iterations;
  std::vector<int> arrived; // per iteration: work-items that reached it
  std::vector<int> limit;   // iterations of each work-item
  bool ok = true;
  std::string failure;
};

// Work-item body: in iteration k, check that every work-item still running
// reached iteration k-1's barrier before anyone started k, then wait.
void looping_item(void *context, std::size_t i) {
  loop_state &s = *static_cast<loop_state *>(context);
  for (int k = 0; k < s.limit[i]; ++k) {
    ++s.arrived[k];
    hc::detail::__hcc_cpu_tile_barrier();
    // Everyone with more than k iterations must have arrived at k.
    int expected = 0;
    for (std::size_t j = 0; j < s.items; ++j)
      expected += s.limit[j] > k;
    if (s.arrived[k] != expected && s.ok) {
      s.ok = false;
      s.failure = "item " + std::to_string(i) + " passed barrier " +
                  std::to_string(k) + " with " + std::to_string(s.arrived[k]) +
                  " of " + std::to_string(expected) + " arrived";
    }
  }
}

void run_loop(std::size_t items, int iterations,
              std::vector<int> limits = {}) {
  loop_state s;
  s.items = items;
  s.iterations = iterations;
  s.arrived.assign(iterations, 0);
  s.limit = limits.empty() ? std::vector<int>(items, iterations) : limits;
  tile_runner::for_this_thread().run(items, looping_item, &s);
  EXPECT_TRUE(s.ok) << s.failure;
  for (int k = 0; k < iterations; ++k) {
    int expected = 0;
    for (std::size_t j = 0; j < items; ++j)
      expected += s.limit[j] > k;
    EXPECT_EQ(s.arrived[k], expected) << "iteration " << k;
  }
}

} // namespace

class BarrierInLoop : public ::testing::TestWithParam<std::size_t> {};

TEST_P(BarrierInLoop, NoItemPassesABarrierEarly) { run_loop(GetParam(), 100); }

INSTANTIATE_TEST_SUITE_P(TileSizes, BarrierInLoop,
                         ::testing::Values(1, 2, 3, 7, 64, 256, 1000, 1024));

TEST(TileBarrier, ItemsFinishingEarlyReleaseTheOthers) {
  // Work-item i runs i % 5 iterations (some none at all): the barrier of
  // iteration k waits only for the work-items that are still running.
  const std::size_t n = 256;
  std::vector<int> limits(n);
  for (std::size_t i = 0; i < n; ++i)
    limits[i] = static_cast<int>(i % 5);
  run_loop(n, 5, limits);
}

TEST(TileBarrier, OnlyOneItemWaits) {
  std::vector<int> limits(64, 0);
  limits[17] = 3;
  run_loop(64, 3, limits);
}

TEST(TileBarrier, RunnerIsReusedAcrossTiles) {
  for (int tile = 0; tile < 200; ++tile)
    run_loop(32, 3);
}

TEST(TileBarrier, BarrierFreeTilesRunInOrderOnOneFiber) {
  std::vector<std::size_t> order;
  auto item = [](void *ctx, std::size_t i) {
    static_cast<std::vector<std::size_t> *>(ctx)->push_back(i);
  };
  tile_runner::for_this_thread().run(1024, item, &order);
  ASSERT_EQ(order.size(), 1024u);
  for (std::size_t i = 0; i < order.size(); ++i)
    EXPECT_EQ(order[i], i);
}

TEST(TileBarrier, DeepStackUseAcrossBarrier) {
  // 48 KiB of locals per work-item, live across a barrier.
  auto item = [](void *ctx, std::size_t i) {
    volatile char buffer[48 * 1024];
    std::memset(const_cast<char *>(buffer), static_cast<int>(i & 0x7f),
                sizeof buffer);
    hc::detail::__hcc_cpu_tile_barrier();
    for (std::size_t k = 0; k < sizeof buffer; k += 4096)
      if (buffer[k] != static_cast<char>(i & 0x7f))
        ++*static_cast<int *>(ctx);
  };
  int errors = 0;
  tile_runner::for_this_thread().run(256, item, &errors);
  EXPECT_EQ(errors, 0);
}

TEST(TileBarrier, ExceptionEndsTheTileAndUnwindsWaiters) {
  struct state {
    int destroyed = 0;
  } s;
  struct guard {
    state *s;
    ~guard() { ++s->destroyed; }
  };
  auto item = [](void *ctx, std::size_t i) {
    state &st = *static_cast<state *>(ctx);
    guard g{&st};
    if (i == 5)
      throw std::runtime_error("work-item 5 failed");
    hc::detail::__hcc_cpu_tile_barrier();
  };
  EXPECT_THROW(tile_runner::for_this_thread().run(16, item, &s),
               std::runtime_error);
  // Items 0..4 waited at the barrier and were unwound; 5 threw; 6.. never
  // started.
  EXPECT_EQ(s.destroyed, 6);
  // The runner still works afterwards.
  run_loop(16, 4);
}

TEST(TileBarrier, BarrierOutsideATileReturns) {
  hc::detail::__hcc_cpu_tile_barrier(); // must not hang or crash
  SUCCEED();
}
