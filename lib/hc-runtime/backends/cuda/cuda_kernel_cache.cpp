#include "backends/cuda/cuda_kernel_cache.hpp"

#include "core/environment.hpp"

// xxHash compiled into this file (every function static inline): the
// runtime needs no libxxhash at run time, only the header at build time.
#define XXH_INLINE_ALL
#include <xxhash.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace hc {
namespace detail {
namespace rt {
namespace cuda {

namespace {

// The layout of a cache file: this header, then the cubin. Native byte
// order: the cache belongs to one machine (the key names its GPU).
struct file_header {
  char magic[8];              // file_magic
  std::uint32_t format;       // kernel_cache_format
  std::uint32_t header_size;  // sizeof(file_header)
  std::uint64_t payload_size; // bytes after the header
  std::uint64_t payload_hash[2]; // XXH3-128 of the payload (high, low)
  std::uint64_t key[2];          // the key the file is named after
};
static_assert(sizeof(file_header) == 56, "file_header has no padding");

constexpr char file_magic[8] = {'H', 'C', 'C', 'C', 'U', 'B', 'I', 'N'};

// Larger files are not cubins we wrote; do not read them into memory.
constexpr std::uint64_t max_payload = 1ull << 30;

class hasher {
public:
  hasher() {
    XXH3_INITSTATE(&state_);
    XXH3_128bits_reset(&state_);
  }
  void bytes(const void *data, std::size_t size) {
    // Length first, so that fields cannot run into each other.
    number(static_cast<std::uint64_t>(size));
    XXH3_128bits_update(&state_, data, size);
  }
  void text(const std::string &s) { bytes(s.data(), s.size()); }
  void number(std::uint64_t value) {
    XXH3_128bits_update(&state_, &value, sizeof value);
  }
  kernel_cache_key key() {
    XXH128_hash_t h = XXH3_128bits_digest(&state_);
    return {h.high64, h.low64};
  }

private:
  XXH3_state_t state_;
};

std::string errno_text(int error) { return std::strerror(error); }

// mkdir -p with mode 0700 for what it creates: the directory holds code
// the program will run, so other users must not be able to add to it.
bool make_directories(const std::string &path, std::string &why) {
  std::string partial;
  std::size_t pos = 0;
  while (pos <= path.size()) {
    std::size_t slash = path.find('/', pos);
    if (slash == std::string::npos)
      slash = path.size();
    partial = path.substr(0, slash);
    pos = slash + 1;
    if (partial.empty() || partial.back() == '/')
      continue; // leading "/" or "//"
    if (mkdir(partial.c_str(), 0700) != 0 && errno != EEXIST) {
      why = "cannot create " + partial + ": " + errno_text(errno);
      return false;
    }
  }
  struct stat info;
  if (stat(path.c_str(), &info) != 0 || !S_ISDIR(info.st_mode)) {
    why = path + " is not a directory";
    return false;
  }
  return true;
}

bool write_all(int fd, const void *data, std::size_t size) {
  const char *p = static_cast<const char *>(data);
  while (size > 0) {
    ssize_t n = ::write(fd, p, size);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    p += n;
    size -= static_cast<std::size_t>(n);
  }
  return true;
}

bool read_all(int fd, void *data, std::size_t size) {
  char *p = static_cast<char *>(data);
  while (size > 0) {
    ssize_t n = ::read(fd, p, size);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    p += n;
    size -= static_cast<std::size_t>(n);
  }
  return true;
}

bool is_log_option(int option) {
  return option == CU_JIT_INFO_LOG_BUFFER ||
         option == CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES ||
         option == CU_JIT_ERROR_LOG_BUFFER ||
         option == CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES ||
         option == CU_JIT_LOG_VERBOSE || option == CU_JIT_WALL_TIME;
}

} // namespace

std::string kernel_cache_key::hex() const {
  char text[33];
  std::snprintf(text, sizeof text, "%016llx%016llx",
                static_cast<unsigned long long>(high),
                static_cast<unsigned long long>(low));
  return text;
}

kernel_cache_key make_kernel_cache_key(const kernel_cache_inputs &in) {
  hasher h;
  h.text("hcc cuda kernel cache");
  h.number(kernel_cache_format);
  h.bytes(in.ptx, in.ptx ? in.ptx_size : 0);
  h.number(static_cast<std::uint64_t>(static_cast<std::int64_t>(in.driver_version)));
  h.text(in.driver_build);
  h.text(in.device_name);
  h.number(static_cast<std::uint64_t>(static_cast<std::int64_t>(in.cc_major)));
  h.number(static_cast<std::uint64_t>(static_cast<std::int64_t>(in.cc_minor)));
  h.text(in.jit_options);
  return h.key();
}

std::string describe_jit_options(const CUjit_option *options,
                                 void *const *values, unsigned count) {
  std::string text;
  for (unsigned i = 0; i < count; ++i) {
    if (!text.empty())
      text += ',';
    text += std::to_string(static_cast<int>(options[i]));
    // Every other option's value is a number passed in the pointer.
    if (!is_log_option(options[i]))
      text += '=' + std::to_string(reinterpret_cast<std::uintptr_t>(values[i]));
  }
  return text;
}

std::string driver_library_identity(const void *symbol) {
  Dl_info info;
  if (!symbol || !dladdr(symbol, &info) || !info.dli_fname)
    return std::string();
  std::string name = info.dli_fname;
  if (char *real = realpath(info.dli_fname, nullptr)) {
    name = real; // libcuda.so.1 -> libcuda.so.580.65.06
    std::free(real);
  }
  struct stat file;
  if (stat(name.c_str(), &file) != 0)
    return name;
  return name + ":" + std::to_string(static_cast<long long>(file.st_size)) +
         ":" + std::to_string(static_cast<long long>(file.st_mtime));
}

std::string kernel_cache_directory(const std::string &setting,
                                   const std::string &xdg_cache_home,
                                   const std::string &home, std::string &why) {
  if (setting == "off" || setting == "OFF" || setting == "0") {
    why = "HCC_KERNEL_CACHE=" + setting;
    return std::string();
  }
  if (!setting.empty())
    return setting;
  // The XDG base directory spec: relative values are to be ignored.
  if (!xdg_cache_home.empty() && xdg_cache_home[0] == '/')
    return xdg_cache_home + "/hcc/kernels";
  if (!home.empty())
    return home + "/.cache/hcc/kernels";
  why = "neither HCC_KERNEL_CACHE, XDG_CACHE_HOME nor HOME is set";
  return std::string();
}

kernel_cache::kernel_cache(const std::string &directory) {
  if (directory.empty()) {
    why_ = "no cache directory";
    return;
  }
  std::string why;
  if (!make_directories(directory, why)) {
    why_ = why;
    return;
  }
  if (access(directory.c_str(), W_OK | X_OK) != 0) {
    why_ = "cannot write to " + directory + ": " + errno_text(errno);
    return;
  }
  directory_ = directory;
}

std::unique_ptr<kernel_cache> kernel_cache::from_environment() {
  std::string why;
  std::string directory = kernel_cache_directory(
      env_string("HCC_KERNEL_CACHE"), env_string("XDG_CACHE_HOME"),
      env_string("HOME"), why);
  auto cache = std::make_unique<kernel_cache>(directory);
  if (directory.empty())
    cache->why_ = why;
  return cache;
}

std::string kernel_cache::path(const kernel_cache_key &key) const {
  return directory_ + "/" + key.hex() + ".cubin";
}

bool kernel_cache::load(const kernel_cache_key &key, std::vector<char> &image,
                        std::string &why) const {
  why.clear();
  if (!enabled())
    return false;
  int fd = ::open(path(key).c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    if (errno != ENOENT)
      why = "cannot open it: " + errno_text(errno);
    return false;
  }
  struct stat info;
  file_header header;
  bool ok = false;
  if (fstat(fd, &info) != 0)
    why = "cannot stat it: " + errno_text(errno);
  else if (static_cast<std::uint64_t>(info.st_size) < sizeof header)
    why = "truncated (" + std::to_string(info.st_size) + " bytes)";
  else if (!read_all(fd, &header, sizeof header))
    why = "cannot read its header";
  else if (std::memcmp(header.magic, file_magic, sizeof file_magic) != 0)
    why = "not a kernel cache file";
  else if (header.format != kernel_cache_format ||
           header.header_size != sizeof header)
    why = "format " + std::to_string(header.format) + ", expected " +
          std::to_string(kernel_cache_format);
  else if (header.key[0] != key.high || header.key[1] != key.low)
    why = "written for another key";
  else if (header.payload_size > max_payload ||
           header.payload_size !=
               static_cast<std::uint64_t>(info.st_size) - sizeof header)
    why = "truncated or padded (" + std::to_string(info.st_size) +
          " bytes, header says " +
          std::to_string(header.payload_size + sizeof header) + ")";
  else {
    image.resize(static_cast<std::size_t>(header.payload_size));
    if (!read_all(fd, image.data(), image.size())) {
      why = "cannot read its payload";
    } else {
      XXH128_hash_t h = XXH3_128bits(image.data(), image.size());
      if (h.high64 != header.payload_hash[0] ||
          h.low64 != header.payload_hash[1])
        why = "payload does not match its hash (corrupt)";
      else
        ok = true;
    }
  }
  ::close(fd);
  if (!ok)
    image.clear();
  return ok;
}

bool kernel_cache::store(const kernel_cache_key &key, const void *image,
                         std::size_t size, std::string &why) const {
  if (!enabled()) {
    why = why_;
    return false;
  }
  file_header header;
  std::memcpy(header.magic, file_magic, sizeof file_magic);
  header.format = kernel_cache_format;
  header.header_size = sizeof header;
  header.payload_size = size;
  XXH128_hash_t h = XXH3_128bits(image, size);
  header.payload_hash[0] = h.high64;
  header.payload_hash[1] = h.low64;
  header.key[0] = key.high;
  header.key[1] = key.low;

  // A unique name in the same directory (rename() is atomic only within a
  // file system); dot-prefixed so it never looks like a cache entry.
  std::string temp = directory_ + "/." + key.hex() + ".XXXXXX";
  int fd = mkostemp(&temp[0], O_CLOEXEC);
  if (fd < 0) {
    why = "cannot create a file in " + directory_ + ": " + errno_text(errno);
    return false;
  }
  // No fsync: after a crash a file may be empty or short, which load()
  // rejects; a cache does not need to survive one.
  bool written = write_all(fd, &header, sizeof header) &&
                 write_all(fd, image, size);
  int error = errno;
  if (::close(fd) != 0 && written) {
    written = false;
    error = errno;
  }
  if (!written) {
    why = "cannot write " + temp + ": " + errno_text(error);
    ::unlink(temp.c_str());
    return false;
  }
  std::string final_path = path(key);
  if (std::rename(temp.c_str(), final_path.c_str()) != 0) {
    why = "cannot rename " + temp + " to " + final_path + ": " +
          errno_text(errno);
    ::unlink(temp.c_str());
    return false;
  }
  return true;
}

void kernel_cache::discard(const kernel_cache_key &key) const {
  if (enabled())
    ::unlink(path(key).c_str());
}

} // namespace cuda
} // namespace rt
} // namespace detail
} // namespace hc
