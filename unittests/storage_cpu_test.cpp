// Storage and launch_scope on the CPU device, where the device memory is
// the host memory: no copies, only dependency tracking.
#include "test_kernels.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <numeric>
#include <vector>

using namespace hc::detail;
using namespace hcc_test;

namespace {

struct storage_ref {
  storage *s;
  explicit storage_ref(storage *p) : s(p) {}
  ~storage_ref() { s->release(); }
  storage *operator->() const { return s; }
};

queue_ptr new_cpu_queue() {
  return cpu_device().create_queue(execute_order::in_order, queue_priority::normal);
}

// Launches f(i) over n work-items on q, with `s` bound in `mode`; returns
// the launch and, through `ptr`, the pointer the kernel was given.
template <class F>
async_ptr launch_with(const queue_ptr &q, storage *s, access_mode mode,
                      std::size_t n, F f, void **ptr = nullptr) {
  launch_scope scope(q);
  void *p = launch_scope::current()->bind(s, mode);
  if (ptr)
    *ptr = p;
  return scope.submit(flat_kernel(n, [f, p](std::size_t i) { f(p, i); }));
}

} // namespace

TEST(StorageCpu, HostViewIsReadyForTheHost) {
  std::vector<int> data(100, 1);
  storage_ref s(storage::create_for_host(data.data(), data.size() * 4));
  EXPECT_EQ(s->size(), 400u);
  EXPECT_TRUE(s->host_ready(access_mode::read));
  EXPECT_TRUE(s->host_ready(access_mode::read_write));
  EXPECT_EQ(s->host_access(access_mode::read_write), data.data());
  EXPECT_EQ(s->home_pointer(), data.data());
  EXPECT_EQ(s->home_queue(), nullptr);
}

TEST(StorageCpu, KernelUsesTheUserPointerDirectly) {
  std::vector<int> data(1000, 0);
  storage_ref s(storage::create_for_host(data.data(), data.size() * 4));
  void *bound = nullptr;
  auto op = launch_with(
      cpu_device().default_queue(), s.s, access_mode::read_write, data.size(),
      [](void *p, std::size_t i) { static_cast<int *>(p)[i] = int(i); },
      &bound);
  EXPECT_EQ(bound, data.data());
  // A pending writer: the host must ask first.
  int *host = static_cast<int *>(s->host_access(access_mode::read));
  EXPECT_TRUE(op->is_ready());
  EXPECT_EQ(host, data.data());
  for (int i = 0; i < 1000; ++i)
    ASSERT_EQ(data[i], i);
  EXPECT_TRUE(s->host_ready(access_mode::read_write));
}

TEST(StorageCpu, BindingClearsHostFlags) {
  std::vector<int> data(16, 0);
  storage_ref s(storage::create_for_host(data.data(), 64));
  auto q = new_cpu_queue();
  std::atomic<bool> go{false};
  auto op = launch_with(q, s.s, access_mode::read, 16,
                        [&go](void *, std::size_t) {
                          while (!go.load())
                            std::this_thread::yield();
                        });
  // A pending reader: the host may read but not write without a call.
  EXPECT_TRUE(s->host_ready(access_mode::read));
  EXPECT_FALSE(s->host_ready(access_mode::write));
  EXPECT_FALSE(op->is_ready());
  go = true;
  s->host_access(access_mode::write); // waits for the reader
  EXPECT_TRUE(op->is_ready());
  EXPECT_TRUE(s->host_ready(access_mode::read_write));

  go = false;
  auto w = launch_with(q, s.s, access_mode::write, 16,
                       [&go](void *p, std::size_t i) {
                         while (!go.load())
                           std::this_thread::yield();
                         static_cast<int *>(p)[i] = 7;
                       });
  EXPECT_FALSE(s->host_ready(access_mode::read));
  go = true;
  s->synchronize();
  EXPECT_TRUE(w->is_ready());
  EXPECT_EQ(data[3], 7);
}

TEST(StorageCpu, ReaderOnAnotherQueueSeesTheWriter) {
  // Kernel A writes slowly on q1; kernel B on q2 copies the data: B must
  // wait for A although the queues are independent.
  const std::size_t n = 4096;
  std::vector<int> a(n, 0), b(n, -1);
  storage_ref sa(storage::create_for_host(a.data(), n * 4));
  storage_ref sb(storage::create_for_host(b.data(), n * 4));
  auto q1 = new_cpu_queue(), q2 = new_cpu_queue();
  auto op_a = launch_with(q1, sa.s, access_mode::write, n,
                          [](void *p, std::size_t i) {
                            if (i == 0)
                              sleep_ms(50);
                            static_cast<int *>(p)[i] = int(i) + 1;
                          });
  async_ptr op_b;
  {
    launch_scope scope(q2);
    const int *src = static_cast<const int *>(
        launch_scope::current()->bind(sa.s, access_mode::read));
    int *dst = static_cast<int *>(
        launch_scope::current()->bind(sb.s, access_mode::write));
    op_b = scope.submit(
        flat_kernel(n, [src, dst](std::size_t i) { dst[i] = src[i]; }));
  }
  sb->synchronize();
  EXPECT_TRUE(op_a->is_ready());
  for (std::size_t i = 0; i < n; ++i)
    ASSERT_EQ(b[i], int(i) + 1) << i;
}

TEST(StorageCpu, WriterOnAnotherQueueWaitsForReaders) {
  std::vector<int> data(8, 5);
  storage_ref s(storage::create_for_host(data.data(), 32));
  auto q1 = new_cpu_queue(), q2 = new_cpu_queue();
  std::atomic<int> seen_by_reader{0};
  launch_with(q1, s.s, access_mode::read, 1,
              [&seen_by_reader](void *p, std::size_t) {
                sleep_ms(50);
                seen_by_reader = static_cast<int *>(p)[0];
              });
  auto w = launch_with(q2, s.s, access_mode::write, 8,
                       [](void *p, std::size_t i) { static_cast<int *>(p)[i] = 9; });
  w->wait();
  EXPECT_EQ(seen_by_reader.load(), 5); // the reader ran before the writer
  s->host_access(access_mode::read);
  EXPECT_EQ(data[0], 9);
}

TEST(StorageCpu, ArrayOnTheCpuIsHostMemory) {
  auto q = new_cpu_queue();
  storage_ref s(storage::create_on(q, 256));
  EXPECT_EQ(s->home_queue(), q);
  ASSERT_NE(s->home_pointer(), nullptr);
  EXPECT_TRUE(s->host_ready(access_mode::read_write));
  EXPECT_EQ(s->host_access(access_mode::read), s->home_pointer());
  void *bound = nullptr;
  launch_with(q, s.s, access_mode::write, 64,
              [](void *p, std::size_t i) { static_cast<int *>(p)[i] = int(i); },
              &bound);
  EXPECT_EQ(bound, s->home_pointer());
  std::vector<int> out(64);
  s->read_to_host(0, out.data(), 256);
  for (int i = 0; i < 64; ++i)
    ASSERT_EQ(out[i], i);
}

TEST(StorageCpu, WriteAndReadRanges) {
  storage_ref s(storage::create_on(cpu_device().default_queue(), 40));
  std::vector<int> in(10);
  std::iota(in.begin(), in.end(), 100);
  s->write_from_host(0, in.data(), 40);
  int two[2] = {-1, -2};
  s->write_from_host(12, two, 8);
  std::vector<int> out(10);
  s->read_to_host(0, out.data(), 40);
  EXPECT_EQ(out[2], 102);
  EXPECT_EQ(out[3], -1);
  EXPECT_EQ(out[4], -2);
  EXPECT_EQ(out[5], 105);
  EXPECT_THROW(s->write_from_host(36, two, 8), Kalmar::runtime_exception);
  EXPECT_THROW(s->read_to_host(41, out.data(), 0), Kalmar::runtime_exception);
}

TEST(StorageCpu, CopyBetweenStoragesIsOrdered) {
  const std::size_t n = 1000;
  auto q = new_cpu_queue();
  std::vector<int> src(n), dst(n, 0);
  storage_ref a(storage::create_on(q, n * 4));
  storage_ref b(storage::create_for_host(dst.data(), n * 4));
  launch_with(q, a.s, access_mode::write, n, [](void *p, std::size_t i) {
    if (i == 0)
      sleep_ms(30);
    static_cast<int *>(p)[i] = int(i * 3);
  });
  async_ptr op = storage::copy(*a.s, 0, *b.s, 0, n * 4);
  b->host_access(access_mode::read);
  EXPECT_TRUE(op->is_ready());
  for (std::size_t i = 0; i < n; ++i)
    ASSERT_EQ(dst[i], int(i * 3));
  // Partial copy with offsets.
  storage::copy(*a.s, 4, *b.s, 8, 8)->wait();
  b->host_access(access_mode::read);
  EXPECT_EQ(dst[2], 3);
  EXPECT_EQ(dst[3], 6);
  EXPECT_THROW(storage::copy(*a.s, 0, *b.s, 4, n * 4), Kalmar::runtime_exception);
}

TEST(StorageCpu, DiscardThenUse) {
  std::vector<int> data(4, 1);
  storage_ref s(storage::create_for_host(data.data(), 16));
  s->discard();
  EXPECT_FALSE(s->host_ready(access_mode::read));
  EXPECT_EQ(s->host_access(access_mode::write), data.data());
  EXPECT_TRUE(s->host_ready(access_mode::read_write));
  s->refresh();
  EXPECT_TRUE(s->host_ready(access_mode::read_write));
}

TEST(StorageCpu, ReleaseWhileAKernelStillRuns) {
  // The last reference goes while a kernel still uses the memory: freeing
  // must wait for the kernel (no crash, the kernel finishes normally).
  auto q = new_cpu_queue();
  storage *s = storage::create_on(q, 4096);
  std::atomic<bool> go{false};
  auto op = launch_with(q, s, access_mode::write, 1024,
                        [&go](void *p, std::size_t i) {
                          while (!go.load())
                            std::this_thread::yield();
                          static_cast<int *>(p)[i] = 1;
                        });
  s->release();
  go = true;
  op->wait();
  q->wait();
}

TEST(StorageCpu, SynchronizeAsyncCompletesAfterTheWriter) {
  std::vector<int> data(4, 0);
  storage_ref s(storage::create_for_host(data.data(), 16));
  auto w = launch_with(cpu_device().default_queue(), s.s, access_mode::write,
                       4, [](void *p, std::size_t i) {
                         sleep_ms(10);
                         static_cast<int *>(p)[i] = 3;
                       });
  async_ptr sync = s->synchronize_async();
  sync->wait();
  EXPECT_TRUE(w->is_ready());
  EXPECT_EQ(data[0], 3);
  s->wait_idle();
  EXPECT_TRUE(s->synchronize_async()->is_ready());
}

TEST(LaunchScope, SameStorageBoundTwiceMergesModes) {
  std::vector<int> data(8, 0);
  storage_ref s(storage::create_for_host(data.data(), 32));
  auto q = new_cpu_queue();
  launch_scope scope(q);
  EXPECT_EQ(launch_scope::current(), &scope);
  void *p1 = scope.bind(s.s, access_mode::read);
  EXPECT_TRUE(s->host_ready(access_mode::read));
  void *p2 = scope.bind(s.s, access_mode::write);
  EXPECT_EQ(p1, p2);
  EXPECT_FALSE(s->host_ready(access_mode::read)); // now a writer
  int *d = static_cast<int *>(p1);
  auto op = scope.submit(flat_kernel(8, [d](std::size_t i) { d[i] += 2; }));
  EXPECT_EQ(launch_scope::current(), nullptr);
  s->host_access(access_mode::read);
  EXPECT_EQ(data[7], 2);
}

TEST(LaunchScope, ScopesNest) {
  auto q = new_cpu_queue();
  EXPECT_EQ(launch_scope::current(), nullptr);
  {
    launch_scope outer(q);
    {
      launch_scope inner(q);
      EXPECT_EQ(launch_scope::current(), &inner);
    }
    EXPECT_EQ(launch_scope::current(), &outer);
    outer.close();
    EXPECT_EQ(launch_scope::current(), nullptr);
    storage_ref s(storage::create_on(q, 4));
    EXPECT_THROW(outer.bind(s.s, access_mode::read), Kalmar::runtime_exception);
  }
  EXPECT_EQ(launch_scope::current(), nullptr);
}

TEST(LaunchScope, UnsubmittedScopeReleasesItsStorages) {
  std::vector<int> data(8, 0);
  storage_ref s(storage::create_for_host(data.data(), 32));
  {
    launch_scope scope(new_cpu_queue());
    scope.bind(s.s, access_mode::read_write);
  }
  EXPECT_EQ(s->host_access(access_mode::read_write), data.data());
}
