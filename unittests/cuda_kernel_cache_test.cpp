// The CUDA backend's on-disk kernel cache (cuda_kernel_cache.hpp): keys,
// the file format and its checks, where the cache lives, and — over a fake
// driver whose linker makes fake cubins — that a second "run" (a fresh
// device) loads the stored cubin instead of linking again. No GPU needed.
#include "backends/cuda/cuda_backend.hpp"
#include "backends/cuda/cuda_device.hpp"
#include "backends/cuda/cuda_driver.hpp"
#include "backends/cuda/cuda_kernel_cache.hpp"
#include "hc/detail/exceptions.hpp"
#include "hc/detail/image_registry.h"

#include "test_env.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <thread>
#include <unistd.h>

using namespace hc::detail;
using namespace hc::detail::rt::cuda;
using hcc_test::contains;
using hcc_test::scoped_env;
namespace fs = std::filesystem;

namespace {

std::string read_file(const fs::path &path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

void write_file(const fs::path &path, const std::string &bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << bytes;
}

std::vector<std::string> entries(const fs::path &dir) {
  std::vector<std::string> names;
  for (const fs::directory_entry &e : fs::directory_iterator(dir))
    names.push_back(e.path().filename().string());
  return names;
}

// A fresh directory under the system's temp dir, removed afterwards.
class CacheDir : public testing::Test {
protected:
  void SetUp() override {
    std::string name = (fs::temp_directory_path() / "hcc-kcache-XXXXXX").string();
    ASSERT_NE(mkdtemp(&name[0]), nullptr);
    root_ = name;
    dir_ = root_ / "kernels";
  }
  void TearDown() override {
    std::error_code ignored;
    fs::permissions(root_, fs::perms::owner_all, ignored);
    fs::remove_all(root_, ignored);
  }

  fs::path root_, dir_;
};

const char sample_ptx[] = ".version 8.0\n.target sm_90\n"
                          ".visible .entry k(\n)\n{ ret; }\n";

kernel_cache_inputs sample_inputs() {
  kernel_cache_inputs in;
  in.ptx = sample_ptx;
  in.ptx_size = sizeof sample_ptx - 1;
  in.driver_version = 13000;
  in.driver_build = "/usr/lib/libcuda.so.580.65.06:1000:1700000000";
  in.device_name = "NVIDIA H100 80GB HBM3";
  in.cc_major = 9;
  in.cc_minor = 0;
  in.jit_options = "cuLink ptx 5,6,3,4";
  return in;
}

} // namespace

// --- keys --------------------------------------------------------------------------

TEST(KernelCacheKey, SameInputsSameKey) {
  kernel_cache_key a = make_kernel_cache_key(sample_inputs());
  kernel_cache_key b = make_kernel_cache_key(sample_inputs());
  EXPECT_EQ(a, b);
  std::string hex = a.hex();
  EXPECT_EQ(hex.size(), 32u);
  EXPECT_EQ(hex.find_first_not_of("0123456789abcdef"), std::string::npos) << hex;
  // A copy of the PTX elsewhere in memory: the bytes count, not the address.
  std::string copy(sample_ptx);
  kernel_cache_inputs in = sample_inputs();
  in.ptx = copy.data();
  EXPECT_EQ(make_kernel_cache_key(in), a);
}

TEST(KernelCacheKey, StableAcrossRunsAndBuilds) {
  // XXH3 is specified (stable since xxHash 0.8.0) and unseeded here, so a
  // key never depends on the process. If this value changes, the key
  // scheme changed: bump kernel_cache_format and update it. (Numbers are
  // hashed in native byte order: this value is a little-endian one.)
  EXPECT_EQ(make_kernel_cache_key(sample_inputs()).hex(),
            "2b7bb246505e9b528b23aca6144386ba");
}

TEST(KernelCacheKey, EveryInputChangesTheKey) {
  const kernel_cache_key base = make_kernel_cache_key(sample_inputs());
  std::set<std::string> keys = {base.hex()};
  auto differs = [&](const char *what, void (*change)(kernel_cache_inputs &)) {
    kernel_cache_inputs in = sample_inputs();
    change(in);
    kernel_cache_key key = make_kernel_cache_key(in);
    EXPECT_NE(key, base) << what;
    EXPECT_TRUE(keys.insert(key.hex()).second) << what << " collides";
  };
  static std::string edited;
  differs("one PTX byte", [](kernel_cache_inputs &in) {
    edited = sample_ptx;
    edited[edited.find("sm_90")] = 'S';
    in.ptx = edited.data();
  });
  differs("PTX length", [](kernel_cache_inputs &in) { in.ptx_size -= 1; });
  differs("driver version", [](kernel_cache_inputs &in) { in.driver_version = 12080; });
  differs("driver build", [](kernel_cache_inputs &in) {
    in.driver_build = "/usr/lib/libcuda.so.580.82.07:1000:1700000000";
  });
  differs("device name", [](kernel_cache_inputs &in) { in.device_name = "NVIDIA H200"; });
  differs("cc major", [](kernel_cache_inputs &in) { in.cc_major = 10; });
  differs("cc minor", [](kernel_cache_inputs &in) { in.cc_minor = 1; });
  differs("JIT options", [](kernel_cache_inputs &in) { in.jit_options += ",7=4"; });
  // Fields are length-prefixed: moving a byte from one to the next matters.
  differs("field boundary", [](kernel_cache_inputs &in) {
    in.device_name += "x";
    in.jit_options = in.jit_options.substr(1);
  });
}

TEST(KernelCacheKey, JitOptionsIgnoreLogBufferAddresses) {
  char log_a[16], log_b[32];
  CUjit_option options[] = {CU_JIT_ERROR_LOG_BUFFER,
                            CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
                            CU_JIT_OPTIMIZATION_LEVEL};
  void *a[] = {log_a, reinterpret_cast<void *>(std::uintptr_t(16)),
               reinterpret_cast<void *>(std::uintptr_t(4))};
  void *b[] = {log_b, reinterpret_cast<void *>(std::uintptr_t(32)),
               reinterpret_cast<void *>(std::uintptr_t(4))};
  EXPECT_EQ(describe_jit_options(options, a, 3), describe_jit_options(options, b, 3));
  EXPECT_EQ(describe_jit_options(options, a, 3), "5,6,7=4");
  // An option that changes the code changes the description.
  b[2] = reinterpret_cast<void *>(std::uintptr_t(1));
  EXPECT_NE(describe_jit_options(options, a, 3), describe_jit_options(options, b, 3));
}

TEST(KernelCacheKey, DriverLibraryIdentity) {
  // A function of this program: its file, size and modification time.
  std::string id = driver_library_identity(
      reinterpret_cast<const void *>(&make_kernel_cache_key));
  EXPECT_TRUE(contains(id, "libhc_runtime.so:")) << id;
  EXPECT_EQ(driver_library_identity(nullptr), "");
}

// --- where the cache lives ---------------------------------------------------------

TEST(KernelCacheDirectory, FromTheSettings) {
  std::string why;
  EXPECT_EQ(kernel_cache_directory("/data/k", "/x", "/home/u", why), "/data/k");
  EXPECT_EQ(kernel_cache_directory("", "/x", "/home/u", why), "/x/hcc/kernels");
  EXPECT_EQ(kernel_cache_directory("", "", "/home/u", why),
            "/home/u/.cache/hcc/kernels");
  // XDG: a relative XDG_CACHE_HOME is invalid and ignored.
  EXPECT_EQ(kernel_cache_directory("", "rel", "/home/u", why),
            "/home/u/.cache/hcc/kernels");
  for (const char *off : {"off", "OFF", "0"}) {
    why.clear();
    EXPECT_EQ(kernel_cache_directory(off, "/x", "/home/u", why), "") << off;
    EXPECT_TRUE(contains(why, "HCC_KERNEL_CACHE=")) << why;
  }
  why.clear();
  EXPECT_EQ(kernel_cache_directory("", "", "", why), "");
  EXPECT_FALSE(why.empty());
}

TEST_F(CacheDir, DefaultIsUnderXdgCacheHome) {
  scoped_env cache("HCC_KERNEL_CACHE", nullptr);
  scoped_env xdg("XDG_CACHE_HOME", root_.c_str());
  std::unique_ptr<kernel_cache> c = kernel_cache::from_environment();
  ASSERT_TRUE(c->enabled()) << c->why_disabled();
  EXPECT_EQ(c->directory(), (root_ / "hcc" / "kernels").string());
  EXPECT_TRUE(fs::is_directory(root_ / "hcc" / "kernels"));
  // Created for this user only: it holds code the program runs.
  EXPECT_EQ(fs::status(root_ / "hcc").permissions() & fs::perms::all,
            fs::perms::owner_all);
}

TEST_F(CacheDir, DisabledThroughTheEnvironment) {
  for (const char *off : {"off", "0"}) {
    scoped_env cache("HCC_KERNEL_CACHE", off);
    std::unique_ptr<kernel_cache> c = kernel_cache::from_environment();
    EXPECT_FALSE(c->enabled());
    EXPECT_TRUE(contains(c->why_disabled(), off)) << c->why_disabled();
    std::vector<char> image;
    std::string why;
    EXPECT_FALSE(c->load(kernel_cache_key{1, 2}, image, why));
    EXPECT_FALSE(c->store(kernel_cache_key{1, 2}, "x", 1, why));
  }
}

TEST_F(CacheDir, UnusableDirectoryMeansNoCache) {
  // Below a regular file: cannot be created, not even by root.
  write_file(root_ / "file", "x");
  kernel_cache c((root_ / "file" / "kernels").string());
  EXPECT_FALSE(c.enabled());
  EXPECT_TRUE(contains(c.why_disabled(), "cannot create")) << c.why_disabled();
  std::string why;
  EXPECT_FALSE(c.store(kernel_cache_key{1, 2}, "x", 1, why));
  // The directory is a file.
  kernel_cache f((root_ / "file").string());
  EXPECT_FALSE(f.enabled());
  // An empty name.
  EXPECT_FALSE(kernel_cache("").enabled());
}

TEST_F(CacheDir, ReadOnlyDirectoryMeansNoCache) {
  if (geteuid() == 0)
    GTEST_SKIP() << "root may write anywhere";
  fs::create_directories(dir_);
  fs::permissions(dir_, fs::perms::owner_read | fs::perms::owner_exec);
  kernel_cache c(dir_.string());
  EXPECT_FALSE(c.enabled());
  EXPECT_TRUE(contains(c.why_disabled(), "cannot write")) << c.why_disabled();
  fs::permissions(dir_, fs::perms::owner_all);
}

TEST_F(CacheDir, DirectoryGoneAfterOpening) {
  kernel_cache c(dir_.string());
  ASSERT_TRUE(c.enabled());
  fs::remove_all(dir_);
  std::string why;
  EXPECT_FALSE(c.store(kernel_cache_key{1, 2}, "cubin", 5, why));
  EXPECT_TRUE(contains(why, "cannot create a file")) << why;
  std::vector<char> image;
  EXPECT_FALSE(c.load(kernel_cache_key{1, 2}, image, why));
  EXPECT_EQ(why, ""); // no file: a plain miss
}

// --- files ---------------------------------------------------------------------------

TEST_F(CacheDir, StoreThenLoad) {
  kernel_cache c(dir_.string());
  ASSERT_TRUE(c.enabled()) << c.why_disabled();
  kernel_cache_key key = make_kernel_cache_key(sample_inputs());
  std::vector<char> image;
  std::string why;
  EXPECT_FALSE(c.load(key, image, why));
  EXPECT_EQ(why, "");

  std::string cubin = "\x7f" "ELF fake cubin";
  cubin += std::string(1000, '\0') + "end";
  ASSERT_TRUE(c.store(key, cubin.data(), cubin.size(), why)) << why;
  EXPECT_EQ(c.path(key), (dir_ / (key.hex() + ".cubin")).string());
  // Only the file itself: the temporary file was renamed.
  EXPECT_EQ(entries(dir_), std::vector<std::string>{key.hex() + ".cubin"});

  ASSERT_TRUE(c.load(key, image, why)) << why;
  EXPECT_EQ(std::string(image.begin(), image.end()), cubin);
  // Another key is another file.
  EXPECT_FALSE(c.load(kernel_cache_key{key.high, key.low + 1}, image, why));

  // Replacing and empty payloads.
  ASSERT_TRUE(c.store(key, "", 0, why)) << why;
  ASSERT_TRUE(c.load(key, image, why)) << why;
  EXPECT_TRUE(image.empty());
  c.discard(key);
  EXPECT_TRUE(entries(dir_).empty());
}

TEST_F(CacheDir, CorruptFilesAreRejectedThenReplaced) {
  kernel_cache c(dir_.string());
  kernel_cache_key key{0x0123456789abcdefull, 0xfedcba9876543210ull};
  const std::string cubin(4096, 'c');
  std::string why;
  ASSERT_TRUE(c.store(key, cubin.data(), cubin.size(), why)) << why;
  const std::string good = read_file(c.path(key));
  ASSERT_EQ(good.size(), 56 + cubin.size());
  std::vector<char> image;

  struct {
    const char *what;
    std::string bytes;
    const char *reason;
  } damaged[] = {
      {"payload byte", good.substr(0, 1000) + 'X' + good.substr(1001), "corrupt"},
      {"magic", "X" + good.substr(1), "not a kernel cache file"},
      {"format", good.substr(0, 8) + '\x07' + good.substr(9), "format"},
      {"one byte short", good.substr(0, good.size() - 1), "truncated"},
      {"header only", good.substr(0, 56), "truncated"},
      {"half a header", good.substr(0, 20), "truncated"},
      {"empty", "", "truncated"},
      {"padded", good + "x", "padded"},
  };
  for (auto &d : damaged) {
    write_file(c.path(key), d.bytes);
    image.assign(3, 'z');
    EXPECT_FALSE(c.load(key, image, why)) << d.what;
    EXPECT_TRUE(contains(why, d.reason)) << d.what << ": " << why;
    EXPECT_TRUE(image.empty()) << d.what;
  }
  // A valid file of another key under this key's name.
  kernel_cache_key other{1, 2};
  ASSERT_TRUE(c.store(other, cubin.data(), cubin.size(), why));
  fs::copy_file(c.path(other), c.path(key), fs::copy_options::overwrite_existing);
  EXPECT_FALSE(c.load(key, image, why));
  EXPECT_TRUE(contains(why, "another key")) << why;

  // The next store replaces whatever was there.
  ASSERT_TRUE(c.store(key, cubin.data(), cubin.size(), why)) << why;
  ASSERT_TRUE(c.load(key, image, why)) << why;
  EXPECT_EQ(std::string(image.begin(), image.end()), cubin);
}

TEST_F(CacheDir, ConcurrentWritersAndReadersSeeWholeFiles) {
  kernel_cache c(dir_.string());
  kernel_cache_key key{7, 7};
  std::atomic<int> bad{0}, hits{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      // Each writer's image is all one byte: a mix would show.
      std::string mine(256 * 1024, static_cast<char>('a' + t));
      std::vector<char> image;
      std::string why;
      for (int i = 0; i < 20; ++i) {
        if (!c.store(key, mine.data(), mine.size(), why))
          ++bad;
        if (c.load(key, image, why)) {
          ++hits;
          if (image.size() != mine.size() ||
              std::count(image.begin(), image.end(), image[0]) !=
                  static_cast<long>(image.size()))
            ++bad;
        } else {
          ++bad; // a file is always there once the first store finished
        }
      }
    });
  for (std::thread &t : threads)
    t.join();
  EXPECT_EQ(bad.load(), 0);
  EXPECT_EQ(hits.load(), 80);
  EXPECT_EQ(entries(dir_).size(), 1u); // no temporary files left behind
}

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
    g_driver = new fake_driver; // leaked: devices outlive the test
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
