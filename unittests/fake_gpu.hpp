// A test-only device whose memory is NOT host memory (is_host_memory is
// false), so storage must copy data to it and back as it would for a GPU.
// Its memory is host memory in disguise; its queue runs every command on
// a thread of its own (asynchronously, in order) and counts the copies, so
// the tests can check when the coherence protocol copies and when not.
#ifndef HCC_UNITTESTS_FAKE_GPU_HPP
#define HCC_UNITTESTS_FAKE_GPU_HPP

#include "core/device_impl.hpp"

#include <atomic>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>

namespace hcc_test {

using namespace hc::detail;
using hc::detail::rt::device_impl;
using hc::detail::rt::queue_impl;

class fake_gpu_queue;

class fake_gpu_device final : public device_impl {
public:
  explicit fake_gpu_device(const wchar_t *path = L"fake:0") : device_impl({}) {
    info_.description = L"fake GPU";
    info_.device_path = path;
    info_.backend = "cuda";
    info_.max_tile_static_bytes = 64 * 1024;
  }
  std::shared_ptr<queue> create_queue_impl(execute_order,
                                           queue_priority) override;
  void *allocate_impl(std::size_t bytes) override {
    ++allocations;
    return std::malloc(bytes ? bytes : 1);
  }
  void deallocate_impl(void *p) noexcept override {
    ++deallocations;
    std::free(p);
  }

  std::atomic<int> allocations{0}, deallocations{0};
  std::atomic<int> host_to_device{0}, device_to_host{0}, device_to_device{0};
  std::atomic<int> peer{0}; // copies from another fake GPU into this one
};

class fake_gpu_queue final : public queue_impl {
public:
  explicit fake_gpu_queue(fake_gpu_device &d)
      : queue_impl(d, execute_order::in_order, queue_priority::normal), dev_(d),
        thread_([this] { loop(); }) {}
  ~fake_gpu_queue() override {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
    }
    cv_.notify_all();
    thread_.join();
  }
  // The queue's thread waits for any command.
  bool orders_after_impl(const async_state &) const override { return true; }

  async_ptr launch_impl(const kernel_launch &k,
                        const std::vector<async_ptr> &deps) override {
    return push(deps, [k] {
      std::size_t n = k.geometry.total();
      if (n)
        k.cpu_range(k.args, 0, n);
    });
  }
  async_ptr copy_impl(void *dst, const void *src, std::size_t bytes,
                      copy_direction dir,
                      const std::vector<async_ptr> &deps) override {
    switch (dir) {
    case copy_direction::host_to_device:
      ++dev_.host_to_device;
      break;
    case copy_direction::device_to_host:
      ++dev_.device_to_host;
      break;
    case copy_direction::device_to_device:
      ++dev_.device_to_device;
      break;
    default:
      break;
    }
    return push(deps, [=] { std::memcpy(dst, src, bytes); });
  }
  async_ptr copy_from_peer_impl(void *dst, device &from, const void *src,
                                std::size_t bytes,
                                const std::vector<async_ptr> &deps) override {
    if (!dynamic_cast<fake_gpu_device *>(&rt::impl(from)))
      return nullptr;
    ++dev_.peer;
    return push(deps, [=] { std::memcpy(dst, src, bytes); });
  }
  async_ptr marker_impl(const std::vector<async_ptr> &deps,
                        memory_scope) override {
    return push(deps, [] {});
  }
  void wait_impl() override { last_command()->wait(); }
  std::size_t pending_count_impl() const override { return pending_; }
  async_ptr last_command_impl() const override {
    std::lock_guard<std::mutex> lock(mutex_);
    return last_;
  }

private:
  struct cmd {
    std::vector<async_ptr> deps;
    std::function<void()> body;
    async_ptr state;
  };
  async_ptr push(const std::vector<async_ptr> &deps, std::function<void()> f) {
    auto state = std::make_shared<async_state>();
    {
      std::lock_guard<std::mutex> lock(mutex_);
      commands_.push_back(cmd{deps, std::move(f), state});
      last_ = state;
      ++pending_;
    }
    cv_.notify_all();
    return state;
  }
  void loop() {
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      cv_.wait(lock, [this] { return stop_ || !commands_.empty(); });
      if (commands_.empty())
        return;
      cmd c = std::move(commands_.front());
      commands_.pop_front();
      lock.unlock();
      for (auto &d : c.deps)
        try {
          d->wait();
        } catch (...) {
        }
      c.body();
      --pending_;
      c.state->set_ready();
      lock.lock();
    }
  }

  fake_gpu_device &dev_;
  mutable std::mutex mutex_;
  std::condition_variable cv_;
  std::deque<cmd> commands_;
  async_ptr last_;
  std::atomic<std::size_t> pending_{0};
  bool stop_ = false;
  std::thread thread_;
};

inline std::shared_ptr<queue>
fake_gpu_device::create_queue_impl(execute_order, queue_priority) {
  return std::make_shared<fake_gpu_queue>(*this);
}

} // namespace hcc_test

#endif
