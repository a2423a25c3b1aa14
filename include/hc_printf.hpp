// <hc_printf.hpp>: hc::printf, hcc's printf for kernels and host code
// (docs/printf.md). Plain printf works in kernels too; hc::printf adds
// hcc's signature (returning a PrintfError) on top of it.
#ifndef HC_PRINTF_HPP
#define HC_PRINTF_HPP

#include <hc.hpp>
#include <cstdio>

// hc::printf is available (hcc's feature test macro).
#define HC_FEATURE_PRINTF (1)

namespace hc {

enum PrintfError {
  PRINTF_SUCCESS = 0,
  PRINTF_BUFFER_OVERFLOW = 1,        // the record did not fit the buffer
  PRINTF_STRING_BUFFER_OVERFLOW = 2, // (hcc's; strings share the buffer here)
  PRINTF_UNKNOWN_ERROR = 3,
  PRINTF_BUFFER_NULLPTR = 4          // (hcc's; the runtime always sets one)
};

// Formats like std::printf: on the host and the CPU backend at once, in a
// GPU kernel into the device's printf buffer, printed before the kernel's
// completion is reported. PRINTF_SUCCESS; in a GPU kernel
// PRINTF_BUFFER_OVERFLOW when the output was lost (counted and reported on
// stderr); on the host PRINTF_UNKNOWN_ERROR when std::printf failed.
template <typename... Args>
inline PrintfError printf(const char *format, Args... args) {
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wformat-security"
#pragma clang diagnostic ignored "-Wformat-nonliteral"
  const int r = ::printf(format, args...);
#pragma clang diagnostic pop
  if (r >= 0)
    return PRINTF_SUCCESS;
#if HC_DEVICE_PASS
  return PRINTF_BUFFER_OVERFLOW; // the device's only failure
#else
  return PRINTF_UNKNOWN_ERROR; // the C library's (an output error)
#endif
}

} // namespace hc

#endif // HC_PRINTF_HPP
