// printf's set-up (core/gpu_printf.cpp) on the CUDA backend, over a
// minimal fake driver of its own: device memory and mapped host memory are
// host memory, so a "module global" is a host variable and records are
// written with the device's own write_record. Checks which modules get a
// buffer, how it is allocated and handed over, and that a finished
// command's hook has printed what kernels wrote.
#include "fake_mapped_cuda.hpp"

#include "backends/cuda/cuda_device.hpp"
#include "backends/cuda/cuda_driver.hpp"
#include "backends/cuda/cuda_module_globals.hpp"
#include "core/gpu_printf.hpp"
#include "hc/detail/exceptions.hpp"
#include "hc/detail/printf_record.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

using namespace hc::detail;
using namespace hc::detail::rt::cuda;
using hc::detail::rt::printf_after_command;
using hc::detail::rt::printf_in_use;

namespace {

namespace pr = hc::detail::printf_record;

// Modules: a printing one (has the symbol), a quiet one, and one whose
// symbol has the wrong size (not ours).
CUmodule const printing_module = reinterpret_cast<CUmodule>(0x1000);
CUmodule const other_printing_module = reinterpret_cast<CUmodule>(0x2000);
CUmodule const quiet_module = reinterpret_cast<CUmodule>(0x3000);
CUmodule const odd_module = reinterpret_cast<CUmodule>(0x4000);

// The modules' __hcc_printf_buffer variables.
CUdeviceptr printing_global = 0, other_global = 0, odd_global[2] = {0, 0};
int host_allocations = 0;
unsigned last_alloc_flags = 0;
std::size_t last_alloc_bytes = 0;

CUresult fModuleGetGlobal(CUdeviceptr *ptr, std::size_t *bytes, CUmodule m,
                          const char *name) {
  if (std::strcmp(name, "__hcc_printf_buffer") != 0 || m == quiet_module)
    return CUDA_ERROR_NOT_FOUND;
  CUdeviceptr *var = m == printing_module ? &printing_global
                     : m == other_printing_module ? &other_global
                                                  : odd_global;
  *ptr = reinterpret_cast<CUdeviceptr>(var);
  *bytes = m == odd_module ? sizeof odd_global : sizeof(CUdeviceptr);
  return CUDA_SUCCESS;
}
CUresult fMemHostAlloc(void **p, std::size_t bytes, unsigned flags) {
  ++host_allocations;
  last_alloc_flags = flags;
  last_alloc_bytes = bytes;
  *p = std::aligned_alloc(64, (bytes + 63) / 64 * 64); // never freed, as the runtime's
  return *p ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}
cuda_device &the_device() {
  // One device for the whole program: the backend's registry of buffers
  // keeps it (and the drain thread reads its buffer) until exit.
  static cuda_device *dev = [] {
    auto api = fake_mapped_cuda::make_api();
    api->cuModuleGetGlobal = &fModuleGetGlobal;
    api->cuMemHostAlloc = &fMemHostAlloc;
    return fake_mapped_cuda::make_device(api, 5);
  }();
  return *dev;
}

void printf_attach(cuda_device &dev, CUmodule module) {
  cuda_module view(dev.api(), module, nullptr);
  hc::detail::rt::printf_attach(dev, view);
}

struct args3 {
  int i;
  const char *s;
  double d;
};

} // namespace

// The tests share the process-wide buffer registry: they run in this order.

TEST(PrintfCuda, QuietModulesGetNoBuffer) {
  printf_attach(the_device(), quiet_module);
  EXPECT_EQ(host_allocations, 0);
  EXPECT_FALSE(printf_in_use.load());
}

// A __hcc_printf_buffer of another size than a pointer (a module from
// another compiler) is an error, not memory the runtime overwrites.
TEST(PrintfCuda, PrintfBufferOfWrongSizeIsRefused) {
  try {
    printf_attach(the_device(), odd_module);
    ADD_FAILURE() << "attached";
  } catch (const Kalmar::runtime_exception &e) {
    EXPECT_NE(std::string(e.what()).find(
                  "__hcc_printf_buffer of a device image is 16 bytes, the "
                  "runtime expected 8"),
              std::string::npos)
        << e.what();
  }
  EXPECT_EQ(host_allocations, 0);
  EXPECT_EQ(odd_global[0], 0u);
}

TEST(PrintfCuda, PrintingModulesShareTheDevicesMappedBuffer) {
  printf_attach(the_device(), printing_module);
  printf_attach(the_device(), other_printing_module);
  EXPECT_EQ(host_allocations, 1);
  EXPECT_EQ(last_alloc_flags,
            unsigned(CU_MEMHOSTALLOC_PORTABLE | CU_MEMHOSTALLOC_DEVICEMAP));
  EXPECT_EQ(last_alloc_bytes, std::size_t(16) << 20); // the default
  EXPECT_TRUE(printf_in_use.load());
  ASSERT_NE(printing_global, 0u);
  EXPECT_EQ(printing_global, other_global);
  const auto *control = reinterpret_cast<const pr::control *>(printing_global);
  EXPECT_EQ(control->capacity, ((std::size_t(16) << 20) - 64) / 16 * 16);
  EXPECT_EQ(control->reserved, 0u);
}

TEST(PrintfCuda, AFinishedCommandHasPrintedWhatKernelsWrote) {
  auto *control = reinterpret_cast<pr::control *>(printing_global);
  ASSERT_NE(control, nullptr);
  testing::internal::CaptureStdout();
  for (int k = 0; k < 3; ++k) {
    args3 a{k, k == 1 ? "one" : "other", k * 1.25};
    ASSERT_EQ(pr::write_record(control, "record %d %s %.2f\n",
                               reinterpret_cast<const char *>(&a)),
              0);
  }
  printf_after_command(the_device());
  const std::string out = testing::internal::GetCapturedStdout();
  EXPECT_EQ(out, "record 0 other 0.00\nrecord 1 one 1.25\nrecord 2 other 2.50\n");
  EXPECT_EQ(control->consumed, control->reserved);
}
