// The CUDA backend's on-disk kernel cache (cuda_kernel_cache.hpp): keys,
// the file format and its checks, and where the cache lives. Loading
// kernels through the cache on a device is tested in
// cuda_kernel_cache_device_test.cpp. No GPU needed.
#include "backends/cuda/cuda_driver.hpp"
#include "backends/cuda/cuda_kernel_cache.hpp"

#include "kernel_cache_dir.hpp"
#include "test_env.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <set>
#include <string>
#include <thread>
#include <unistd.h>
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

namespace {

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
