// CUDA interop over the fake driver (cuda_fake_driver.hpp): the CUdevice
// and context of a device, a queue over the program's stream (its
// commands go there, the stream is never destroyed, a stream of another
// context is refused), a marker after the program's event, and the end
// event of a command (docs/multi-gpu.md, "CUDA handles").
#include "cuda_fake_driver.hpp"
#include "test_env.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <string>

using namespace cuda_fake;
using hcc_test::contains;

namespace {

CUstream program_stream() {
  CUstream s = nullptr;
  EXPECT_EQ(fStreamCreate(&s, CU_STREAM_NON_BLOCKING), CUDA_SUCCESS);
  return s;
}

} // namespace

TEST_F(CudaFake, DeviceAndContextHandles) {
  device &d = the_device();
  auto *handle = static_cast<const CUdevice *>(
      d.native_handle(native_object::cuda_device));
  ASSERT_NE(handle, nullptr);
  EXPECT_EQ(*handle, 0);
  EXPECT_EQ(d.native_handle(native_object::cuda_context),
            reinterpret_cast<void *>(0x1000));
  EXPECT_EQ(d.native_handle(native_object::agent), nullptr); // HSA's
  EXPECT_NE(d.default_queue()->native_handle(), nullptr);    // its stream
}

TEST_F(CudaFake, QueueOverTheProgramsStream) {
  device &d = the_device();
  CUstream mine = program_stream();
  int destroyed = F().streams_destroyed;
  {
    queue_ptr q = d.wrap_native_queue(mine);
    EXPECT_EQ(q->native_handle(), static_cast<void *>(mine));
    async_ptr k = q->launch(
        make_launch("fake_kernel_a", 64, std::make_shared<args16>()), {});
    k->wait();
    ASSERT_FALSE(F().launches.empty());
    EXPECT_EQ(F().launches.back().stream, mine);
  }
  EXPECT_EQ(F().streams_destroyed, destroyed); // still the program's
  fStreamDestroy(mine);
}

TEST_F(CudaFake, StreamOfAnotherContextIsRefused) {
  device &d = the_device();
  CUstream theirs = program_stream();
  F().stream_contexts[theirs] =
      reinterpret_cast<CUcontext>(static_cast<std::uintptr_t>(0x2000));
  try {
    d.wrap_native_queue(theirs);
    ADD_FAILURE() << "no exception";
  } catch (const Kalmar::runtime_exception &e) {
    EXPECT_TRUE(contains(e.what(), "another context")) << e.what();
  }
  EXPECT_THROW(d.wrap_native_queue(nullptr), Kalmar::runtime_exception);
  fStreamDestroy(theirs);
}

TEST_F(CudaFake, MarkerAfterTheProgramsEvent) {
  device &d = the_device();
  queue_ptr q = d.default_queue();
  CUevent event = nullptr;
  ASSERT_EQ(fEventCreate(&event, 0), CUDA_SUCCESS);
  async_ptr marker = q->marker_after_native_event(event);
  marker->wait();
  bool waited = false;
  for (auto &w : F().stream_waits)
    waited |= w.first == q->native_handle() && w.second == event;
  EXPECT_TRUE(waited);
  EXPECT_THROW(q->marker_after_native_event(nullptr),
               Kalmar::runtime_exception);
  fEventDestroy(event);
}

TEST_F(CudaFake, CommandsHaveAnEndEvent) {
  device &d = the_device();
  set_gate(false);
  async_ptr k = d.default_queue()->launch(
      make_launch("fake_kernel_a", 64, std::make_shared<args16>()), {});
  void *pending = k->native_event();
  ASSERT_NE(pending, nullptr);
  EXPECT_EQ(fEventQuery(static_cast<CUevent>(pending)), CUDA_ERROR_NOT_READY);
  set_gate(true);
  k->wait();
  void *done = k->native_event();
  ASSERT_NE(done, nullptr);
  EXPECT_EQ(fEventQuery(static_cast<CUevent>(done)), CUDA_SUCCESS);
}
