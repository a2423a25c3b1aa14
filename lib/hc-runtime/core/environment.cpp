#include "core/environment.hpp"

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace hc {
namespace detail {
namespace rt {

std::string env_string(const char *name) {
  const char *value = std::getenv(name);
  return value ? std::string(value) : std::string();
}

std::size_t env_integer(const char *name, std::size_t fallback, std::size_t min,
                        std::size_t max) {
  std::string text = env_string(name);
  if (text.empty())
    return fallback;
  // strtoull alone would take "-1" as 2^64 - 1 and skip leading spaces.
  bool digits = text.find_first_not_of("0123456789") == std::string::npos;
  errno = 0;
  char *end = nullptr;
  unsigned long long value = digits ? std::strtoull(text.c_str(), &end, 10) : 0;
  if (!digits || errno != 0 || *end != '\0' || value < min || value > max) {
    std::string expected =
        max == SIZE_MAX
            ? (min == 1 ? std::string("a positive integer")
                        : "an integer of at least " + std::to_string(min))
            : "an integer from " + std::to_string(min) + " to " +
                  std::to_string(max);
    warn(std::string(name) + "='" + text + "' is not " + expected + "; using " +
         std::to_string(fallback));
    return fallback;
  }
  return static_cast<std::size_t>(value);
}

std::size_t env_size(const char *name, std::size_t fallback) {
  return env_integer(name, fallback, 1, SIZE_MAX);
}

void warn(const std::string &message) {
  // One fputs call per line so that lines from several threads do not mix.
  std::string line = "hcc: warning: " + message + "\n";
  std::fputs(line.c_str(), stderr);
}

} // namespace rt
} // namespace detail
} // namespace hc
