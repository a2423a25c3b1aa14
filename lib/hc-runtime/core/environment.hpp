// Reading HCC_* environment variables and reporting problems with them.
//
// The runtime never aborts because of a bad setting: it prints one line to
// stderr and carries on with the default (docs/runtime.md lists the
// variables).
#ifndef HC_RUNTIME_CORE_ENVIRONMENT_HPP
#define HC_RUNTIME_CORE_ENVIRONMENT_HPP

#include <cstddef>
#include <string>

namespace hc {
namespace detail {
namespace rt {

// The variable's value, or "" when unset.
std::string env_string(const char *name);
// An integer setting in [min, max] (decimal digits only: no sign, no
// spaces, no exponent); `fallback` with a warning when malformed, negative,
// too large or out of range, `fallback` silently when unset.
std::size_t env_integer(const char *name, std::size_t fallback, std::size_t min,
                        std::size_t max);
// A positive integer setting: env_integer from 1 up.
std::size_t env_size(const char *name, std::size_t fallback);
// Prints "hcc: warning: <message>" on one line of stderr.
void warn(const std::string &message);

} // namespace rt
} // namespace detail
} // namespace hc

#endif
