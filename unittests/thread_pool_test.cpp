// The CPU backend's thread pool: every item exactly once, real concurrency,
// nested jobs, several submitters, errors.
#include "backends/cpu/thread_pool.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <mutex>
#include <chrono>
#include <memory>
#include <stdexcept>
#include <thread>
#include <vector>

using hc::detail::rt::cpu::thread_pool;

TEST(ThreadPool, EveryItemRunsExactlyOnce) {
  thread_pool pool(3);
  const std::size_t n = 100000;
  std::unique_ptr<std::atomic<int>[]> hits(new std::atomic<int>[n]);
  for (std::size_t i = 0; i < n; ++i)
    hits[i] = 0;
  pool.run(n, [&](std::size_t i) { hits[i].fetch_add(1); });
  for (std::size_t i = 0; i < n; ++i)
    ASSERT_EQ(hits[i].load(), 1) << "item " << i;
}

// Workers poll for the next job for a while (HCC_CPU_SPIN_US, 100 us) and
// then sleep: jobs that come at once, while they poll, while they go to
// sleep and after they slept are all picked up, every item once, and the
// workers take part (not only the submitter).
TEST(ThreadPool, JobsBetweenPollingAndSleepingWorkers) {
  thread_pool pool(2);
  const std::chrono::microseconds gaps[] = {
      std::chrono::microseconds(0), std::chrono::microseconds(20),
      std::chrono::microseconds(90), std::chrono::microseconds(150),
      std::chrono::microseconds(2000)};
  for (int round = 0; round < 40; ++round) {
    std::this_thread::sleep_for(gaps[round % 5]);
    const std::size_t n = 64;
    std::unique_ptr<std::atomic<int>[]> hits(new std::atomic<int>[n]);
    for (std::size_t i = 0; i < n; ++i)
      hits[i] = 0;
    std::mutex m;
    std::vector<std::thread::id> threads;
    pool.run(n, [&](std::size_t i) {
      hits[i].fetch_add(1);
      std::lock_guard<std::mutex> lock(m);
      if (std::find(threads.begin(), threads.end(),
                    std::this_thread::get_id()) == threads.end())
        threads.push_back(std::this_thread::get_id());
      // Long enough that a woken or polling worker joins in.
      std::this_thread::sleep_for(std::chrono::microseconds(200));
    });
    for (std::size_t i = 0; i < n; ++i)
      ASSERT_EQ(hits[i].load(), 1) << "round " << round << " item " << i;
    EXPECT_GE(threads.size(), 2u) << "round " << round;
  }
}

TEST(ThreadPool, ZeroAndOneItems) {
  thread_pool pool(2);
  int calls = 0;
  pool.run(0, [&](std::size_t) { ++calls; });
  EXPECT_EQ(calls, 0);
  pool.run(1, [&](std::size_t) { ++calls; });
  EXPECT_EQ(calls, 1);
}

TEST(ThreadPool, WorkersRunConcurrently) {
  // 4 items that each wait until all 4 have started: only possible if the
  // 3 workers and the submitter run them at the same time.
  thread_pool pool(3);
  ASSERT_EQ(pool.concurrency(), 4u);
  std::atomic<int> started{0};
  std::atomic<bool> all_met{true};
  pool.run(4, [&](std::size_t) {
    started.fetch_add(1);
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (started.load() < 4) {
      if (std::chrono::steady_clock::now() > deadline) {
        all_met = false;
        return;
      }
      std::this_thread::yield();
    }
  });
  EXPECT_TRUE(all_met.load());
}

TEST(ThreadPool, UsesSeveralThreads) {
  thread_pool pool(3);
  std::mutex m;
  std::vector<std::thread::id> ids;
  pool.run(64, [&](std::size_t) {
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    std::lock_guard<std::mutex> lock(m);
    if (std::find(ids.begin(), ids.end(), std::this_thread::get_id()) ==
        ids.end())
      ids.push_back(std::this_thread::get_id());
  });
  EXPECT_GE(ids.size(), 2u);
}

TEST(ThreadPool, NestedJobsComplete) {
  thread_pool pool(2);
  std::atomic<int> inner{0};
  pool.run(8, [&](std::size_t) {
    pool.run(50, [&](std::size_t) { inner.fetch_add(1); });
  });
  EXPECT_EQ(inner.load(), 8 * 50);
}

TEST(ThreadPool, NestedWaitOnAnotherJob) {
  // An item blocks until another thread's job ran: the pool must not need
  // the blocked worker to make progress on the other job.
  thread_pool pool(2);
  std::atomic<bool> other_done{false};
  std::thread other([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    pool.run(100, [](std::size_t) {});
    other_done = true;
  });
  pool.run(2, [&](std::size_t) {
    while (!other_done.load())
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
  });
  other.join();
  EXPECT_TRUE(other_done.load());
}

TEST(ThreadPool, ConcurrentSubmitters) {
  thread_pool pool(3);
  std::atomic<long> sum{0};
  std::vector<std::thread> submitters;
  for (int t = 0; t < 4; ++t)
    submitters.emplace_back([&] {
      for (int rep = 0; rep < 50; ++rep)
        pool.run(100, [&](std::size_t i) { sum.fetch_add(long(i)); });
    });
  for (auto &t : submitters)
    t.join();
  EXPECT_EQ(sum.load(), 4L * 50 * (99 * 100 / 2));
}

TEST(ThreadPool, FirstExceptionIsRethrownAndPoolStaysUsable) {
  thread_pool pool(3);
  std::atomic<int> ran{0};
  EXPECT_THROW(pool.run(1000,
                        [&](std::size_t i) {
                          ran.fetch_add(1);
                          if (i == 10)
                            throw std::runtime_error("item 10");
                        }),
               std::runtime_error);
  EXPECT_LE(ran.load(), 1000);
  std::atomic<int> after{0};
  pool.run(100, [&](std::size_t) { after.fetch_add(1); });
  EXPECT_EQ(after.load(), 100);
}

TEST(ThreadPool, NoWorkersStillRunsEverything) {
  thread_pool pool(0);
  EXPECT_EQ(pool.concurrency(), 1u);
  int count = 0;
  pool.run(10, [&](std::size_t) { ++count; });
  EXPECT_EQ(count, 10);
}

TEST(ThreadPool, GlobalPoolMatchesHardware) {
  EXPECT_GE(thread_pool::global().concurrency(), 1u);
}
