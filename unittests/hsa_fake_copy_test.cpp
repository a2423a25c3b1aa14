// The HSA backend's copies of host memory the user did not pin
// (backends/hsa/hsa_copy_engine.hpp) over a fake ROCr
// (hsa_fake_runtime.hpp): by default they are staged through pinned buffers
// of the system's fine-grained pool, chunk by chunk, the last chunk to the
// device completing the command after the others; copies from the device
// are done when the call returns; with HCC_UNPINNED_COPY_MODE=1 the user's
// pages are locked for the copy and unlocked once it finished.
#include "backends/hsa/hsa_backend.hpp"
#include "copy_mode.hpp"
#include "hsa_fake_runtime.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <numeric>
#include <vector>

using namespace hsa_fake;
using hc::detail::async_ptr;
using hc::detail::copy_direction;
using hc::detail::device;
using hc::detail::execute_order;
using hc::detail::kernel_launch;
using hc::detail::queue;
using hc::detail::queue_priority;

namespace {

constexpr std::size_t KB = 1024, MB = 1024 * KB;

std::uint64_t signal_of(const async_ptr &s) {
  return static_cast<hsa_signal_t *>(s->native_handle())->handle;
}

bool is_allocation(const void *p) {
  std::lock_guard<std::mutex> lock(dispatch.mutex);
  return dispatch.allocations.count(const_cast<void *>(p)) != 0;
}

// Bytes 0, 1, 2... (mod 251, so chunks never repeat at a power of two).
std::vector<unsigned char> pattern(std::size_t bytes) {
  std::vector<unsigned char> v(bytes);
  for (std::size_t i = 0; i < bytes; ++i)
    v[i] = static_cast<unsigned char>(i % 251);
  return v;
}

class HsaCopy : public ::testing::Test {
protected:
  void SetUp() override {
    fake = fake_state();
    {
      std::lock_guard<std::mutex> lock(dispatch.mutex);
      dispatch.copies.clear();
      dispatch.locked.clear();
      dispatch.unlocked.clear();
      dispatch.copies_run = false;
    }
    devices_ = make_backend_with(fake_runtime(), kfd_.path())->discover();
    ASSERT_EQ(devices_.size(), 1u);
    dev_ = devices_[0];
    queue_ =
        dev_->create_queue(execute_order::in_order, queue_priority::normal);
  }
  void TearDown() override {
    // The view's destructor waits for its commands: complete them.
    complete_all();
    queue_.reset();
    std::lock_guard<std::mutex> lock(dispatch.mutex);
    dispatch.copies_run = false;
  }
  std::vector<fake_copy> copies() {
    std::lock_guard<std::mutex> lock(dispatch.mutex);
    return dispatch.copies;
  }

  fake_kfd kfd_;
  std::vector<device *> devices_;
  device *dev_ = nullptr;
  std::shared_ptr<queue> queue_;
};

} // namespace

TEST_F(HsaCopy, SmallCopyToTheDeviceIsStagedNotLocked) {
  REQUIRE_MODE("0");
  std::vector<unsigned char> host = pattern(KB);
  void *device_memory = dev_->allocate(host.size());
  async_ptr up = queue_->copy(device_memory, host.data(), host.size(),
                              copy_direction::host_to_device, {});
  std::vector<fake_copy> c = copies();
  ASSERT_EQ(c.size(), 1u);
  EXPECT_EQ(c[0].dst, device_memory);
  EXPECT_EQ(c[0].dst_agent, gpu_agent);
  EXPECT_EQ(c[0].src_agent, cpu_agent);
  EXPECT_EQ(c[0].bytes, host.size());
  // From a pinned buffer the CPU filled, completing the command itself.
  EXPECT_TRUE(is_allocation(c[0].src));
  EXPECT_EQ(std::memcmp(c[0].src, host.data(), host.size()), 0);
  EXPECT_EQ(c[0].completion.handle, signal_of(up));
  EXPECT_TRUE(dispatch.locked.empty());
  EXPECT_FALSE(up->is_ready());
  complete_all();
  up->wait();
  dev_->deallocate(device_memory);
}

TEST_F(HsaCopy, LargeCopyToTheDeviceIsChunkedAndCompletesAfterEveryChunk) {
  REQUIRE_MODE("0");
  const std::size_t bytes = 3 * MB + 5;
  std::vector<unsigned char> host = pattern(bytes);
  void *device_memory = dev_->allocate(bytes);
  async_ptr up = queue_->copy(device_memory, host.data(), bytes,
                              copy_direction::host_to_device, {});
  std::vector<fake_copy> c = copies();
  ASSERT_EQ(c.size(), 4u); // four chunks in four buffers
  std::size_t offset = 0;
  std::vector<std::uint64_t> chunk_signals;
  for (std::size_t i = 0; i < c.size(); ++i) {
    EXPECT_EQ(c[i].dst, static_cast<char *>(device_memory) + offset);
    EXPECT_TRUE(is_allocation(c[i].src));
    EXPECT_EQ(std::memcmp(c[i].src, host.data() + offset, c[i].bytes), 0);
    offset += c[i].bytes;
    if (i + 1 < c.size()) {
      EXPECT_NE(c[i].completion.handle, signal_of(up));
      chunk_signals.push_back(c[i].completion.handle);
    }
  }
  EXPECT_EQ(offset, bytes);
  // The copy engine may finish chunks in any order: the last one waits for
  // the others and completes the command.
  EXPECT_EQ(c.back().completion.handle, signal_of(up));
  for (std::uint64_t s : chunk_signals)
    EXPECT_NE(std::find(c.back().deps.begin(), c.back().deps.end(), s),
              c.back().deps.end());
  complete_all();
  up->wait();
  dev_->deallocate(device_memory);
}

TEST_F(HsaCopy, CopyFromTheDeviceIsStagedAndDoneOnReturn) {
  REQUIRE_MODE("0");
  {
    std::lock_guard<std::mutex> lock(dispatch.mutex);
    dispatch.copies_run = true;
  }
  // More chunks than buffers: each buffer is emptied and used again.
  const std::size_t bytes = 20 * MB + 3;
  std::vector<unsigned char> expected = pattern(bytes);
  void *device_memory = dev_->allocate(bytes);
  std::memcpy(device_memory, expected.data(), bytes); // the fake's "device"
  std::vector<unsigned char> host(bytes);
  async_ptr down = queue_->copy(host.data(), device_memory, bytes,
                                copy_direction::device_to_host, {});
  EXPECT_TRUE(down->is_ready());
  EXPECT_TRUE(host == expected);
  std::vector<fake_copy> c = copies();
  EXPECT_GT(c.size(), 4u);
  for (const fake_copy &chunk : c) {
    EXPECT_TRUE(is_allocation(chunk.dst));
    EXPECT_EQ(chunk.src_agent, gpu_agent);
    EXPECT_EQ(chunk.dst_agent, cpu_agent);
  }
  // The staged buffers serve the next copy to the device as well.
  std::vector<unsigned char> up_host = pattern(2 * MB);
  async_ptr up = queue_->copy(device_memory, up_host.data(), up_host.size(),
                              copy_direction::host_to_device, {});
  EXPECT_EQ(std::memcmp(device_memory, up_host.data(), up_host.size()), 0);
  up->wait();
  dev_->deallocate(device_memory);
}

// Run with HCC_UNPINNED_COPY_MODE=1 (CMakeLists.txt).
TEST_F(HsaCopy, PinInPlaceLocksThePagesUntilTheCopyFinished) {
  REQUIRE_MODE("1");
  std::vector<int> host(256, 5);
  void *device_memory = dev_->allocate(host.size() * sizeof(int));
  async_ptr up =
      queue_->copy(device_memory, host.data(), host.size() * sizeof(int),
                   copy_direction::host_to_device, {});
  std::vector<fake_copy> c = copies();
  ASSERT_EQ(c.size(), 1u);
  EXPECT_EQ(c[0].dst, device_memory);
  EXPECT_EQ(c[0].src, host.data()); // the fake maps locked memory in place
  EXPECT_EQ(c[0].completion.handle, signal_of(up));
  ASSERT_EQ(dispatch.locked.size(), 1u);
  EXPECT_TRUE(dispatch.unlocked.empty());
  complete_all();
  up->wait();
  ASSERT_EQ(dispatch.unlocked.size(), 1u);
  EXPECT_EQ(dispatch.unlocked[0], host.data());
  dev_->deallocate(device_memory);
}
