// A GoogleTest fixture with one fake GPU (fake_gpu.hpp) and its default
// queue, which checks at the end that every allocation was freed.
#ifndef HCC_UNITTESTS_FAKE_GPU_FIXTURE_HPP
#define HCC_UNITTESTS_FAKE_GPU_FIXTURE_HPP

#include "fake_gpu.hpp"
#include "test_kernels.hpp"

#include <gtest/gtest.h>

namespace hcc_test {

// Storages released with work pending free their device memory from a
// completion callback: waits (up to two seconds) for that, then checks
// that nothing leaked.
inline void expect_all_freed(fake_gpu_device &gpu, const queue_ptr &q) {
  q->wait();
  for (int i = 0; i < 2000 && gpu.deallocations.load() != gpu.allocations.load(); ++i)
    sleep_ms(1);
  EXPECT_EQ(gpu.deallocations.load(), gpu.allocations.load());
}

class FakeGpuTest : public ::testing::Test {
protected:
  fake_gpu_device gpu;
  queue_ptr q = gpu.default_queue();
  void TearDown() override { expect_all_freed(gpu, q); }
  int h2d() const { return gpu.host_to_device.load(); }
  int d2h() const { return gpu.device_to_host.load(); }
};

} // namespace hcc_test

#endif
