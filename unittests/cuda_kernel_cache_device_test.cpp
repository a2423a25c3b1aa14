// The CUDA backend's on-disk kernel cache on a device, over a fake driver
// whose linker makes fake cubins: a second "run" (a fresh device) loads the
// stored cubin instead of linking again, keys that change with the device
// and driver, a disabled or unusable cache, damaged and rejected cubins,
// and JIT failures. No GPU needed.
#include "backends/cuda/cuda_backend.hpp"
#include "backends/cuda/cuda_device.hpp"
#include "backends/cuda/cuda_driver.hpp"
#include "backends/cuda/cuda_kernel_cache.hpp"
#include "hc/detail/exceptions.hpp"
#include "hc/detail/image_registry.h"

#include "kernel_cache_dir.hpp"
#include "test_env.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

using namespace hc::detail;
using namespace hc::detail::rt::cuda;
using hcc_test::CacheDir;
using hcc_test::contains;
using hcc_test::entries;
using hcc_test::read_file;
using hcc_test::scoped_env;
using hcc_test::write_file;
namespace fs = std::filesystem;

// --- the device over a fake driver -------------------------------------------------

namespace {

struct fake_driver {
  int driver_version = 13000;
  std::string device_name = "Fake GPU";
  int cc_major = 9, cc_minor = 0;
  CUresult link_result = CUDA_SUCCESS; // of cuLinkAddData
  std::string link_error_log;
  int reject_cubins = 0; // the next N cubin loads fail
  int links = 0, link_destroys = 0, ptx_loads = 0, cubin_loads = 0;
  std::string last_cubin;
  std::set<std::string> hidden_symbols;
};

fake_driver *g_driver = nullptr;
fake_driver &D() { return *g_driver; }

// Every entry point fails unless faked below.
#define HCC_TEST_STUB(member, symbol, params)                                  \
  CUresult stub_##member params { return CUDA_ERROR_NOT_SUPPORTED; }
HCC_CUDA_REQUIRED_ENTRY_POINTS(HCC_TEST_STUB)
HCC_CUDA_OPTIONAL_ENTRY_POINTS(HCC_TEST_STUB)
#undef HCC_TEST_STUB

CUresult fGetErrorName(CUresult r, const char **s) {
  *s = builtin_error_name(r);
  return *s ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}
CUresult fGetErrorString(CUresult, const char **s) {
  *s = "fake error";
  return CUDA_SUCCESS;
}
CUresult fInit(unsigned) { return CUDA_SUCCESS; }
CUresult fDriverGetVersion(int *v) {
  *v = D().driver_version;
  return CUDA_SUCCESS;
}
CUresult fDeviceGetCount(int *n) {
  *n = 1;
  return CUDA_SUCCESS;
}
CUresult fDeviceGet(CUdevice *d, int ordinal) {
  *d = ordinal;
  return CUDA_SUCCESS;
}
CUresult fDeviceGetName(char *name, int len, CUdevice) {
  std::snprintf(name, static_cast<std::size_t>(len), "%s", D().device_name.c_str());
  return CUDA_SUCCESS;
}
CUresult fDeviceTotalMem(std::size_t *bytes, CUdevice) {
  *bytes = 1ull << 30;
  return CUDA_SUCCESS;
}
CUresult fDeviceGetAttribute(int *v, CUdevice_attribute a, CUdevice) {
  switch (a) {
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR: *v = D().cc_major; break;
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR: *v = D().cc_minor; break;
  case CU_DEVICE_ATTRIBUTE_WARP_SIZE: *v = 32; break;
  case CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT: *v = 132; break;
  case CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK: *v = 1024; break;
  case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK: *v = 48 * 1024; break;
  default: *v = 0; break; // capabilities this test does not need: off
  }
  return CUDA_SUCCESS;
}
CUresult fPrimaryCtxRetain(CUcontext *c, CUdevice) {
  *c = reinterpret_cast<CUcontext>(std::uintptr_t(0x1000));
  return CUDA_SUCCESS;
}
CUresult fCtxSetCurrent(CUcontext) { return CUDA_SUCCESS; }

// The fake linker: the "cubin" is a tag and the PTX it was made from.
const char cubin_tag[] = "FAKECUBIN\n";
struct fake_link {
  std::string ptx, cubin;
  char *error_log = nullptr;
  std::size_t error_log_size = 0;
};

CUresult fLinkCreate(unsigned n, CUjit_option *options, void **values,
                     CUlinkState *state) {
  auto *link = new fake_link;
  for (unsigned i = 0; i < n; ++i) {
    if (options[i] == CU_JIT_ERROR_LOG_BUFFER)
      link->error_log = static_cast<char *>(values[i]);
    if (options[i] == CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES)
      link->error_log_size = reinterpret_cast<std::uintptr_t>(values[i]);
  }
  *state = reinterpret_cast<CUlinkState>(link);
  return CUDA_SUCCESS;
}
CUresult fLinkAddData(CUlinkState state, CUjitInputType type, void *data,
                      std::size_t size, const char *, unsigned, CUjit_option *,
                      void **) {
  auto *link = reinterpret_cast<fake_link *>(state);
  EXPECT_EQ(type, CU_JIT_INPUT_PTX);
  const char *text = static_cast<const char *>(data);
  EXPECT_EQ(text[size - 1], '\0'); // PTX with its NUL
  if (D().link_result != CUDA_SUCCESS) {
    if (link->error_log && link->error_log_size)
      std::snprintf(link->error_log, link->error_log_size, "%s",
                    D().link_error_log.c_str());
    return D().link_result;
  }
  link->ptx.append(text, size - 1);
  return CUDA_SUCCESS;
}
CUresult fLinkComplete(CUlinkState state, void **cubin, std::size_t *size) {
  auto *link = reinterpret_cast<fake_link *>(state);
  ++D().links;
  // With a NUL, so that the fake loader may treat it as a string (real
  // cubins are ELF files that say how long they are).
  link->cubin = cubin_tag + link->ptx;
  link->cubin += '\0';
  *cubin = &link->cubin[0];
  *size = link->cubin.size();
  return CUDA_SUCCESS;
}
CUresult fLinkDestroy(CUlinkState state) {
  ++D().link_destroys;
  delete reinterpret_cast<fake_link *>(state);
  return CUDA_SUCCESS;
}

CUresult fModuleLoadDataEx(CUmodule *m, const void *image, unsigned,
                           CUjit_option *, void **) {
  const char *text = static_cast<const char *>(image);
  if (std::strncmp(text, cubin_tag, sizeof cubin_tag - 1) == 0) {
    if (D().reject_cubins > 0) {
      --D().reject_cubins;
      return CUDA_ERROR_INVALID_IMAGE;
    }
    ++D().cubin_loads;
    D().last_cubin = text;
  } else if (std::strstr(text, ".entry")) {
    ++D().ptx_loads;
  } else {
    return CUDA_ERROR_INVALID_IMAGE;
  }
  *m = reinterpret_cast<CUmodule>(std::uintptr_t(0x2000));
  return CUDA_SUCCESS;
}
CUresult fModuleGetFunction(CUfunction *f, CUmodule, const char *) {
  *f = reinterpret_cast<CUfunction>(std::uintptr_t(0x3000));
  return CUDA_SUCCESS;
}
CUresult fFuncGetAttribute(int *v, CUfunction_attribute, CUfunction) {
  *v = 1024;
  return CUDA_SUCCESS;
}
// The fake's modules have no variables (no printf buffer, no device heap):
// what the driver answers for a missing one.
CUresult fModuleGetGlobal(CUdeviceptr *, std::size_t *, CUmodule,
                          const char *) {
  return CUDA_ERROR_NOT_FOUND;
}

void *lookup(const char *symbol) {
  static const std::map<std::string, void *> table = [] {
    std::map<std::string, void *> t;
#define HCC_TEST_ENTRY(member, name, params) t[name] = (void *)&stub_##member;
    HCC_CUDA_REQUIRED_ENTRY_POINTS(HCC_TEST_ENTRY)
    HCC_CUDA_OPTIONAL_ENTRY_POINTS(HCC_TEST_ENTRY)
#undef HCC_TEST_ENTRY
    t["cuGetErrorName"] = (void *)&fGetErrorName;
    t["cuGetErrorString"] = (void *)&fGetErrorString;
    t["cuInit"] = (void *)&fInit;
    t["cuDriverGetVersion"] = (void *)&fDriverGetVersion;
    t["cuDeviceGetCount"] = (void *)&fDeviceGetCount;
    t["cuDeviceGet"] = (void *)&fDeviceGet;
    t["cuDeviceGetName"] = (void *)&fDeviceGetName;
    t["cuDeviceTotalMem_v2"] = (void *)&fDeviceTotalMem;
    t["cuDeviceGetAttribute"] = (void *)&fDeviceGetAttribute;
    t["cuDevicePrimaryCtxRetain"] = (void *)&fPrimaryCtxRetain;
    t["cuCtxSetCurrent"] = (void *)&fCtxSetCurrent;
    t["cuLinkCreate_v2"] = (void *)&fLinkCreate;
    t["cuLinkAddData_v2"] = (void *)&fLinkAddData;
    t["cuLinkComplete"] = (void *)&fLinkComplete;
    t["cuLinkDestroy"] = (void *)&fLinkDestroy;
    t["cuModuleLoadDataEx"] = (void *)&fModuleLoadDataEx;
    t["cuModuleGetFunction"] = (void *)&fModuleGetFunction;
    t["cuFuncGetAttribute"] = (void *)&fFuncGetAttribute;
    t["cuModuleGetGlobal_v2"] = (void *)&fModuleGetGlobal;
    return t;
  }();
  if (D().hidden_symbols.count(symbol))
    return nullptr;
  auto it = table.find(symbol);
  return it == table.end() ? nullptr : it->second;
}

const char cached_ptx[] =
    "//\n.version 8.0\n.target sm_90\n"
    ".visible .entry cache_kernel_a(\n .param .align 8 .b8 p[16]\n)\n{ ret; }\n";

void register_image() {
  static __hcc_image_desc a = {__HCC_IMAGE_DESC_VERSION, __hcc_image_ptx,
                               "sm_90", cached_ptx, sizeof cached_ptx - 1,
                               "cached.cpp"};
  static bool done = (__hcc_register_image(&a), true);
  (void)done;
}

class KernelCacheDevice : public CacheDir {
protected:
  void SetUp() override {
    CacheDir::SetUp();
    // The devices of earlier tests stay, but only loaded kernels: nothing
    // of theirs calls the driver again.
    delete g_driver;
    g_driver = new fake_driver;
    register_image();
  }

  // One "run" of a program: a new backend and device (nothing loaded yet)
  // that loads the kernel; returns the HCC_VERBOSE notes.
  std::string run() {
    scoped_env verbose("HCC_VERBOSE", "1");
    testing::internal::CaptureStderr();
    try {
      std::vector<device *> devices = rt::cuda::make_backend_with(&lookup)->discover();
      EXPECT_EQ(devices.size(), 1u);
      static_cast<cuda_device *>(devices.at(0))->kernel("cache_kernel_a");
    } catch (...) {
      testing::internal::GetCapturedStderr();
      throw;
    }
    return testing::internal::GetCapturedStderr();
  }

  std::string cache_file() const {
    std::vector<std::string> names = entries(dir_);
    EXPECT_EQ(names.size(), 1u);
    return names.empty() ? std::string() : (dir_ / names[0]).string();
  }
};

} // namespace

TEST_F(KernelCacheDevice, SecondRunLoadsTheStoredCubin) {
  scoped_env cache("HCC_KERNEL_CACHE", dir_.c_str());
  std::string first = run();
  EXPECT_EQ(D().links, 1);
  EXPECT_EQ(D().link_destroys, 1);
  EXPECT_EQ(D().cubin_loads, 1);
  EXPECT_EQ(D().ptx_loads, 0);
  std::string file = cache_file();
  EXPECT_EQ(file.size() - dir_.string().size(), 1 + 32 + 6u); // /<hex>.cubin
  EXPECT_TRUE(contains(first, "JIT ")) << first;
  EXPECT_TRUE(contains(first, " ms, stored " + file)) << first;

  std::string second = run();
  EXPECT_EQ(D().links, 1); // not linked again
  EXPECT_EQ(D().cubin_loads, 2);
  EXPECT_EQ(D().last_cubin, cubin_tag + std::string(cached_ptx));
  EXPECT_TRUE(contains(second, "kernel cache hit " + file)) << second;
  EXPECT_FALSE(contains(second, "stored")) << second;
}

TEST_F(KernelCacheDevice, AnotherDeviceOrDriverIsAnotherFile) {
  scoped_env cache("HCC_KERNEL_CACHE", dir_.c_str());
  run();
  D().device_name = "Fake GPU 2";
  run();
  D().cc_minor = 1;
  run();
  D().driver_version = 13010;
  run();
  EXPECT_EQ(D().links, 4);
  EXPECT_EQ(entries(dir_).size(), 4u);
  run(); // the last combination again: a hit
  EXPECT_EQ(D().links, 4);
}

TEST_F(KernelCacheDevice, DisabledCacheLoadsPtxEveryRun) {
  scoped_env cache("HCC_KERNEL_CACHE", "off");
  std::string first = run();
  run();
  EXPECT_EQ(D().links, 0);
  EXPECT_EQ(D().ptx_loads, 2);
  EXPECT_TRUE(contains(first, "no kernel cache: HCC_KERNEL_CACHE=off")) << first;
}

TEST_F(KernelCacheDevice, DefaultDirectoryFromXdgCacheHome) {
  scoped_env cache("HCC_KERNEL_CACHE", nullptr);
  scoped_env xdg("XDG_CACHE_HOME", root_.c_str());
  run();
  run();
  EXPECT_EQ(D().links, 1);
  EXPECT_EQ(entries(root_ / "hcc" / "kernels").size(), 1u);
}

TEST_F(KernelCacheDevice, UnusableDirectoryStillRuns) {
  write_file(root_ / "file", "x");
  std::string below_a_file = (root_ / "file" / "kernels").string();
  scoped_env cache("HCC_KERNEL_CACHE", below_a_file.c_str());
  std::string log;
  EXPECT_NO_THROW(log = run());
  EXPECT_EQ(D().ptx_loads, 1);
  EXPECT_TRUE(contains(log, "no kernel cache: cannot create")) << log;
}

TEST_F(KernelCacheDevice, DriverWithoutLinkerLoadsPtx) {
  scoped_env cache("HCC_KERNEL_CACHE", dir_.c_str());
  D().hidden_symbols = {"cuLinkComplete"};
  std::string log = run();
  EXPECT_EQ(D().links, 0);
  EXPECT_EQ(D().ptx_loads, 1);
  EXPECT_TRUE(contains(log, "lacks cuLinkCreate_v2")) << log;
  EXPECT_FALSE(fs::exists(dir_)); // nothing created
}

TEST_F(KernelCacheDevice, CorruptFileIsIgnoredAndReplaced) {
  scoped_env cache("HCC_KERNEL_CACHE", dir_.c_str());
  run();
  std::string file = cache_file();
  std::string bytes = read_file(file);
  bytes[bytes.size() - 3] ^= 1;
  write_file(file, bytes);
  std::string log = run();
  EXPECT_EQ(D().links, 2);
  EXPECT_TRUE(contains(log, "ignoring " + file + ": payload does not match"))
      << log;
  EXPECT_TRUE(contains(log, "stored " + file)) << log;
  run();
  EXPECT_EQ(D().links, 2);

  write_file(file, bytes.substr(0, 30)); // truncated
  run();
  EXPECT_EQ(D().links, 3);
}

TEST_F(KernelCacheDevice, CubinTheDriverRejectsIsDiscardedAndRecompiled) {
  scoped_env cache("HCC_KERNEL_CACHE", dir_.c_str());
  run();
  D().reject_cubins = 1;
  std::string log = run();
  EXPECT_EQ(D().links, 2);
  EXPECT_TRUE(contains(log, "the driver rejects")) << log;
  EXPECT_TRUE(contains(log, "CUDA_ERROR_INVALID_IMAGE")) << log;
  EXPECT_TRUE(contains(log, "stored ")) << log;
  run();
  EXPECT_EQ(D().links, 2);
}

TEST_F(KernelCacheDevice, JitFailureCarriesTheLogAndStoresNothing) {
  scoped_env cache("HCC_KERNEL_CACHE", dir_.c_str());
  D().link_result = CUDA_ERROR_INVALID_PTX;
  D().link_error_log = "ptxas fatal   : Unresolved extern function 'puts'";
  try {
    run();
    FAIL() << "no exception";
  } catch (const Kalmar::runtime_exception &e) {
    std::string message = e.what();
    EXPECT_TRUE(contains(message, "cuda:0 (Fake GPU)")) << message;
    EXPECT_TRUE(contains(message, "loading the PTX image for sm_90 from cached.cpp"))
        << message;
    EXPECT_TRUE(contains(message, "cuLinkAddData_v2 failed with CUDA_ERROR_INVALID_PTX"))
        << message;
    EXPECT_TRUE(contains(message, "JIT error log:\nptxas fatal   : Unresolved "
                                  "extern function 'puts'"))
        << message;
  }
  EXPECT_EQ(D().link_destroys, 1); // the link state is not leaked
  EXPECT_TRUE(entries(dir_).empty());
}
