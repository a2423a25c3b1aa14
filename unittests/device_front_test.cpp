// The device and queue fronts of runtime.hpp (core/device_front.cpp,
// core/queue_front.cpp) over a recording backend: the rules every backend
// gets from them rather than writing its own.
#include "core/device_impl.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>
#include <vector>

using namespace hc::detail;
using hc::detail::rt::device_impl;
using hc::detail::rt::queue_impl;

namespace {

// A command of the recording backend (the only kind its queue orders after
// itself).
class recorded_state final : public async_state {};

class recording_queue final : public queue_impl {
public:
  explicit recording_queue(device_impl &dev)
      : queue_impl(dev, execute_order::in_order, queue_priority::high) {}

  bool orders_after_impl(const async_state &dep) const override {
    return dynamic_cast<const recorded_state *>(&dep) != nullptr;
  }
  async_ptr launch_impl(const kernel_launch &,
                        const std::vector<async_ptr> &deps) override {
    return record(deps);
  }
  async_ptr copy_impl(void *, const void *, std::size_t, copy_direction,
                      const std::vector<async_ptr> &deps) override {
    return record(deps);
  }
  async_ptr marker_impl(const std::vector<async_ptr> &deps,
                        memory_scope) override {
    ++markers;
    return record(deps);
  }
  void wait_impl() override {}
  std::size_t pending_count_impl() const override { return pending; }
  async_ptr last_command_impl() const override { return nullptr; }

  // What the last command got, and whether every dependency of another
  // backend had finished by then.
  std::vector<async_ptr> seen;
  bool foreign_done_at_submit = true;
  std::vector<async_ptr> foreign;
  std::size_t pending = 0;
  int commands = 0, markers = 0;

private:
  async_ptr record(const std::vector<async_ptr> &deps) {
    ++commands;
    seen = deps;
    for (const async_ptr &f : foreign)
      foreign_done_at_submit = foreign_done_at_submit && f->is_ready();
    return std::make_shared<recorded_state>();
  }
};

class recording_device final : public device_impl {
public:
  recording_device() : device_impl({}) { info_.device_path = L"rec:0"; }
  std::shared_ptr<queue> create_queue_impl(execute_order,
                                           queue_priority) override {
    ++queues_made;
    return std::make_shared<recording_queue>(*this);
  }
  void *allocate_impl(std::size_t) override { return nullptr; }
  void deallocate_impl(void *) noexcept override {}
  int queues_made = 0;
};

// A command of "another backend" that finishes on a thread of its own after
// `delay`, with an error when `fails`.
async_ptr foreign_command(std::chrono::milliseconds delay, bool fails,
                          std::thread &finisher) {
  auto state = std::make_shared<async_state>();
  finisher = std::thread([state, delay, fails] {
    std::this_thread::sleep_for(delay);
    if (fails)
      state->set_error(std::make_exception_ptr(std::runtime_error("boom")));
    else
      state->set_ready();
  });
  return state;
}

} // namespace

TEST(DeviceFront, DefaultQueueIsMadeOnceAndReportsTheQueue) {
  recording_device dev;
  std::shared_ptr<queue> q = dev.default_queue();
  EXPECT_EQ(dev.default_queue(), q);
  EXPECT_EQ(dev.queues_made, 1);
  EXPECT_EQ(&q->get_device(), &dev);
  EXPECT_EQ(q->order(), execute_order::in_order);
  EXPECT_EQ(q->priority(), queue_priority::high);
  EXPECT_EQ(dev.info().device_path, L"rec:0");
  // No interop objects, no peers, not even itself.
  EXPECT_EQ(dev.native_handle(native_object::agent), nullptr);
  EXPECT_FALSE(dev.is_peer(dev));
}

TEST(QueueFront, CommandsOfAnotherBackendAreWaitedForBeforeSubmission) {
  recording_device dev;
  auto q = std::static_pointer_cast<recording_queue>(dev.create_queue(
      execute_order::in_order, queue_priority::normal));
  std::thread finisher;
  async_ptr other = foreign_command(std::chrono::milliseconds(50),
                                    /*fails=*/true, finisher);
  auto own = std::make_shared<recorded_state>();
  q->foreign = {other};
  // The other backend's error stays with its own command.
  EXPECT_NO_THROW(q->launch(kernel_launch{}, {other, own, nullptr}));
  finisher.join();
  EXPECT_TRUE(q->foreign_done_at_submit);
  ASSERT_EQ(q->seen.size(), 1u); // only what the backend orders itself
  EXPECT_EQ(q->seen[0], own);
  EXPECT_THROW(other->wait(), std::runtime_error);
}

TEST(QueueFront, FinishedDependenciesAreDropped) {
  recording_device dev;
  auto q = std::static_pointer_cast<recording_queue>(dev.create_queue(
      execute_order::in_order, queue_priority::normal));
  auto done = std::make_shared<recorded_state>();
  done->set_ready();
  auto pending = std::make_shared<recorded_state>();
  q->marker({done, pending}, memory_scope::none);
  ASSERT_EQ(q->seen.size(), 1u);
  EXPECT_EQ(q->seen[0], pending);
}

TEST(QueueFront, CopiesOfNothingOnlyOrder) {
  recording_device dev;
  auto q = std::static_pointer_cast<recording_queue>(dev.create_queue(
      execute_order::in_order, queue_priority::normal));
  // Nothing pending: ready at once, the backend not asked.
  async_ptr s = q->copy(nullptr, nullptr, 0, copy_direction::host_to_device,
                        {});
  EXPECT_TRUE(s->is_ready());
  EXPECT_EQ(q->commands, 0);
  // Commands pending: a marker after them.
  q->pending = 1;
  auto pending = std::make_shared<recorded_state>();
  q->copy(nullptr, nullptr, 0, copy_direction::host_to_device, {pending});
  EXPECT_EQ(q->markers, 1);
  ASSERT_EQ(q->seen.size(), 1u);
  EXPECT_EQ(q->seen[0], pending);
}

TEST(QueueFront, LastCommandIsReadyWhenNothingWasEnqueued) {
  recording_device dev;
  std::shared_ptr<queue> q = dev.default_queue();
  async_ptr last = q->last_command();
  ASSERT_NE(last, nullptr);
  EXPECT_TRUE(last->is_ready());
}

TEST(QueueFront, TheArgumentBlockLivesUntilTheKernelFinished) {
  recording_device dev;
  std::shared_ptr<queue> q = dev.default_queue();
  auto block = std::make_shared<int>(7);
  std::weak_ptr<int> watch = block;
  kernel_launch k;
  k.args_owner = std::move(block);
  async_ptr s = q->launch(k, {});
  k.args_owner.reset();
  EXPECT_FALSE(watch.expired()); // the backend kept nothing
  s->set_ready();
  EXPECT_TRUE(watch.expired()); // released before anyone saw it finished
}
