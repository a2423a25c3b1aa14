// The coherence protocol against a device whose memory is not host memory
// (a fake GPU, see fake_gpu.hpp): lazy copy-in before kernels, copy-back
// only on host access, nothing copied after discard().
#include "fake_gpu_fixture.hpp"

#include <gtest/gtest.h>

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

template <class F>
async_ptr launch_with(const queue_ptr &q, storage *s, access_mode mode,
                      std::size_t n, F f) {
  launch_scope scope(q);
  void *p = launch_scope::current()->bind(s, mode);
  return scope.submit(flat_kernel(n, [f, p](std::size_t i) { f(p, i); }));
}

using Coherence = FakeGpuTest;

} // namespace

TEST_F(Coherence, HostViewIsCopiedInOnceAndBackOnHostAccess) {
  std::vector<int> data(256);
  std::iota(data.begin(), data.end(), 0);
  storage_ref s(storage::create_for_host(data.data(), 1024));

  launch_with(q, s.s, access_mode::read_write, 256,
              [](void *p, std::size_t i) { static_cast<int *>(p)[i] *= 2; });
  EXPECT_EQ(h2d(), 1);
  EXPECT_FALSE(s->host_ready(access_mode::read));
  // The kernel wrote the device copy: no copy back until the host asks.
  q->wait();
  EXPECT_EQ(d2h(), 0);
  EXPECT_EQ(data[10], 10);

  launch_with(q, s.s, access_mode::read_write, 256,
              [](void *p, std::size_t i) { static_cast<int *>(p)[i] += 1; });
  EXPECT_EQ(h2d(), 1); // the device copy is still the valid one

  int *host = static_cast<int *>(s->host_access(access_mode::read));
  EXPECT_EQ(host, data.data());
  EXPECT_EQ(d2h(), 1);
  EXPECT_EQ(data[10], 21);
  EXPECT_TRUE(s->host_ready(access_mode::read));
  // Both copies valid: the host may read but writing must invalidate.
  EXPECT_FALSE(s->host_ready(access_mode::write));
  s->host_access(access_mode::read);
  EXPECT_EQ(d2h(), 1);

  // A read-only kernel needs no copy (the device copy is still valid).
  launch_with(q, s.s, access_mode::read, 256, [](void *, std::size_t) {});
  EXPECT_EQ(h2d(), 1);

  // A host write invalidates the device copy: the next kernel copies in.
  s->host_access(access_mode::write);
  EXPECT_TRUE(s->host_ready(access_mode::read_write));
  data[0] = 1000;
  launch_with(q, s.s, access_mode::read, 256, [](void *, std::size_t) {});
  EXPECT_EQ(h2d(), 2);
  // The copy-in reads `data`: it must end before `data` does (releasing the
  // storage does not wait).
  q->wait();
}

TEST_F(Coherence, NothingIsCopiedAfterDiscard) {
  std::vector<int> data(64, 1);
  storage_ref s(storage::create_for_host(data.data(), 256));
  launch_with(q, s.s, access_mode::read_write, 64,
              [](void *p, std::size_t i) { static_cast<int *>(p)[i] = 5; });
  EXPECT_EQ(h2d(), 1);
  s->discard();
  launch_with(q, s.s, access_mode::write, 64,
              [](void *p, std::size_t i) { static_cast<int *>(p)[i] = 6; });
  EXPECT_EQ(h2d(), 1);
  s->discard();
  s->host_access(access_mode::write);
  EXPECT_EQ(d2h(), 0);
  q->wait();
}

TEST_F(Coherence, RefreshKeepsTheRuntimesOwnData) {
  // An array_view without a data source: its memory belongs to the
  // runtime, so refresh() has nothing to reread and keeps the kernel's
  // results on the device.
  storage_ref s(storage::create_on(cpu_device().default_queue(), 256));
  launch_with(q, s.s, access_mode::write, 64,
              [](void *p, std::size_t i) { static_cast<int *>(p)[i] = 7; });
  q->wait();
  s->refresh();
  EXPECT_FALSE(s->host_ready(access_mode::read)); // the device copy is current
  const int *host = static_cast<const int *>(s->host_access(access_mode::read));
  EXPECT_EQ(d2h(), 1);
  EXPECT_EQ(host[63], 7);

  // Over the program's memory, refresh() rereads it.
  std::vector<int> data(64, 1);
  storage_ref wrapped(storage::create_for_host(data.data(), 256));
  launch_with(q, wrapped.s, access_mode::read_write, 64,
              [](void *p, std::size_t i) { static_cast<int *>(p)[i] = 9; });
  q->wait();
  data[0] = 3; // modified behind the view
  wrapped->refresh();
  EXPECT_TRUE(wrapped->host_ready(access_mode::read));
  EXPECT_EQ(static_cast<const int *>(wrapped->host_access(access_mode::read))[0], 3);
}

TEST_F(Coherence, ArrayOnTheDeviceLivesThere) {
  const std::size_t n = 100;
  storage_ref s(storage::create_on(q, n * 4));
  EXPECT_EQ(gpu.allocations.load(), 1);
  EXPECT_FALSE(s->host_ready(access_mode::read));
  std::vector<int> in(n);
  std::iota(in.begin(), in.end(), 7);
  s->write_from_host(0, in.data(), n * 4);
  EXPECT_EQ(h2d(), 1);
  launch_with(q, s.s, access_mode::read_write, n,
              [](void *p, std::size_t i) { static_cast<int *>(p)[i] *= 3; });
  EXPECT_EQ(h2d(), 1);
  std::vector<int> out(n);
  s->read_to_host(0, out.data(), n * 4);
  EXPECT_EQ(out[5], 36);
  EXPECT_EQ(d2h(), 1);
  // Host access creates a host copy lazily.
  int *host = static_cast<int *>(s->host_access(access_mode::read));
  EXPECT_NE(host, s->home_pointer());
  EXPECT_EQ(host[5], 36);
}

TEST_F(Coherence, DeviceKernelThenCpuKernel) {
  // Data written on the fake GPU, then read by a CPU kernel: one copy back
  // (on the GPU's queue), ordered before the CPU kernel.
  const std::size_t n = 512;
  storage_ref s(storage::create_on(q, n * 4));
  launch_with(q, s.s, access_mode::write, n, [](void *p, std::size_t i) {
    if (i == 0)
      sleep_ms(20);
    static_cast<int *>(p)[i] = int(i);
  });
  std::vector<int> seen(n, -1);
  int *out = seen.data();
  launch_with(cpu_device().default_queue(), s.s, access_mode::read, n,
              [out](void *p, std::size_t i) { out[i] = static_cast<int *>(p)[i]; })
      ->wait();
  EXPECT_EQ(d2h(), 1);
  for (std::size_t i = 0; i < n; ++i)
    ASSERT_EQ(seen[i], int(i));
}

TEST_F(Coherence, CopyBetweenDeviceArraysStaysOnTheDevice) {
  storage_ref a(storage::create_on(q, 64));
  storage_ref b(storage::create_on(q, 64));
  std::vector<char> in(64, 'x');
  a->write_from_host(0, in.data(), 64);
  storage::copy(*a.s, 0, *b.s, 0, 64)->wait();
  EXPECT_EQ(gpu.device_to_device.load(), 1);
  std::vector<char> out(64);
  b->read_to_host(0, out.data(), 64);
  EXPECT_EQ(out[63], 'x');
}

TEST_F(Coherence, SynchronizeToMakesTheDeviceCopyCurrent) {
  std::vector<int> data(32, 4);
  storage_ref s(storage::create_for_host(data.data(), 128));
  s->synchronize_to(q);
  EXPECT_EQ(h2d(), 1);
  launch_with(q, s.s, access_mode::read, 32, [](void *, std::size_t) {});
  EXPECT_EQ(h2d(), 1);
  // synchronize_async: copies back once a kernel has written.
  launch_with(q, s.s, access_mode::write, 32,
              [](void *p, std::size_t i) { static_cast<int *>(p)[i] = 8; });
  s->synchronize_async()->wait();
  EXPECT_EQ(d2h(), 1);
  EXPECT_EQ(data[31], 8);
}

TEST_F(Coherence, ReleasingFreesDeviceMemoryAfterPendingWork) {
  {
    storage_ref s(storage::create_on(q, 1024));
    launch_with(q, s.s, access_mode::write, 256, [](void *p, std::size_t i) {
      sleep_ms(0);
      static_cast<int *>(p)[i] = 1;
    });
  }
  q->wait();
  // Freed from a completion callback; give it a moment.
  for (int i = 0; i < 1000 && gpu.deallocations.load() == 0; ++i)
    sleep_ms(1);
  EXPECT_EQ(gpu.deallocations.load(), gpu.allocations.load());
}

TEST_F(Coherence, CopyBetweenTwoGpusIsAPeerCopy) {
  fake_gpu_device other(L"fake:1");
  queue_ptr q2 = other.default_queue();
  const std::size_t n = 64;
  {
    storage_ref a(storage::create_on(q, n * 4)), b(storage::create_on(q2, n * 4));
    std::vector<int> in(n, 42), out(n, 0);
    a->write_from_host(0, in.data(), n * 4);
    int h2d_before = h2d();
    storage::copy(*a.s, 0, *b.s, 0, n * 4)->wait();
    EXPECT_EQ(other.peer.load(), 1);
    EXPECT_EQ(d2h(), 0); // nothing staged through the host
    EXPECT_EQ(h2d(), h2d_before);
    b->read_to_host(0, out.data(), n * 4);
    EXPECT_EQ(out[n - 1], 42);

    // A view's data valid only on one GPU, used by a kernel on the other:
    // peer copy too.
    std::vector<int> user(n, 1);
    storage_ref v(storage::create_for_host(user.data(), n * 4));
    launch_with(q, v.s, access_mode::read_write, n,
                [](void *p, std::size_t i) { static_cast<int *>(p)[i] += 1; });
    launch_with(q2, v.s, access_mode::read_write, n,
                [](void *p, std::size_t i) { static_cast<int *>(p)[i] *= 5; });
    EXPECT_EQ(other.peer.load(), 2);
    v->synchronize();
    EXPECT_EQ(user[0], 10);
  }
  expect_all_freed(other, q2);
}
