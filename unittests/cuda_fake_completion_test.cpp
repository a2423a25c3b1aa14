// The CUDA backend's completion of queued work over a fake driver
// (cuda_fake_driver.hpp): commands finish asynchronously through the
// completion thread or in a waiting thread, kernels and copies share end
// events recorded on demand, dependencies across queues and backends,
// kernel faults, and queues destroyed with work pending.
#include "cuda_fake_driver.hpp"
#include "test_env.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <string>
#include <thread>
#include <vector>

using namespace cuda_fake;
using hcc_test::contains;

// --- completion ------------------------------------------------------------------------

TEST_F(CudaFake, AsynchronousCompletion) {
  device &d = the_device();
  queue_ptr q = d.create_queue(execute_order::in_order, queue_priority::normal);
  set_gate(false);
  auto args = std::make_shared<args16>();
  std::weak_ptr<args16> watch = args;
  async_ptr s = q->launch(make_launch("fake_kernel_a", 10, std::move(args)), {});
  EXPECT_FALSE(s->is_ready());
  EXPECT_EQ(q->pending_count(), 1u);
  EXPECT_EQ(q->last_command(), s);
  std::atomic<bool> called{false};
  s->then([&] { called = true; });
  std::this_thread::sleep_for(20ms);
  EXPECT_FALSE(called.load());
  EXPECT_FALSE(watch.expired()); // the argument block lives until done
  EXPECT_FALSE(s->wait_for(1ms));
  set_gate(true);
  // The completion thread completes it without anyone waiting.
  EXPECT_TRUE(s->wait_for(5s));
  for (int i = 0; i < 500 && !called; ++i)
    std::this_thread::sleep_for(10ms);
  EXPECT_TRUE(called.load());
  EXPECT_TRUE(watch.expired());
  EXPECT_EQ(q->pending_count(), 0u);
}

TEST_F(CudaFake, KernelsShareLazilyRecordedEndEvents) {
  // Without HCC_PROFILE a kernel records no event of its own: the
  // completion thread records one for the kernels enqueued so far, and a
  // waiter records one on demand.
  if (profiling_requested())
    GTEST_SKIP() << "profiling records an end event per kernel";
  device &d = the_device();
  queue_ptr q = d.create_queue(execute_order::in_order, queue_priority::normal);
  set_gate(false);
  int before = F().event_records.load();
  std::vector<async_ptr> states;
  for (int i = 0; i < 50; ++i)
    states.push_back(q->launch(
        make_launch("fake_kernel_a", 10, std::make_shared<args16>()), {}));
  std::this_thread::sleep_for(20ms);
  // Gate closed: the thread recorded at most one event, for the first run.
  EXPECT_LE(F().event_records.load() - before, 1);
  for (auto &s : states)
    EXPECT_FALSE(s->is_ready());
  // Records an event covering it, on demand.
  wait_while_the_gate_opens(states[25]);
  EXPECT_TRUE(states[0]->is_ready());
  q->wait();
  for (auto &s : states)
    EXPECT_TRUE(s->is_ready());
  EXPECT_LE(F().event_records.load() - before, 4);
  EXPECT_EQ(q->pending_count(), 0u);
}

TEST_F(CudaFake, WaitingForTheNewestKernelQueriesTheStream) {
  if (profiling_requested())
    GTEST_SKIP() << "profiling records an end event per kernel";
  device &d = the_device();
  queue_ptr q = d.create_queue(execute_order::in_order, queue_priority::normal);
  async_ptr first = launch_behind_closed_gate(q);
  async_ptr newest = q->launch(
      make_launch("fake_kernel_a", 10, std::make_shared<args16>()), {});
  int queries = F().stream_queries.load();
  wait_while_the_gate_opens(newest);
  EXPECT_TRUE(newest->is_ready());
  EXPECT_TRUE(first->is_ready()); // before it on the stream
  EXPECT_GT(F().stream_queries.load(), queries);
  q->wait();
}

// Copies, like kernels, record no end event of their own (an event costs
// about as much as a small copy): waiting for the newest one queries the
// stream, and it completes the kernel before it too.
TEST_F(CudaFake, CopiesRecordNoEventOfTheirOwn) {
  if (profiling_requested())
    GTEST_SKIP() << "profiling records an end event per copy";
  device &d = the_device();
  queue_ptr q = d.create_queue(execute_order::in_order, queue_priority::normal);
  async_ptr kernel = launch_behind_closed_gate(q);
  int in[16] = {1, 2, 3}, out[16] = {};
  void *a = d.allocate(sizeof in);
  int records = F().event_records.load();
  async_ptr copy = q->copy(a, in, sizeof in, copy_direction::host_to_device, {});
  EXPECT_EQ(F().event_records.load(), records);
  int queries = F().stream_queries.load();
  wait_while_the_gate_opens(copy);
  EXPECT_TRUE(kernel->is_ready());
  EXPECT_GT(F().stream_queries.load(), queries);
  q->copy(out, a, sizeof in, copy_direction::device_to_host, {})->wait();
  EXPECT_EQ(out[2], 3);
  q->wait();
  d.deallocate(a);
}

TEST_F(CudaFake, FinishedEventDoesNotFinishLaterKernels) {
  // A kernel enqueued after a command with an event (here a marker) has
  // not finished when that event has. The completion code once completed
  // it anyway: completion_future::wait() returned while the kernel still
  // ran (wrong sums in the parallel reduce, which read pinned memory the
  // kernel wrote; fixed in 012d43b).
  if (profiling_requested())
    GTEST_SKIP() << "profiling records an end event per kernel";
  device &d = the_device();
  queue_ptr q = d.create_queue(execute_order::in_order, queue_priority::normal);
  finish_kernels(0);
  async_ptr first = q->launch(
      make_launch("fake_kernel_a", 10, std::make_shared<args16>()), {});
  async_ptr marker = q->marker({}, memory_scope::system);
  async_ptr second = q->launch(
      make_launch("fake_kernel_a", 10, std::make_shared<args16>()), {});
  finish_kernels(1);
  marker->wait();
  EXPECT_TRUE(first->is_ready());
  std::this_thread::sleep_for(50ms); // the completion thread's turn too
  EXPECT_FALSE(second->is_ready());
  EXPECT_FALSE(second->wait_for(1ms));
  finish_kernels(2);
  EXPECT_TRUE(second->wait_for(5s));
  q->wait();
}

TEST_F(CudaFake, WaitCompletesInTheWaitingThread) {
  device &d = the_device();
  queue_ptr q = d.create_queue(execute_order::in_order, queue_priority::normal);
  set_gate(false);
  auto args = std::make_shared<args16>();
  async_ptr s1 = q->launch(make_launch("fake_kernel_a", 10, args), {});
  async_ptr s2 = q->marker({}, memory_scope::system);
  EXPECT_TRUE(s2->is_marker());
  std::thread opener([] {
    std::this_thread::sleep_for(30ms);
    set_gate(true);
  });
  s2->wait();
  EXPECT_TRUE(s1->is_ready()); // in order
  opener.join();
  q->wait();
}

TEST_F(CudaFake, KernelFaultBecomesAnError) {
  device &d = the_device();
  queue_ptr q = d.create_queue(execute_order::in_order, queue_priority::normal);
  set_event_result(CUDA_ERROR_ILLEGAL_ADDRESS);
  auto args = std::make_shared<args16>();
  async_ptr s = q->launch(make_launch("fake_kernel_a", 10, args), {});
  try {
    s->wait();
    FAIL() << "no exception";
  } catch (const Kalmar::runtime_exception &e) {
    std::string m = e.what();
    EXPECT_TRUE(contains(m, "CUDA_ERROR_ILLEGAL_ADDRESS (700)")) << m;
    EXPECT_TRUE(contains(m, "kernel fake_kernel_a")) << m;
  }
  EXPECT_THROW(q->wait(), Kalmar::runtime_exception);
  set_event_result(CUDA_SUCCESS);
  EXPECT_NO_THROW(q->wait()); // reported once
}

TEST_F(CudaFake, DependenciesAcrossQueuesAndBackends) {
  device &d = the_device();
  queue_ptr q1 = d.create_queue(execute_order::in_order, queue_priority::normal);
  queue_ptr q2 = d.create_queue(execute_order::in_order, queue_priority::normal);
  auto args = std::make_shared<args16>();
  set_gate(false);
  async_ptr a = q1->launch(make_launch("fake_kernel_a", 10, args), {});
  // Another CUDA queue: the stream waits for the event, the host does not.
  async_ptr b = q2->launch(make_launch("fake_kernel_a", 10, args), {a});
  ASSERT_EQ(F().stream_waits.size(), 1u);
  EXPECT_EQ(F().stream_waits[0].second,
            static_cast<cuda_state *>(a.get())->end_event());
  // The same queue: ordered by the stream.
  q1->launch(make_launch("fake_kernel_a", 10, args), {a});
  EXPECT_EQ(F().stream_waits.size(), 1u);
  set_gate(true);
  b->wait();

  // A command of another backend: waited for on the host first.
  auto host = std::make_shared<async_state>();
  std::atomic<bool> released{false};
  std::thread other([&] {
    std::this_thread::sleep_for(30ms);
    released = true;
    host->set_ready();
  });
  async_ptr c = q2->launch(make_launch("fake_kernel_a", 10, args), {host});
  EXPECT_TRUE(released.load());
  c->wait();
  other.join();
}

TEST_F(CudaFake, FinishedCommandImpliesFinishedDependencies) {
  // create_blocking_marker semantics: once a command that waited (on the
  // GPU) for commands of other queues is ready, they are ready too, even if
  // their own queue's completion thread has not got to them yet.
  device &d = the_device();
  queue_ptr q1 = d.create_queue(execute_order::in_order, queue_priority::normal);
  queue_ptr q2 = d.create_queue(execute_order::in_order, queue_priority::normal);
  queue_ptr q3 = d.create_queue(execute_order::in_order, queue_priority::normal);
  auto args = std::make_shared<args16>();
  async_ptr last_a;
  for (int round = 0; round < 50; ++round) {
    set_gate(false);
    async_ptr a = q1->launch(make_launch("fake_kernel_a", 10, args), {});
    async_ptr b = q2->launch(make_launch("fake_kernel_a", 10, args), {a});
    async_ptr m = q3->marker({a, b}, memory_scope::system);
    set_gate(true);
    m->wait();
    EXPECT_TRUE(a->is_ready());
    EXPECT_TRUE(b->is_ready());
    last_a = a;
  }
  q1->wait();
  q2->wait();
  // Its profiling ticks come from its own queue's completion thread.
  EXPECT_GE(last_a->end_tick(), last_a->begin_tick());
  EXPECT_NE(last_a->end_tick(), 0u);
  EXPECT_EQ(q1->pending_count(), 0u);
  EXPECT_EQ(q2->pending_count(), 0u);
}

TEST_F(CudaFake, QueueDestroyedWithPendingWork) {
  device &d = the_device();
  queue_ptr q = d.create_queue(execute_order::any_order, queue_priority::normal);
  EXPECT_EQ(q->order(), execute_order::any_order);
  EXPECT_EQ(&q->get_device(), &d);
  set_gate(false);
  auto args = std::make_shared<args16>();
  std::weak_ptr<args16> watch = args;
  async_ptr s = q->launch(make_launch("fake_kernel_a", 10, std::move(args)), {});
  q.reset(); // does not block
  EXPECT_EQ(F().streams_destroyed, 1);
  set_gate(true);
  EXPECT_TRUE(s->wait_for(5s));
  for (int i = 0; i < 500 && !watch.expired(); ++i)
    std::this_thread::sleep_for(10ms);
  EXPECT_TRUE(watch.expired());
}

TEST_F(CudaFake, DefaultQueueIsShared) {
  device &d = the_device();
  EXPECT_EQ(d.default_queue(), d.default_queue());
  EXPECT_NE(d.create_queue(execute_order::in_order, queue_priority::normal), d.default_queue());
  EXPECT_EQ(d.default_queue()->last_command()->is_ready(), true);
}
