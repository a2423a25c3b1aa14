#include "core/environment.hpp"

#include <cerrno>
#include <cstdio>
#include <cstdlib>

namespace hc {
namespace detail {
namespace rt {

std::string env_string(const char *name) {
  const char *value = std::getenv(name);
  return value ? std::string(value) : std::string();
}

std::size_t env_size(const char *name, std::size_t fallback) {
  std::string text = env_string(name);
  if (text.empty())
    return fallback;
  errno = 0;
  char *end = nullptr;
  unsigned long long value = std::strtoull(text.c_str(), &end, 10);
  if (errno != 0 || end == text.c_str() || *end != '\0' || value == 0) {
    warn(std::string(name) + "='" + text +
         "' is not a positive integer; using " + std::to_string(fallback));
    return fallback;
  }
  return static_cast<std::size_t>(value);
}

void warn(const std::string &message) {
  // One fputs call per line so that lines from several threads do not mix.
  std::string line = "hcc: warning: " + message + "\n";
  std::fputs(line.c_str(), stderr);
}

} // namespace rt
} // namespace detail
} // namespace hc
