// Reading HCC_* environment variables and reporting problems with them.
//
// The runtime never aborts because of a bad setting: it prints one line to
// stderr (once per variable and value) and carries on with the default
// (docs/environment.md lists the variables). Every integer setting is
// described once, in `settings` below, and read through its description,
// so that all are parsed alike and the table test
// (unittests/environment_test.cpp) covers each.
#ifndef HC_RUNTIME_CORE_ENVIRONMENT_HPP
#define HC_RUNTIME_CORE_ENVIRONMENT_HPP

#include <cstddef>
#include <string>
#include <vector>

namespace hc {
namespace detail {
namespace rt {

// An integer setting: values in [min, max] (decimal digits only: no sign,
// no spaces, no exponent) are taken; anything else, and an empty or unset
// variable, gives the default.
struct integer_setting {
  const char *name;
  std::size_t min, max;
  // The default; where it depends on the machine (threads per core count)
  // the reader passes it to env_integer instead.
  std::size_t fallback;
};

namespace settings {
extern const integer_setting cpu_threads;        // HCC_CPU_THREADS
extern const integer_setting cpu_spin_us;        // HCC_CPU_SPIN_US
extern const integer_setting cpu_fiber_stack_kb; // HCC_CPU_FIBER_STACK_KB
extern const integer_setting printf_buffer_size; // HCC_PRINTF_BUFFER_SIZE
extern const integer_setting copy_threads;       // HCC_COPY_THREADS
extern const integer_setting device_heap_size;   // HCC_DEVICE_HEAP_SIZE
} // namespace settings

// Every integer setting above.
const std::vector<const integer_setting *> &integer_settings();

// The variable's value, or "" when unset.
std::string env_string(const char *name);
// The setting's value; its default, with a warning when the variable is
// set but malformed, negative, too large or out of range.
std::size_t env_integer(const integer_setting &setting);
// The same with a default computed by the caller.
std::size_t env_integer(const integer_setting &setting, std::size_t fallback);
// Prints "hcc: warning: <message>" on one line of stderr.
void warn(const std::string &message);

} // namespace rt
} // namespace detail
} // namespace hc

#endif
