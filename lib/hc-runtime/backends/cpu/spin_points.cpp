#include "backends/cpu/spin_points.hpp"

#include "backends/cpu/tile_runner.hpp"
#include "hc/detail/workitem_context.hpp"

#include <algorithm>
#include <chrono>
#include <system_error>

namespace hc {
namespace detail {
namespace rt {
namespace cpu {

namespace {

thread_local flat_launch *current_flat = nullptr;

// Sets the calling thread's launch for a scope.
class current_flat_scope {
public:
  explicit current_flat_scope(flat_launch *l) : previous_(current_flat) {
    current_flat = l;
  }
  ~current_flat_scope() { current_flat = previous_; }

private:
  flat_launch *previous_;
};

using clock = std::chrono::steady_clock;
constexpr clock::duration spin_slice = std::chrono::milliseconds(1);

// What the calling thread knows of the work-item at its last slow call.
struct spin_record {
  const workitem_context *item = nullptr;
  std::size_t linear = 0;
  clock::time_point since, last;
  bool waiting = false; // spun for a slice already
};
thread_local spin_record spinning;

} // namespace

flat_launch *flat_launch::current() { return current_flat; }

void flat_launch::run_range(std::size_t begin, std::size_t end) {
  try {
    run_(kernel_, begin, end);
  } catch (...) {
    failed_.store(true, std::memory_order_relaxed);
    throw;
  }
}

void flat_launch::drain() {
  current_flat_scope scope(this);
  for (;;) {
    if (failed_.load(std::memory_order_relaxed))
      return;
    std::size_t chunk = next_chunk_.fetch_add(1, std::memory_order_relaxed);
    if (chunk >= chunks_)
      return;
    std::size_t begin = chunk * per_chunk_;
    run_range(begin, std::min(total_, begin + per_chunk_));
  }
}

bool flat_launch::hand_over(std::size_t begin, std::size_t end) {
  if (begin >= end && next_chunk_.load(std::memory_order_relaxed) >= chunks_)
    return false;
  std::lock_guard<std::mutex> hold(mutex_);
  try {
    helpers_.emplace_back([this, begin, end] {
      try {
        current_flat_scope scope(this);
        if (begin < end)
          run_range(begin, end);
        drain();
      } catch (...) {
        std::lock_guard<std::mutex> hold(mutex_);
        if (!helper_error_)
          helper_error_ = std::current_exception();
      }
    });
  } catch (const std::system_error &) {
    return false; // no thread: the work stays where it is
  }
  return true;
}

void flat_launch::join_helpers() noexcept {
  // Helpers may hand over further while older ones are joined.
  for (;;) {
    std::vector<std::thread> batch;
    {
      std::lock_guard<std::mutex> hold(mutex_);
      batch.swap(helpers_);
    }
    if (batch.empty())
      return;
    for (std::thread &t : batch)
      t.join();
  }
}

void flat_launch::finish() {
  join_helpers();
  std::lock_guard<std::mutex> hold(mutex_);
  if (helper_error_)
    std::rethrow_exception(helper_error_);
}

} // namespace cpu
} // namespace rt

void cpu_spin_point(workitem_context *self) {
  using namespace rt::cpu;
  spin_record &r = spinning;
  const clock::time_point now = clock::now();
  // A new work-item, or one that was not spinning (slow calls of a spin
  // come microseconds apart; the same frame may hold a later launch's).
  if (r.item != self || r.linear != self->linear || now - r.last > spin_slice) {
    r = spin_record{self, self->linear, now, now, false};
    return;
  }
  r.last = now;
  if (!r.waiting && now - r.since < spin_slice)
    return;
  const bool first_slice = !r.waiting;
  r.waiting = true;
  if (self->launch.tiled) {
    tile_runner::yield();
    return;
  }
  // Non-tiled, once per work-item: the work-items after this one, and the
  // chunks nobody has claimed yet, go to a thread of their own (which hands
  // over in turn if one of its work-items waits).
  flat_launch *launch = flat_launch::current();
  if (!first_slice || !launch)
    return;
  const std::size_t next = self->linear + 1, end = self->end;
  const bool rest = next < end;
  if (rest)
    self->end = next;
  if (!launch->hand_over(rest ? next : end, end) && rest)
    self->end = end;
}

} // namespace detail
} // namespace hc
