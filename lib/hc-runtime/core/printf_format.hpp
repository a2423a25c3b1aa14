// Host formatting of one printf record written by a GPU kernel
// (include/hc/detail/printf_record.h, docs/printf.md).
#ifndef HC_RUNTIME_CORE_PRINTF_FORMAT_HPP
#define HC_RUNTIME_CORE_PRINTF_FORMAT_HPP

#include <cstddef>
#include <string>

namespace hc {
namespace detail {
namespace rt {

// What printf(format, ...) prints, given the format string, the argument
// block as the device laid it out, and the %s strings in order (each
// NUL-terminated). Arguments or strings missing from the blocks print as
// "<missing>" rather than reading past them.
std::string format_printf(const char *format, std::size_t format_size,
                          const unsigned char *args, std::size_t args_size,
                          const char *strings, std::size_t strings_size);

} // namespace rt
} // namespace detail
} // namespace hc

#endif
