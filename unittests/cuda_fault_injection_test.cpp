// Fault injection into the fake CUDA driver (cuda_fake_driver.hpp,
// fault_injection.hpp): each entry point the runtime calls fails in turn,
// reached through the runtime's own paths (device memory, queues, module
// loading and JIT, launches, events, copies, pinned and registered host
// memory). Every failure must reach the caller as a Kalmar::runtime_exception
// whose message names the driver's error, within a bounded time, and leave
// the runtime usable: the same operation succeeds once the fault is gone.
// Operations whose API reports failure without an exception (am_alloc,
// am_memory_host_lock) or that fall back to another way (copies without
// pinned staging buffers) are checked for that outcome instead.
#include "bounded_wait.hpp"
#include "cuda_fake_driver.hpp"
#include "test_env.hpp"

#include "hc/detail/am_runtime.hpp"
#include "hc/detail/exceptions.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <ostream>
#include <string>
#include <thread>
#include <vector>

using namespace cuda_fake;
using hcc_test::contains;

namespace {

// --- host memory: what the fake of cuda_fake_driver.hpp lacks -------------

// Pinned and registered host memory, and module variables: with them the
// runtime takes the paths it takes over a real driver (staged copies,
// pinning in place, the printf buffer).
struct host_memory_fake {
  std::mutex mutex;
  std::map<void *, std::size_t> pinned, registered;
  bool module_prints = false; // modules have __hcc_printf_buffer
  std::uint64_t printf_slot = 0;
};
host_memory_fake host;

CUresult fHostAlloc(void **p, std::size_t n, unsigned) {
  *p = std::aligned_alloc(4096, (n + 4095) / 4096 * 4096);
  std::lock_guard<std::mutex> lock(host.mutex);
  host.pinned[*p] = n;
  return CUDA_SUCCESS;
}
CUresult fFreeHost(void *p) {
  {
    std::lock_guard<std::mutex> lock(host.mutex);
    EXPECT_EQ(host.pinned.erase(p), 1u) << "cuMemFreeHost of unknown memory";
  }
  std::free(p);
  return CUDA_SUCCESS;
}
CUresult fHostRegister(void *p, std::size_t n, unsigned) {
  std::lock_guard<std::mutex> lock(host.mutex);
  if (!host.registered.emplace(p, n).second)
    return CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED;
  return CUDA_SUCCESS;
}
CUresult fHostUnregister(void *p) {
  std::lock_guard<std::mutex> lock(host.mutex);
  return host.registered.erase(p) ? CUDA_SUCCESS
                                  : CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED;
}
CUresult fHostDevicePointer(CUdeviceptr *d, void *p, unsigned) {
  *d = reinterpret_cast<std::uintptr_t>(p); // unified addressing
  return CUDA_SUCCESS;
}
CUresult fModuleGetGlobal(CUdeviceptr *address, std::size_t *bytes, CUmodule,
                          const char *name) {
  if (!host.module_prints || std::strcmp(name, "__hcc_printf_buffer") != 0)
    return CUDA_ERROR_NOT_FOUND;
  *address = reinterpret_cast<std::uintptr_t>(&host.printf_slot);
  *bytes = sizeof host.printf_slot;
  return CUDA_SUCCESS;
}

void *lookup_with_host_memory(const char *symbol) {
  static const std::map<std::string, void *> extra = {
      {"cuMemHostAlloc", (void *)&fHostAlloc},
      {"cuMemFreeHost", (void *)&fFreeHost},
      {"cuMemHostRegister_v2", (void *)&fHostRegister},
      {"cuMemHostUnregister", (void *)&fHostUnregister},
      {"cuMemHostGetDevicePointer_v2", (void *)&fHostDevicePointer},
      {"cuModuleGetGlobal_v2", (void *)&fModuleGetGlobal},
  };
  auto it = extra.find(symbol);
  if (it != extra.end())
    return with_faults(symbol, it->second);
  return lookup(symbol);
}

// --- bounded waits
// -------------------------------------------------------------

using hcc_test::patience;
using hcc_test::within_patience;

// Waits for `command` within `patience`, then rethrows its error.
void finish(const async_ptr &command) {
  ASSERT_TRUE(command->wait_for(patience)) << "command never finished";
  command->wait();
}

// Device memory that goes back to the device however the test leaves.
std::shared_ptr<void> device_buffer(device &d, std::size_t bytes) {
  return std::shared_ptr<void>(d.allocate(bytes),
                               [&d](void *p) { d.deallocate(p); });
}

// --- the cases
// -------------------------------------------------------------------

// What the user sees when the fault fires.
enum class outcome {
  throws,    // a runtime_exception naming the driver's error
  refused,   // the API's own failure value, the error in a verbose note
  recovered, // the operation succeeds another way
};

struct fault {
  const char *symbol;
  CUresult error;
  unsigned nth = 1; // the call that fails first
};

struct fault_case {
  const char *name; // the test's name
  const char *path; // for the failure messages: what the test does
  std::vector<fault> faults;
  bool every_call; // fail every call (a sticky error), else the first
  outcome expected;
  // Drives the path on `d`; throws what the runtime throws. Returns false
  // when the runtime reported failure through the API (outcome::refused).
  std::function<bool(device &d)> drive;
  // Before discovery: what the path needs of the fake.
  std::function<void()> prepare = [] {};
};

// gtest names the case by its name, not its bytes.
void PrintTo(const fault_case &c, std::ostream *out) { *out << c.name; }

kernel_launch kernel_of(const std::shared_ptr<args16> &args) {
  kernel_launch k;
  k.device_name = "fake_kernel_a";
  k.args = args.get();
  k.args_size = sizeof(args16);
  k.args_owner = args;
  k.geometry.rank = 1;
  k.geometry.global[0] = 1000;
  return k;
}

bool launch_and_wait(device &d) {
  auto args = std::make_shared<args16>(args16{1, 2});
  finish(d.default_queue()->launch(kernel_of(args), {}));
  return true;
}

bool copy_round_trip(device &d, std::size_t bytes, copy_direction way) {
  std::vector<unsigned char> in(bytes), out(bytes, 0);
  for (std::size_t i = 0; i < bytes; ++i)
    in[i] = static_cast<unsigned char>(i * 7 + 1);
  std::shared_ptr<void> buffer = device_buffer(d, bytes);
  std::shared_ptr<void> other = device_buffer(d, bytes);
  queue_ptr q = d.default_queue();
  finish(q->copy(buffer.get(), in.data(), bytes, copy_direction::host_to_device,
                 {}));
  void *source = buffer.get();
  if (way == copy_direction::device_to_device) {
    finish(q->copy(other.get(), buffer.get(), bytes, way, {}));
    source = other.get();
  }
  finish(
      q->copy(out.data(), source, bytes, copy_direction::device_to_host, {}));
  EXPECT_EQ(in, out) << "the data of a copy that reported success";
  return true;
}

const std::vector<fault_case> &cases() {
  static const std::vector<fault_case> all = {
      {"MemAlloc",
       "allocating device memory",
       {{"cuMemAlloc_v2", CUDA_ERROR_OUT_OF_MEMORY}},
       false,
       outcome::throws,
       [](device &d) {
         device_buffer(d, 1 << 20);
         return true;
       }},
      {"PrimaryContext",
       "allocating on a device not used before",
       {{"cuDevicePrimaryCtxRetain", CUDA_ERROR_INVALID_DEVICE}},
       false,
       outcome::throws,
       [](device &d) {
         device_buffer(d, 64);
         return true;
       }},
      {"StreamCreate",
       "creating an accelerator_view",
       {{"cuStreamCreate", CUDA_ERROR_OUT_OF_MEMORY}},
       false,
       outcome::throws,
       [](device &d) {
         d.create_queue(execute_order::in_order, queue_priority::normal);
         return true;
       }},
      {"ModuleLoadInvalidPtx",
       "the first launch of a kernel (PTX JIT)",
       {{"cuModuleLoadDataEx", CUDA_ERROR_INVALID_PTX}},
       false,
       outcome::throws,
       launch_and_wait},
      {"ModuleLoadNoBinary",
       "the first launch of a kernel (PTX JIT)",
       {{"cuModuleLoadDataEx", CUDA_ERROR_NO_BINARY_FOR_GPU}},
       false,
       outcome::throws,
       launch_and_wait},
      {"ModuleGetFunction",
       "the first launch of a kernel",
       {{"cuModuleGetFunction", CUDA_ERROR_NOT_FOUND}},
       false,
       outcome::throws,
       launch_and_wait},
      {"FuncGetAttribute",
       "the first launch of a kernel",
       {{"cuFuncGetAttribute", CUDA_ERROR_INVALID_HANDLE}},
       false,
       outcome::throws,
       launch_and_wait},
      {"LaunchKernel",
       "launching a kernel",
       {{"cuLaunchKernel", CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES}},
       false,
       outcome::throws,
       launch_and_wait},
      // A kernel that faults on the GPU: every later query of the context
      // returns the error, as CUDA's errors are sticky.
      {"KernelFaultsOnGpu",
       "waiting for a kernel that failed on the GPU",
       {{"cuEventQuery", CUDA_ERROR_LAUNCH_FAILED},
        {"cuEventSynchronize", CUDA_ERROR_LAUNCH_FAILED},
        {"cuStreamQuery", CUDA_ERROR_LAUNCH_FAILED},
        {"cuStreamSynchronize", CUDA_ERROR_LAUNCH_FAILED}},
       true,
       outcome::throws,
       launch_and_wait},
      {"QueueWaitAfterKernelFault",
       "accelerator_view::wait after a fault",
       {{"cuEventQuery", CUDA_ERROR_ILLEGAL_ADDRESS},
        {"cuEventSynchronize", CUDA_ERROR_ILLEGAL_ADDRESS},
        {"cuStreamQuery", CUDA_ERROR_ILLEGAL_ADDRESS},
        {"cuStreamSynchronize", CUDA_ERROR_ILLEGAL_ADDRESS}},
       true,
       outcome::throws,
       [](device &d) {
         auto args = std::make_shared<args16>(args16{1, 2});
         queue_ptr q =
             d.create_queue(execute_order::in_order, queue_priority::normal);
         async_ptr kernel = q->launch(kernel_of(args), {});
         EXPECT_TRUE(kernel->wait_for(patience)) << "kernel never finished";
         q->wait();
         return true;
       }},
      {"EventCreateForMarker",
       "a marker (its event)",
       {{"cuEventCreate", CUDA_ERROR_OUT_OF_MEMORY}},
       false,
       outcome::throws,
       [](device &d) {
         finish(d.default_queue()->marker({}, memory_scope::system));
         return true;
       }},
      {"EventRecordForMarker",
       "a marker (its event)",
       {{"cuEventRecord", CUDA_ERROR_INVALID_HANDLE}},
       false,
       outcome::throws,
       [](device &d) {
         finish(d.default_queue()->marker({}, memory_scope::system));
         return true;
       }},
      // Without cuStreamQuery, a kernel's completion needs an event, which
      // the runtime records after it (lazily, for a run of kernels).
      {"EventCreateForKernel",
       "waiting for a kernel (its end event)",
       {{"cuEventCreate", CUDA_ERROR_OUT_OF_MEMORY}},
       true,
       outcome::throws,
       launch_and_wait,
       [] { F().hidden_symbols.insert("cuStreamQuery"); }},
      {"EventRecordForKernel",
       "waiting for a kernel (its end event)",
       {{"cuEventRecord", CUDA_ERROR_INVALID_CONTEXT}},
       true,
       outcome::throws,
       launch_and_wait,
       [] { F().hidden_symbols.insert("cuStreamQuery"); }},
      {"StreamWaitEvent",
       "a kernel after a command of another view",
       {{"cuStreamWaitEvent", CUDA_ERROR_INVALID_HANDLE}},
       false,
       outcome::throws,
       [](device &d) {
         queue_ptr first =
             d.create_queue(execute_order::in_order, queue_priority::normal);
         queue_ptr second =
             d.create_queue(execute_order::in_order, queue_priority::normal);
         auto args = std::make_shared<args16>(args16{1, 2});
         // The first command stays unfinished until the launch after it
         // is submitted, so the second view must wait for its event.
         {
           std::lock_guard<std::mutex> lock(F().mutex);
           F().gate_open = false;
         }
         struct reopen {
           ~reopen() {
             std::lock_guard<std::mutex> lock(F().mutex);
             F().gate_open = true;
             F().changed.notify_all();
           }
         } reopen_gate;
         async_ptr before = first->marker({}, memory_scope::system);
         async_ptr after = second->launch(kernel_of(args), {before});
         {
           std::lock_guard<std::mutex> lock(F().mutex);
           F().gate_open = true;
           F().changed.notify_all();
         }
         finish(after);
         finish(before);
         return true;
       }},
      {"CopyToDevice",
       "copying 4 KiB to the device (direct)",
       {{"cuMemcpyHtoDAsync_v2", CUDA_ERROR_INVALID_VALUE}},
       false,
       outcome::throws,
       [](device &d) {
         return copy_round_trip(d, 4096, copy_direction::host_to_device);
       }},
      {"CopyToDeviceStaged",
       "copying 1 MiB to the device (staged)",
       {{"cuMemcpyHtoDAsync_v2", CUDA_ERROR_INVALID_VALUE}},
       false,
       outcome::throws,
       [](device &d) {
         return copy_round_trip(d, 1 << 20, copy_direction::host_to_device);
       }},
      {"CopyToDeviceStagedLaterChunk",
       "copying 8 MiB to the device, a later chunk failing",
       {{"cuMemcpyHtoDAsync_v2", CUDA_ERROR_ILLEGAL_ADDRESS, 2}},
       false,
       outcome::throws,
       [](device &d) {
         return copy_round_trip(d, 8 << 20, copy_direction::host_to_device);
       }},
      {"CopyFromDevice",
       "copying 4 KiB from the device",
       {{"cuMemcpyDtoHAsync_v2", CUDA_ERROR_INVALID_VALUE}},
       false,
       outcome::throws,
       [](device &d) {
         return copy_round_trip(d, 4096, copy_direction::device_to_host);
       }},
      {"CopyFromDeviceStaged",
       "copying 8 MiB from the device",
       {{"cuMemcpyDtoHAsync_v2", CUDA_ERROR_ILLEGAL_ADDRESS}},
       false,
       outcome::throws,
       [](device &d) {
         return copy_round_trip(d, 8 << 20, copy_direction::device_to_host);
       }},
      {"CopyWithinDevice",
       "copying within the device",
       {{"cuMemcpyDtoDAsync_v2", CUDA_ERROR_INVALID_VALUE}},
       false,
       outcome::throws,
       [](device &d) {
         return copy_round_trip(d, 4096, copy_direction::device_to_device);
       }},
      {"StagingEventSynchronize",
       "copying 8 MiB to the device (staged)",
       {{"cuEventSynchronize", CUDA_ERROR_LAUNCH_FAILED}},
       false,
       outcome::throws,
       [](device &d) {
         return copy_round_trip(d, 8 << 20, copy_direction::host_to_device);
       }},
      // The runtime's own pinned memory: kernels that print get a buffer.
      {"HostAllocPrintfBuffer",
       "the first launch of a kernel that prints",
       {{"cuMemHostAlloc", CUDA_ERROR_OUT_OF_MEMORY}},
       false,
       outcome::throws,
       launch_and_wait,
       [] { host.module_prints = true; }},
      // A failed look-up of the module's printf buffer is no "absent".
      {"ModuleGetGlobal",
       "the first launch of a kernel that prints",
       {{"cuModuleGetGlobal_v2", CUDA_ERROR_INVALID_CONTEXT}},
       false,
       outcome::throws,
       launch_and_wait,
       [] { host.module_prints = true; }},
      // am_alloc(amHostPinned) returns null by hc's contract.
      {"HostAllocAmAlloc",
       "am_alloc(amHostPinned)",
       {{"cuMemHostAlloc", CUDA_ERROR_OUT_OF_MEMORY}},
       false,
       outcome::refused,
       [](device &d) {
         void *p = am_allocate(4096, d, am_flag_host_pinned);
         if (!p)
           return false;
         EXPECT_TRUE(am_release(p));
         return true;
       }},
      // am_memory_host_lock reports failure by its status.
      {"HostRegisterAmLock",
       "am_memory_host_lock",
       {{"cuMemHostRegister_v2", CUDA_ERROR_OUT_OF_MEMORY}},
       false,
       outcome::refused,
       [](device &d) {
         std::vector<char> memory(1 << 16);
         if (!am_host_lock(d, memory.data(), memory.size()))
           return false;
         EXPECT_TRUE(am_host_unlock(d, memory.data()));
         return true;
       }},
      // Without staging buffers a copy goes to the driver directly.
      {"HostAllocStagingBuffer",
       "copying 1 MiB to the device",
       {{"cuMemHostAlloc", CUDA_ERROR_OUT_OF_MEMORY}},
       false,
       outcome::recovered,
       [](device &d) {
         return copy_round_trip(d, 1 << 20, copy_direction::host_to_device);
       }},
  };
  return all;
}

class CudaFaultInjection : public CudaFake,
                           public testing::WithParamInterface<fault_case> {
protected:
  void SetUp() override {
    CudaFake::SetUp();
    faults.clear();
    std::lock_guard<std::mutex> lock(host.mutex);
    host.module_prints = false;
  }
  void TearDown() override { faults.clear(); }

  device &gpu() {
    std::vector<device *> devices =
        rt::cuda::make_backend_with(&lookup_with_host_memory)->discover();
    EXPECT_EQ(devices.size(), 1u);
    return *devices.at(0);
  }
};

TEST_P(CudaFaultInjection, FailsCleanlyThenRecovers) {
  const fault_case &c = GetParam();
  c.prepare();
  device &d = gpu();
  for (const fault &f : c.faults) {
    if (c.every_call)
      faults.fail_from(f.symbol, f.error, f.nth);
    else
      faults.fail_nth(f.symbol, f.error, f.nth);
  }
  hcc_test::scoped_env verbose("HCC_VERBOSE", "1");
  testing::internal::CaptureStderr();
  bool succeeded = false;
  std::string message;
  bool threw = false;
  try {
    within_patience([&] { succeeded = c.drive(d); });
  } catch (const Kalmar::runtime_exception &e) {
    threw = true;
    message = e.what();
  }
  std::string notes = testing::internal::GetCapturedStderr();

  unsigned fired = 0;
  for (const fault &f : c.faults)
    fired += faults.failures(f.symbol);
  ASSERT_GT(fired, 0u) << c.path << " never reached the failing entry point";
  const fault &first = c.faults.front();
  const char *error_name = builtin_error_name(first.error);
  switch (c.expected) {
  case outcome::throws:
    ASSERT_TRUE(threw) << c.path << ": no runtime_exception for "
                       << first.symbol << " failing with " << error_name;
    EXPECT_TRUE(contains(message, error_name)) << message;
    break;
  case outcome::refused:
    EXPECT_FALSE(threw) << message;
    EXPECT_FALSE(succeeded) << c.path << " did not report the failure";
    EXPECT_TRUE(contains(notes, error_name)) << "notes: " << notes;
    break;
  case outcome::recovered:
    EXPECT_FALSE(threw) << message;
    EXPECT_TRUE(succeeded);
    break;
  }

  // The fault is gone: the same path works on the same device. (A queue's
  // wait() reports a failed command once more, hc's contract: taken first,
  // so that only new errors show below.)
  faults.clear();
  try {
    within_patience([&] { d.default_queue()->wait(); });
  } catch (const Kalmar::runtime_exception &) {
  }
  bool again = false;
  try {
    within_patience([&] { again = c.drive(d); });
  } catch (const Kalmar::runtime_exception &e) {
    FAIL() << c.path << " fails after the fault is gone: " << e.what();
  }
  EXPECT_TRUE(again) << c.path << " fails after the fault is gone";
  finish(d.default_queue()->marker({}, memory_scope::system));
  d.default_queue()->wait();
}

INSTANTIATE_TEST_SUITE_P(EntryPoints, CudaFaultInjection,
                         testing::ValuesIn(cases()),
                         [](const testing::TestParamInfo<fault_case> &info) {
                           return std::string(info.param.name);
                         });

// The fake really fails what it is told to, no more.
TEST(FaultPlan, CountsAndFailsTheNthCall) {
  fault_injection::plan plan;
  int result = 0;
  plan.fail_nth("f", 7, 2);
  EXPECT_FALSE(plan.fire("f", result));
  EXPECT_TRUE(plan.fire("f", result));
  EXPECT_EQ(result, 7);
  EXPECT_FALSE(plan.fire("f", result));
  EXPECT_FALSE(plan.fire("g", result));
  EXPECT_EQ(plan.calls("f"), 3u);
  EXPECT_EQ(plan.failures("f"), 1u);
  plan.fail_from("g", 9);
  EXPECT_TRUE(plan.fire("g", result));
  EXPECT_TRUE(plan.fire("g", result));
  EXPECT_EQ(plan.failures("g"), 2u);
  plan.clear();
  EXPECT_FALSE(plan.fire("g", result));
}

} // namespace
