// Fault injection into the fake ROCr (hsa_fake_runtime.hpp,
// fault_injection.hpp): each entry point the HSA backend calls fails in
// turn, reached through the runtime's own paths (device memory, queues,
// code object loading, launches, signals, copies, pinned and locked host
// memory, module set-up). Every failure must reach the caller as a
// Kalmar::runtime_exception whose message carries ROCr's status and text,
// within a bounded time, and leave the runtime usable: the same operation
// succeeds once the fault is gone. Operations whose API reports failure
// without an exception (am_alloc, am_memory_host_lock) or that have
// another way (no completion callback: the waiter finishes the command)
// are checked for that outcome instead.
#include "backends/hsa/hsa_backend.hpp"
#include "bounded_wait.hpp"
#include "hc/detail/am_runtime.hpp"
#include "hc/detail/exceptions.hpp"
#include "hc/detail/image_registry.h"
#include "hsa_fake_runtime.hpp"
#include "test_env.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <future>
#include <iterator>
#include <memory>
#include <ostream>
#include <string>
#include <thread>
#include <vector>

using namespace hsa_fake;
using hc::detail::am_allocate;
using hc::detail::am_flag_host_pinned;
using hc::detail::am_host_lock;
using hc::detail::am_host_unlock;
using hc::detail::am_release;
using hc::detail::async_ptr;
using hc::detail::copy_direction;
using hc::detail::device;
using hc::detail::execute_order;
using hc::detail::kernel_launch;
using hc::detail::memory_scope;
using hc::detail::queue_priority;
using hcc_test::contains;

namespace {

// hsa.h's HSA_STATUS_ERROR_INVALID_CODE_OBJECT (not among the statuses the
// backend names itself).
constexpr hsa_status_t invalid_code_object = 0x1010;

// The code object hsa_fake_dispatch_test uses, registered as an hcc image.
void register_code_object() {
  static const std::vector<char> bytes = [] {
    std::ifstream in(HSA_TEST_HSACO, std::ios::binary);
    EXPECT_TRUE(in) << "cannot read " << HSA_TEST_HSACO;
    return std::vector<char>((std::istreambuf_iterator<char>(in)),
                             std::istreambuf_iterator<char>());
  }();
  static const __hcc_image_desc desc = {__HCC_IMAGE_DESC_VERSION,
                                        __hcc_image_hsaco,
                                        "gfx90a",
                                        bytes.data(),
                                        bytes.size(),
                                        "hsa_test_kernel.hip",
                                        nullptr};
  static const bool registered = (__hcc_register_image(&desc), true);
  (void)registered;
}

// The kernel's argument block (hsa_test_kernel.hip).
struct block {
  int *out;
  int value;
  int pad[3];
};

// --- bounded waits ---------------------------------------------------------

using hcc_test::patience;
using hcc_test::within_patience;

// The fake GPU finishes everything queued, then `command` must be done
// within `patience`; rethrows its error.
void finish(const async_ptr &command) {
  complete_all();
  ASSERT_TRUE(command->wait_for(patience)) << "command never finished";
  command->wait();
}

std::shared_ptr<void> device_buffer(device &d, std::size_t bytes) {
  return std::shared_ptr<void>(d.allocate(bytes),
                               [&d](void *p) { d.deallocate(p); });
}

// --- the cases -------------------------------------------------------------

enum class outcome {
  throws,    // a runtime_exception with ROCr's status
  refused,   // the API's own failure value
  recovered, // the operation succeeds another way
};

struct fault_case {
  const char *name;
  const char *path; // what the test does, for messages
  const char *symbol;
  hsa_status_t status;
  unsigned nth; // the call that fails
  outcome expected;
  std::function<bool(device &d)> drive;
  std::function<void()> prepare = [] {};
};

void PrintTo(const fault_case &c, std::ostream *out) { *out << c.name; }

bool launch_and_wait(device &d) {
  int out = 0;
  block args{&out, 7, {1, 2, 3}};
  kernel_launch k;
  k.device_name = "fake_kernel";
  k.args = &args;
  k.args_size = sizeof args;
  k.geometry.rank = 1;
  k.geometry.global[0] = 1000;
  finish(d.default_queue()->launch(k, {}));
  return true;
}

// Host memory from am_alloc (pinned) or the heap (staged by the runtime).
bool copy_round_trip(device &d, std::size_t bytes, bool pinned_host) {
  void *in = pinned_host ? am_allocate(bytes, d, am_flag_host_pinned)
                         : std::malloc(bytes);
  void *out = pinned_host ? am_allocate(bytes, d, am_flag_host_pinned)
                          : std::malloc(bytes);
  std::shared_ptr<void> release(nullptr, [=](void *) {
    if (pinned_host) {
      am_release(in);
      am_release(out);
    } else {
      std::free(in);
      std::free(out);
    }
  });
  if (!in || !out)
    return false;
  for (std::size_t i = 0; i < bytes; ++i)
    static_cast<unsigned char *>(in)[i] = static_cast<unsigned char>(i * 7);
  std::memset(out, 0, bytes);
  std::shared_ptr<void> buffer = device_buffer(d, bytes);
  auto q = d.default_queue();
  finish(q->copy(buffer.get(), in, bytes, copy_direction::host_to_device, {}));
  finish(q->copy(out, buffer.get(), bytes, copy_direction::device_to_host, {}));
  EXPECT_EQ(std::memcmp(in, out, bytes), 0) << "the data of a copy";
  return true;
}

const std::vector<fault_case> &cases() {
  static const std::vector<fault_case> all = {
      {"PoolAllocateDeviceMemory", "allocating device memory",
       "hsa_amd_memory_pool_allocate", HSA_STATUS_ERROR_OUT_OF_RESOURCES, 1,
       outcome::throws,
       [](device &d) {
         device_buffer(d, 1 << 20);
         return true;
       }},
      {"QueueCreate", "creating an accelerator_view", "hsa_queue_create",
       HSA_STATUS_ERROR_OUT_OF_RESOURCES, 1, outcome::throws,
       [](device &d) {
         d.create_queue(execute_order::in_order, queue_priority::normal);
         return true;
       }},
      {"CodeObjectReader", "the first launch of a kernel",
       "hsa_code_object_reader_create_from_memory", invalid_code_object, 1,
       outcome::throws, launch_and_wait},
      {"ExecutableCreate", "the first launch of a kernel",
       "hsa_executable_create_alt", HSA_STATUS_ERROR_OUT_OF_RESOURCES, 1,
       outcome::throws, launch_and_wait},
      {"LoadCodeObject", "the first launch of a kernel",
       "hsa_executable_load_agent_code_object", invalid_code_object, 1,
       outcome::throws, launch_and_wait},
      {"ExecutableFreeze", "the first launch of a kernel",
       "hsa_executable_freeze", HSA_STATUS_ERROR, 1, outcome::throws,
       launch_and_wait},
      // The 4th lookup: the kernel's descriptor, after the variables the
      // runtime looks for (printf buffer, host-global slots, device heap).
      {"KernelSymbol", "the first launch of a kernel",
       "hsa_executable_get_symbol_by_name", HSA_STATUS_ERROR_INVALID_ARGUMENT,
       4, outcome::throws, launch_and_wait},
      {"KernelObject", "the first launch of a kernel",
       "hsa_executable_symbol_get_info", HSA_STATUS_ERROR_INVALID_ARGUMENT, 1,
       outcome::throws, launch_and_wait},
      {"SignalCreate", "launching a kernel (its completion signal)",
       "hsa_signal_create", HSA_STATUS_ERROR_OUT_OF_RESOURCES, 1,
       outcome::throws, launch_and_wait},
      {"KernargAllocate", "launching a kernel (its kernarg segment)",
       "hsa_amd_memory_pool_allocate", HSA_STATUS_ERROR_OUT_OF_RESOURCES, 1,
       outcome::throws, launch_and_wait},
      {"KernargAccess", "launching a kernel (its kernarg segment)",
       "hsa_amd_agents_allow_access", HSA_STATUS_ERROR, 1, outcome::throws,
       launch_and_wait},
      {"SignalCreateForMarker", "a marker", "hsa_signal_create",
       HSA_STATUS_ERROR_OUT_OF_RESOURCES, 1, outcome::throws,
       [](device &d) {
         finish(d.default_queue()->marker({}, memory_scope::system));
         return true;
       }},
      // Without ROCr's callback the waiting thread finishes the command.
      {"AsyncHandler", "waiting for a kernel", "hsa_amd_signal_async_handler",
       HSA_STATUS_ERROR_OUT_OF_RESOURCES, 1, outcome::recovered,
       [](device &d) {
         int out = 0;
         block args{&out, 7, {1, 2, 3}};
         kernel_launch k;
         k.device_name = "fake_kernel";
         k.args = &args;
         k.args_size = sizeof args;
         k.geometry.rank = 1;
         k.geometry.global[0] = 1000;
         async_ptr done = d.default_queue()->launch(k, {});
         complete_all();
         // Nobody calls back for this signal: wait() blocks in ROCr.
         {
           std::lock_guard<std::mutex> lock(dispatch.mutex);
           dispatch.signals[static_cast<hsa_signal_t *>(done->native_handle())
                                ->handle] = 0;
         }
         done->wait();
         return true;
       }},
      {"AsyncCopyPinned", "copying between am_alloc memory and the device",
       "hsa_amd_memory_async_copy", HSA_STATUS_ERROR_OUT_OF_RESOURCES, 1,
       outcome::throws,
       [](device &d) { return copy_round_trip(d, 4096, true); }},
      {"AsyncCopyFromDevice", "copying from the device into am_alloc memory",
       "hsa_amd_memory_async_copy", HSA_STATUS_ERROR, 2, outcome::throws,
       [](device &d) { return copy_round_trip(d, 4096, true); }},
      {"AsyncCopyStaged", "copying 1 MiB of heap memory (staged)",
       "hsa_amd_memory_async_copy", HSA_STATUS_ERROR, 1, outcome::throws,
       [](device &d) { return copy_round_trip(d, 1 << 20, false); }},
      {"AsyncCopyStagedLaterChunk", "copying 8 MiB of heap memory (staged)",
       "hsa_amd_memory_async_copy", HSA_STATUS_ERROR, 2, outcome::throws,
       [](device &d) { return copy_round_trip(d, 8 << 20, false); }},
      {"ChunkSignalCreate", "copying 8 MiB of heap memory (staged)",
       "hsa_signal_create", HSA_STATUS_ERROR_OUT_OF_RESOURCES, 2,
       outcome::throws,
       [](device &d) { return copy_round_trip(d, 8 << 20, false); }},
      // am_alloc(amHostPinned) returns null by hc's contract.
      {"PoolAllocatePinned", "am_alloc(amHostPinned)",
       "hsa_amd_memory_pool_allocate", HSA_STATUS_ERROR_OUT_OF_RESOURCES, 1,
       outcome::refused,
       [](device &d) {
         void *p = am_allocate(4096, d, am_flag_host_pinned);
         if (!p)
           return false;
         EXPECT_TRUE(am_release(p));
         return true;
       }},
      {"MemoryLock", "am_memory_host_lock", "hsa_amd_memory_lock",
       HSA_STATUS_ERROR_OUT_OF_RESOURCES, 1, outcome::refused,
       [](device &d) {
         std::vector<char> memory(1 << 16);
         if (!am_host_lock(d, memory.data(), memory.size()))
           return false;
         EXPECT_TRUE(am_host_unlock(d, memory.data()));
         return true;
       }},
      // A kernel that prints: its module gets the printf buffer (pinned
      // host memory), written through a staging block and hsa_memory_copy.
      {"PrintfBuffer", "the first launch of a kernel that prints",
       "hsa_amd_memory_pool_allocate", HSA_STATUS_ERROR_OUT_OF_RESOURCES, 1,
       outcome::throws, launch_and_wait,
       [] {
         dispatch.variables.insert("__hcc_printf_buffer");
         dispatch.variable_storage["__hcc_printf_buffer"].assign(8, 0);
       }},
      {"ModuleVariableCopy", "the first launch of a kernel that prints",
       "hsa_memory_copy", HSA_STATUS_ERROR, 1, outcome::throws, launch_and_wait,
       [] {
         dispatch.variables.insert("__hcc_printf_buffer");
         dispatch.variable_storage["__hcc_printf_buffer"].assign(8, 0);
       }},
  };
  return all;
}

std::string hex(hsa_status_t status) {
  char text[32];
  std::snprintf(text, sizeof text, "0x%x", static_cast<unsigned>(status));
  return text;
}

class HsaFaultInjection : public testing::TestWithParam<fault_case> {
protected:
  void SetUp() override {
    fake = fake_state();
    faults.clear();
    {
      std::lock_guard<std::mutex> lock(dispatch.mutex);
      dispatch.copies_run = true;
    }
    dispatch.variables.clear();
    dispatch.variable_storage.clear();
    register_code_object();
  }
  void TearDown() override {
    faults.clear();
    dispatch.variables.clear();
    dispatch.variable_storage.clear();
  }

  fake_kfd kfd_;
};

TEST_P(HsaFaultInjection, FailsCleanlyThenRecovers) {
  const fault_case &c = GetParam();
  c.prepare();
  std::vector<device *> devices =
      make_backend_with(fake_runtime(), kfd_.path())->discover();
  ASSERT_EQ(devices.size(), 1u);
  device &d = *devices[0];
  d.default_queue(); // made before the fault: not what the cases test
  faults.fail_nth(c.symbol, c.status, c.nth);

  bool succeeded = false, threw = false;
  std::string message;
  try {
    within_patience([&] { succeeded = c.drive(d); });
  } catch (const Kalmar::runtime_exception &e) {
    threw = true;
    message = e.what();
  }
  ASSERT_EQ(faults.failures(c.symbol), 1u)
      << c.path << " never reached " << c.symbol << " (called "
      << faults.calls(c.symbol) << " times)";
  switch (c.expected) {
  case outcome::throws:
    ASSERT_TRUE(threw) << c.path << ": no runtime_exception for " << c.symbol
                       << " failing with " << hex(c.status);
    EXPECT_TRUE(contains(message, c.symbol)) << message;
    EXPECT_TRUE(contains(message, "HSA status " + hex(c.status))) << message;
    EXPECT_TRUE(contains(message, "fake status")) << "ROCr's text: " << message;
    break;
  case outcome::refused:
    EXPECT_FALSE(threw) << message;
    EXPECT_FALSE(succeeded) << c.path << " did not report the failure";
    break;
  case outcome::recovered:
    EXPECT_FALSE(threw) << message;
    EXPECT_TRUE(succeeded);
    break;
  }

  // The fault is gone: the same path works on the same device (after the
  // queue's wait() has reported a failed command once more).
  faults.clear();
  try {
    within_patience([&] {
      complete_all();
      d.default_queue()->wait();
    });
  } catch (const Kalmar::runtime_exception &) {
  }
  bool again = false;
  try {
    within_patience([&] { again = c.drive(d); });
  } catch (const Kalmar::runtime_exception &e) {
    FAIL() << c.path << " fails after the fault is gone: " << e.what();
  }
  EXPECT_TRUE(again) << c.path << " fails after the fault is gone";
  within_patience([&] {
    complete_all();
    d.default_queue()->wait();
  });
}

INSTANTIATE_TEST_SUITE_P(EntryPoints, HsaFaultInjection,
                         testing::ValuesIn(cases()),
                         [](const testing::TestParamInfo<fault_case> &info) {
                           return std::string(info.param.name);
                         });

} // namespace
