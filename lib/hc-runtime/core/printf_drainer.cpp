#include "core/printf_drainer.hpp"

#include "core/environment.hpp"

#include <algorithm>
#include <cstdlib>
#include <string>

namespace hc {
namespace detail {
namespace rt {

namespace {

constexpr std::chrono::milliseconds drain_period(1);

// Every drainer with a thread, for the one exit handler that stops them.
// Leaked on purpose, like the drainers.
struct running_drainers {
  std::mutex mutex;
  std::vector<printf_drainer *> all;
};
running_drainers &running() {
  static running_drainers *r = new running_drainers;
  return *r;
}

} // namespace

std::size_t printf_buffer_bytes() {
  return env_integer(settings::printf_buffer_size);
}

void printf_drainer::add(printf_ring *ring) {
  std::lock_guard<std::mutex> lock(mutex_);
  rings_.push_back(ring);
  if (thread_.joinable())
    return;
  thread_ = std::thread([this] { run(); });
  running_drainers &r = running();
  std::lock_guard<std::mutex> listed(r.mutex);
  if (r.all.empty())
    std::atexit(stop_every_drainer);
  r.all.push_back(this);
}

void printf_drainer::remove(printf_ring *ring) {
  std::lock_guard<std::mutex> lock(mutex_);
  rings_.erase(std::remove(rings_.begin(), rings_.end(), ring), rings_.end());
}

void printf_drainer::drain_all(std::chrono::nanoseconds patience) {
  // Under mutex_ (see remove()). A drain with patience waits at most that
  // long for a writer; add() and remove() wait as long.
  std::lock_guard<std::mutex> lock(mutex_);
  for (printf_ring *ring : rings_)
    if (ring->has_work())
      ring->drain(patience);
}

void printf_drainer::run() {
  std::unique_lock<std::mutex> lock(stop_mutex_);
  while (!stopping_) {
    lock.unlock();
    drain_all(std::chrono::nanoseconds(0));
    lock.lock();
    stop_cv_.wait_for(lock, drain_period, [this] { return stopping_; });
  }
}

// At exit, before the drivers unload: stop the threads, print what is left.
void printf_drainer::stop_every_drainer() {
  std::vector<printf_drainer *> all;
  {
    running_drainers &r = running();
    std::lock_guard<std::mutex> lock(r.mutex);
    all = r.all;
  }
  for (printf_drainer *d : all) {
    {
      std::lock_guard<std::mutex> lock(d->stop_mutex_);
      d->stopping_ = true;
    }
    d->stop_cv_.notify_all();
    if (d->thread_.joinable())
      d->thread_.join();
    d->drain_all(std::chrono::nanoseconds(0));
  }
}

} // namespace rt
} // namespace detail
} // namespace hc
