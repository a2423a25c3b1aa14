// The device heap's set-up (core/device_heap_setup.cpp) on the CUDA backend,
// over a minimal fake driver: device memory and mapped host memory are host
// memory, so a "module global" is a host variable. Checks which modules get
// a heap, that it is created once per device with the program's settings
// and shared by its modules, and that an error a kernel recorded becomes a
// runtime_exception once.
#include "fake_mapped_cuda.hpp"

#include "backends/cuda/cuda_device.hpp"
#include "backends/cuda/cuda_driver.hpp"
#include "backends/cuda/cuda_module_globals.hpp"
#include "core/device_heap_setup.hpp"
#include "hc/detail/device_heap_layout.h"
#include "hc/detail/exceptions.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

using namespace hc::detail;
using namespace hc::detail::rt::cuda;
using hc::detail::rt::device_heap_after_command;
using hc::detail::rt::device_heap_in_use;

namespace dh = hc::detail::device_heap;

namespace {

CUmodule const heap_module = reinterpret_cast<CUmodule>(0x1000);
CUmodule const other_heap_module = reinterpret_cast<CUmodule>(0x2000);
CUmodule const plain_module = reinterpret_cast<CUmodule>(0x3000);

// The modules' __hcc_device_heap variables, with the program's __HIP_*
// macros (8 KiB pages, 40 of them).
dh::module_heap heap_global = {nullptr, 8192, 40},
                other_global = {nullptr, 8192, 40};
int device_allocations = 0;
std::size_t last_device_bytes = 0;
void *last_device_block = nullptr;

CUresult fModuleGetGlobal(CUdeviceptr *ptr, std::size_t *bytes, CUmodule m,
                          const char *name) {
  if (m == plain_module || std::strcmp(name, "__hcc_device_heap") != 0)
    return CUDA_ERROR_NOT_FOUND;
  *ptr = reinterpret_cast<CUdeviceptr>(m == heap_module ? &heap_global
                                                        : &other_global);
  *bytes = sizeof(dh::module_heap);
  return CUDA_SUCCESS;
}
CUresult fMemAlloc(CUdeviceptr *p, std::size_t bytes) {
  ++device_allocations;
  last_device_bytes = bytes;
  // Garbage, as device memory is: the runtime must clear the metadata.
  void *block = std::malloc(bytes);
  std::memset(block, 0xa5, bytes);
  last_device_block = block;
  *p = reinterpret_cast<CUdeviceptr>(block);
  return CUDA_SUCCESS;
}
CUresult fMemHostAlloc(void **p, std::size_t bytes, unsigned) {
  *p = std::calloc(1, bytes);
  return *p ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}
cuda_device &the_device() {
  static cuda_device *dev = [] {
    auto api = fake_mapped_cuda::make_api();
    api->cuModuleGetGlobal = &fModuleGetGlobal;
    api->cuMemAlloc = &fMemAlloc;
    api->cuMemHostAlloc = &fMemHostAlloc;
    return fake_mapped_cuda::make_device(api, 6);
  }();
  return *dev;
}

dh::control *heap() { return heap_global.heap; }

void device_heap_attach(cuda_device &dev, CUmodule module) {
  cuda_module view(dev.api(), module, nullptr);
  hc::detail::rt::device_heap_attach(dev, view);
}

} // namespace

// The tests share the process-wide heap registry: they run in this order.

TEST(DeviceHeapCuda, ModulesThatDoNotAllocateGetNoHeap) {
  device_heap_attach(the_device(), plain_module);
  EXPECT_EQ(device_allocations, 0);
  EXPECT_FALSE(device_heap_in_use.load());
  EXPECT_EQ(device_heap_after_command(the_device(), "k"), nullptr);
}

TEST(DeviceHeapCuda, AllocatingModulesShareOneHeapSizedByTheProgram) {
  setenv("HCC_DEVICE_HEAP_CHECK", "1", 1);
  device_heap_attach(the_device(), heap_module);
  device_heap_attach(the_device(), other_heap_module);
  unsetenv("HCC_DEVICE_HEAP_CHECK");
  EXPECT_EQ(device_allocations, 1);
  EXPECT_TRUE(device_heap_in_use.load());
  ASSERT_NE(heap_global.heap, nullptr);
  EXPECT_EQ(heap_global.heap, other_global.heap);
  const dh::control *h = heap();
  EXPECT_EQ(h->page_shift, 13u); // __HIP_SIZE_OF_PAGE 8192
  EXPECT_EQ(h->num_pages, 40u);  // __HIP_NUM_PAGES
  EXPECT_EQ(h->num_classes, dh::classes_for(13));
  EXPECT_EQ(h->words_per_page, dh::words_per_page(13));
  EXPECT_EQ(h->check, 1u);
  EXPECT_EQ(h->arena % 8192, 0u);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(heap_global.heap) % 8192, 0u);
  // Everything inside the one allocation, the arena at its end.
  char *block = static_cast<char *>(last_device_block);
  EXPECT_GE(reinterpret_cast<char *>(h->arena) + (40u << 13),
            reinterpret_cast<char *>(heap_global.heap));
  EXPECT_LE(reinterpret_cast<char *>(h->arena) + (40u << 13),
            block + last_device_bytes);
  // The metadata starts out zero (slots, lists, page tables, bitmaps).
  for (unsigned c = 0; c < dh::max_classes; ++c) {
    EXPECT_EQ(h->partial[c], 0u);
    for (unsigned s = 0; s < dh::slots_per_class; ++s)
      EXPECT_EQ(h->slots[c][s], 0u);
  }
  const auto *bitmap = reinterpret_cast<const unsigned *>(h->page_bitmap);
  for (unsigned w = 0; w < 40 * h->words_per_page; ++w)
    ASSERT_EQ(bitmap[w], 0u) << w;
  const auto *info = reinterpret_cast<const unsigned *>(h->page_info);
  for (unsigned p = 0; p < 40; ++p)
    ASSERT_EQ(info[p], 0u) << p;
  ASSERT_NE(h->status, 0u);
}

TEST(DeviceHeapCuda, ARecordedErrorIsReportedOnceAndCleared) {
  auto *s = reinterpret_cast<dh::status *>(heap()->status);
  EXPECT_EQ(device_heap_after_command(the_device(), "k"), nullptr);
  s->size = 4096;
  s->error = dh::error_exhausted;
  std::exception_ptr e = device_heap_after_command(the_device(), "my_kernel");
  ASSERT_NE(e, nullptr);
  try {
    std::rethrow_exception(e);
  } catch (const Kalmar::runtime_exception &x) {
    std::string what = x.what();
    EXPECT_NE(what.find("kernel my_kernel: device heap exhausted"),
              std::string::npos)
        << what;
    EXPECT_NE(what.find("4096 bytes"), std::string::npos) << what;
  }
  EXPECT_EQ(s->error, 0u);
  EXPECT_EQ(device_heap_after_command(the_device(), "k"), nullptr);
}
