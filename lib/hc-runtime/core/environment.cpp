#include "core/environment.hpp"

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <set>
#include <utility>

namespace hc {
namespace detail {
namespace rt {

namespace settings {
// Ranges: what the runtime can honour. Threads beyond 4096 would only
// exhaust the process's resources; a fiber stack below 64 KiB does not
// hold the runtime's own frames, above 1 GiB it is a typo; the printf
// buffer must hold a few records and is pinned memory; the copy pool has
// at most 64 threads; the device heap has at most 2^30 - 1 pages of 4 KiB
// or more (device_heap_config.cpp), 1 TiB covers every device.
const integer_setting cpu_threads{"HCC_CPU_THREADS", 1, 4096, 0};
const integer_setting cpu_spin_us{"HCC_CPU_SPIN_US", 0, 1000000, 100};
const integer_setting cpu_fiber_stack_kb{"HCC_CPU_FIBER_STACK_KB", 64, 1 << 20,
                                         256};
const integer_setting printf_buffer_size{
    "HCC_PRINTF_BUFFER_SIZE", std::size_t(64) << 10, std::size_t(4) << 30,
    std::size_t(16) << 20};
const integer_setting copy_threads{"HCC_COPY_THREADS", 1, 64, 0};
// 0: not set, the program's __HIP_NUM_PAGES or the default size decides.
const integer_setting device_heap_size{"HCC_DEVICE_HEAP_SIZE", 1,
                                       std::size_t(1) << 40, 0};
} // namespace settings

const std::vector<const integer_setting *> &integer_settings() {
  static const std::vector<const integer_setting *> all = {
      &settings::cpu_threads,        &settings::cpu_spin_us,
      &settings::cpu_fiber_stack_kb, &settings::printf_buffer_size,
      &settings::copy_threads,       &settings::device_heap_size};
  return all;
}

namespace {

// Whether this variable already warned about this value: settings read on
// every launch or per device warn once.
bool first_warning(const char *name, const std::string &text) {
  static std::mutex mutex;
  static std::set<std::pair<std::string, std::string>> warned;
  std::lock_guard<std::mutex> lock(mutex);
  return warned.emplace(name, text).second;
}

std::string expected_range(const integer_setting &s) {
  if (s.max == SIZE_MAX)
    return s.min == 1 ? std::string("a positive integer")
                      : "an integer of at least " + std::to_string(s.min);
  return "an integer from " + std::to_string(s.min) + " to " +
         std::to_string(s.max);
}

} // namespace

std::string env_string(const char *name) {
  const char *value = std::getenv(name);
  return value ? std::string(value) : std::string();
}

std::size_t env_integer(const integer_setting &s, std::size_t fallback) {
  std::string text = env_string(s.name);
  if (text.empty())
    return fallback;
  // strtoull alone would take "-1" as 2^64 - 1 and skip leading spaces.
  bool digits = text.find_first_not_of("0123456789") == std::string::npos;
  errno = 0;
  char *end = nullptr;
  unsigned long long value = digits ? std::strtoull(text.c_str(), &end, 10) : 0;
  if (digits && errno == 0 && *end == '\0' && value >= s.min && value <= s.max)
    return static_cast<std::size_t>(value);
  if (first_warning(s.name, text))
    warn(std::string(s.name) + "='" + text + "' is not " + expected_range(s) +
         "; using " + (fallback ? std::to_string(fallback) : "the default"));
  return fallback;
}

std::size_t env_integer(const integer_setting &s) {
  return env_integer(s, s.fallback);
}

void warn(const std::string &message) {
  // One fputs call per line so that lines from several threads do not mix.
  std::string line = "hcc: warning: " + message + "\n";
  std::fputs(line.c_str(), stderr);
}

} // namespace rt
} // namespace detail
} // namespace hc
