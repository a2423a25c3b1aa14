// <hc_printf.hpp>: hc::printf, hcc's printf for kernels and host code
// (docs/printf.md).
//
// As in hcc, hc::printf(format, ...) is opt-in: it prints only in
// translation units that define HCC_ENABLE_ACCELERATOR_PRINTF before
// including this header (hcc's reason: printing support can slow kernels
// that never print). Without it every call does nothing and returns
// PRINTF_SUCCESS, so debugging output can stay in the code. Plain printf
// works in kernels either way.
//
// hc::printf(queue, format, ...) appends to a buffer of PrintfPackets that
// the caller provides (hc/detail/printf_packet.hpp).
#ifndef HC_PRINTF_HPP
#define HC_PRINTF_HPP

#include <hc.hpp>
#include <hc/detail/printf_packet.hpp>
#include <hc_am.hpp>

#include <cstdio>

// hc::printf is available (hcc's feature test macro).
#define HC_FEATURE_PRINTF (1)

// hcc's switch for its own debugging messages (none here).
#define HC_PRINTF_DEBUG (0)

namespace hc {

// hcc's runtime-owned packet buffer, which its runtime printed after each
// kernel. Output here goes straight to stdout (docs/printf.md), so there is
// no such buffer.
extern PrintfPacket *printf_buffer __attribute__((unavailable(
    "hcc's runtime printf packet buffer does not exist here: hc::printf("
    "format, ...) prints directly (docs/printf.md)")));

#ifdef HCC_ENABLE_ACCELERATOR_PRINTF

// Formats like std::printf: on the host and the CPU backend at once, in a
// GPU kernel into the device's printf buffer, printed before the kernel's
// completion is reported. PRINTF_SUCCESS; in a GPU kernel
// PRINTF_BUFFER_OVERFLOW when the output was lost (counted and reported on
// stderr); on the host PRINTF_UNKNOWN_ERROR when std::printf failed.
// (The arguments are taken by reference so that hc::half, which no function
// can take by value here, is passed on, promoted to double.)
template <typename... All>
static inline PrintfError printf(const char *format_string, const All &...all) {
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wformat-security"
#pragma clang diagnostic ignored "-Wformat-nonliteral"
  const int r = ::printf(format_string, all...);
#pragma clang diagnostic pop
  if (r >= 0)
    return PRINTF_SUCCESS;
#if HC_DEVICE_PASS
  return PRINTF_BUFFER_OVERFLOW; // the device's only failure
#else
  return PRINTF_UNKNOWN_ERROR; // the C library's (an output error)
#endif
}

#else

// Printing not enabled in this translation unit (see above): nothing is
// printed.
template <typename... All>
static inline PrintfError printf(const char *, const All &...) {
  return PRINTF_SUCCESS;
}

#endif // HCC_ENABLE_ACCELERATOR_PRINTF

} // namespace hc

#endif // HC_PRINTF_HPP
