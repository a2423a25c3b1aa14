// async_state: waiting, errors, callbacks, timeouts, the clock.
#include "hc/detail/runtime.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <thread>

using namespace hc::detail;

namespace {

// Blocks until `flag` is true or 10 s pass.
bool eventually(const std::atomic<bool> &flag) {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (!flag.load()) {
    if (std::chrono::steady_clock::now() > deadline)
      return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return true;
}

} // namespace

TEST(AsyncState, WaitReturnsAfterSetReady) {
  auto s = std::make_shared<async_state>();
  EXPECT_FALSE(s->is_ready());
  std::thread t([s] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    s->set_ready();
  });
  s->wait();
  EXPECT_TRUE(s->is_ready());
  t.join();
}

TEST(AsyncState, ErrorIsRethrownByWaitNotByWaitFor) {
  auto s = std::make_shared<async_state>();
  s->set_error(std::make_exception_ptr(std::runtime_error("kernel failed")));
  EXPECT_TRUE(s->is_ready());
  EXPECT_TRUE(s->wait_for(std::chrono::nanoseconds(0)));
  EXPECT_THROW(s->wait(), std::runtime_error);
  EXPECT_THROW(s->wait(), std::runtime_error); // every time
  EXPECT_TRUE(s->error() != nullptr);
}

TEST(AsyncState, SecondCompletionIsIgnored) {
  auto s = std::make_shared<async_state>();
  s->set_ready();
  s->set_error(std::make_exception_ptr(std::runtime_error("late")));
  EXPECT_NO_THROW(s->wait());
}

TEST(AsyncState, WaitForTimesOut) {
  auto s = std::make_shared<async_state>();
  auto start = std::chrono::steady_clock::now();
  EXPECT_FALSE(s->wait_for(std::chrono::milliseconds(30)));
  EXPECT_GE(std::chrono::steady_clock::now() - start,
            std::chrono::milliseconds(29));
  s->set_ready();
  EXPECT_TRUE(s->wait_for(std::chrono::milliseconds(30)));
  // A "forever" timeout must not overflow the clock.
  EXPECT_TRUE(s->wait_for(std::chrono::nanoseconds::max()));
}

TEST(AsyncState, ThenAfterReadyRunsInline) {
  auto s = async_state::make_ready();
  std::thread::id where;
  s->then([&] { where = std::this_thread::get_id(); });
  EXPECT_EQ(where, std::this_thread::get_id());
}

TEST(AsyncState, ThenBeforeReadyRunsOnARuntimeThread) {
  auto s = std::make_shared<async_state>();
  std::atomic<bool> ran{false};
  std::thread::id where, completer;
  std::mutex m;
  s->then([&] {
    std::lock_guard<std::mutex> lock(m);
    where = std::this_thread::get_id();
    ran = true;
  });
  std::thread t([&] {
    completer = std::this_thread::get_id();
    s->set_ready();
  });
  t.join();
  ASSERT_TRUE(eventually(ran));
  std::lock_guard<std::mutex> lock(m);
  EXPECT_NE(where, completer);              // not the backend thread
  EXPECT_NE(where, std::this_thread::get_id());
}

TEST(AsyncState, CallbacksRunInRegistrationOrder) {
  auto s = std::make_shared<async_state>();
  std::mutex m;
  std::vector<int> order;
  std::atomic<bool> last{false};
  for (int i = 0; i < 10; ++i)
    s->then([&, i] {
      std::lock_guard<std::mutex> lock(m);
      order.push_back(i);
      if (i == 9)
        last = true;
    });
  s->set_ready();
  ASSERT_TRUE(eventually(last));
  std::lock_guard<std::mutex> lock(m);
  ASSERT_EQ(order.size(), 10u);
  for (int i = 0; i < 10; ++i)
    EXPECT_EQ(order[i], i);
}

TEST(AsyncState, ABlockingCallbackDoesNotStallOthers) {
  auto a = std::make_shared<async_state>();
  auto b = std::make_shared<async_state>();
  // Shared, not on this frame: should the blocked callback outlive the
  // bounded wait below, it still reads live memory.
  auto release = std::make_shared<std::atomic<bool>>(false);
  auto a_done = std::make_shared<std::atomic<bool>>(false);
  std::atomic<bool> b_ran{false};
  a->then([release, a_done] {
    eventually(*release);
    *a_done = true;
  });
  b->then([&] { b_ran = true; });
  a->set_ready();
  std::this_thread::sleep_for(std::chrono::milliseconds(10));
  b->set_ready();
  EXPECT_TRUE(eventually(b_ran));
  *release = true;
  // The blocked callback ends before the next test's callbacks run.
  EXPECT_TRUE(eventually(*a_done));
}

TEST(AsyncState, CallbackExceptionsDoNotKillTheProgram) {
  auto s = std::make_shared<async_state>();
  std::atomic<bool> second{false};
  s->then([] { throw std::runtime_error("callback failed"); });
  s->then([&] { second = true; });
  testing::internal::CaptureStderr();
  s->set_ready();
  EXPECT_TRUE(eventually(second));
  std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("callback failed"), std::string::npos);
}

TEST(AsyncState, ManyWaiters) {
  auto s = std::make_shared<async_state>();
  std::atomic<int> woke{0};
  std::vector<std::thread> waiters;
  for (int i = 0; i < 8; ++i)
    waiters.emplace_back([&] {
      s->wait();
      woke.fetch_add(1);
    });
  std::this_thread::sleep_for(std::chrono::milliseconds(10));
  s->set_ready();
  for (auto &t : waiters)
    t.join();
  EXPECT_EQ(woke.load(), 8);
}

namespace {
class event_state : public async_state {
public:
  std::atomic<int> backend_waits{0};

protected:
  void backend_wait() override {
    ++backend_waits;
    // A backend blocks in its own API here; the command then completes.
    set_ready();
  }
};
} // namespace

TEST(AsyncState, WaitAsksTheBackendFirst) {
  auto s = std::make_shared<event_state>();
  s->wait();
  EXPECT_EQ(s->backend_waits.load(), 1);
  s->wait(); // ready now: no second backend wait
  EXPECT_EQ(s->backend_waits.load(), 1);
}

TEST(AsyncState, TicksAndMarkers) {
  EXPECT_EQ(tick_frequency(), 1000000000ull);
  std::uint64_t a = current_tick();
  std::this_thread::sleep_for(std::chrono::milliseconds(2));
  std::uint64_t b = current_tick();
  EXPECT_GE(b - a, 2000000ull);
  auto s = async_state::make_ready();
  EXPECT_EQ(s->begin_tick(), 0u);
  s->set_ticks(5, 9);
  EXPECT_EQ(s->begin_tick(), 5u);
  EXPECT_EQ(s->end_tick(), 9u);
  EXPECT_FALSE(s->is_marker());
  s->set_marker(true);
  EXPECT_TRUE(s->is_marker());
}
