// The on-disk cache of compiled kernels (cubins) of the CUDA backend.
//
// JIT-compiling PTX costs tens of milliseconds per image and happens again
// in every run. The device links PTX to a cubin with the driver's linker
// and keeps it here, so that the next run of the program loads the cubin.
// This file only finds and stores files; cuda_device decides what to
// compile and when (docs/cuda-backend.md, "Kernel cache").
//
// A cached file is named after a 128-bit hash of everything the cubin
// depends on (kernel_cache_inputs), so nothing is ever invalidated: a
// change of PTX, driver or GPU simply gives another name. Files are
// written atomically (a temporary file, then rename()) and checked when
// read (magic, format, size, payload hash): a damaged file is a miss,
// never trusted.
#ifndef HC_RUNTIME_CUDA_CUDA_KERNEL_CACHE_HPP
#define HC_RUNTIME_CUDA_CUDA_KERNEL_CACHE_HPP

#include "backends/cuda/cuda_driver.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace hc {
namespace detail {
namespace rt {
namespace cuda {

// Bumped whenever the file layout or what goes into the key changes: older
// files then stop matching (and can be deleted with the directory).
constexpr std::uint32_t kernel_cache_format = 1;

struct kernel_cache_key {
  std::uint64_t high = 0, low = 0;
  // 32 lowercase hexadecimal digits: the file name without ".cubin".
  std::string hex() const;
  bool operator==(const kernel_cache_key &o) const {
    return high == o.high && low == o.low;
  }
  bool operator!=(const kernel_cache_key &o) const { return !(*this == o); }
};

// Everything a cubin produced from PTX depends on.
struct kernel_cache_inputs {
  const void *ptx = nullptr; // the bytes the linker gets
  std::size_t ptx_size = 0;
  int driver_version = 0;   // cuDriverGetVersion (CUDA version, e.g. 13000)
  std::string driver_build; // driver_library_identity(): which build of it
  std::string device_name;  // cuDeviceGetName
  int cc_major = 0, cc_minor = 0;
  std::string jit_options; // describe_jit_options()
};

// XXH3-128 over the inputs (each field length-prefixed, with
// kernel_cache_format), so equal inputs give equal keys in every run.
kernel_cache_key make_kernel_cache_key(const kernel_cache_inputs &in);

// The JIT options as part of a key: each option's number, and its value
// unless it is a log buffer or its size (addresses that change every run
// and do not affect the code).
std::string describe_jit_options(const CUjit_option *options,
                                 void *const *values, unsigned count);

// "<real path>:<size>:<mtime>" of the shared library that defines
// `symbol` (the driver), or "" when unknown. cuDriverGetVersion names the
// CUDA version only; two driver builds of one version may compile
// differently, and an update replaces the file.
std::string driver_library_identity(const void *symbol);

// The cache directory for the value of HCC_KERNEL_CACHE (`setting`),
// XDG_CACHE_HOME and HOME: `setting` itself when set, "" when it is "off"
// or "0", else $XDG_CACHE_HOME/hcc/kernels (when absolute, as XDG asks),
// else $HOME/.cache/hcc/kernels. Returns "" and sets `why` when there is
// none.
std::string kernel_cache_directory(const std::string &setting,
                                   const std::string &xdg_cache_home,
                                   const std::string &home, std::string &why);

class kernel_cache {
public:
  // A cache in `directory`, created (mode 0700) if missing. Disabled, with
  // why_disabled(), when `directory` is "" or cannot be created or written.
  explicit kernel_cache(const std::string &directory);
  // The cache that HCC_KERNEL_CACHE, XDG_CACHE_HOME and HOME name.
  static std::unique_ptr<kernel_cache> from_environment();

  bool enabled() const { return !directory_.empty(); }
  const std::string &directory() const { return directory_; }
  // Why the cache is off; "" when it is enabled.
  const std::string &why_disabled() const { return why_; }

  // <directory>/<key.hex()>.cubin
  std::string path(const kernel_cache_key &key) const;

  // The stored image for `key`. False when there is none or the file fails
  // the checks; then `why` says what was wrong ("" when there was simply
  // no file). A bad file is left for store() to replace.
  bool load(const kernel_cache_key &key, std::vector<char> &image,
            std::string &why) const;
  // Writes the image atomically: readers see the old file or the whole new
  // one. False, with `why`, when it could not be written.
  bool store(const kernel_cache_key &key, const void *image, std::size_t size,
             std::string &why) const;
  // Removes the file of `key` (the driver rejected it).
  void discard(const kernel_cache_key &key) const;

private:
  std::string directory_;
  std::string why_;
};

} // namespace cuda
} // namespace rt
} // namespace detail
} // namespace hc

#endif
