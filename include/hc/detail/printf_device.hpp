// The device side of printf in GPU kernels (docs/printf.md).
//
// In CUDA mode Clang turns printf(fmt, ...) in device code into
// vprintf(fmt, args), args pointing to the arguments laid out as a struct.
// hcc's device pass (llvm-passes/printf/DevicePrintf.cpp) renames those calls
// to __hcc_vprintf, defined here, which appends a record to the printf buffer
// of the device that __hcc_printf_buffer points to; the CUDA backend sets
// that pointer when it loads the module and prints the records when
// commands finish. Modules whose kernels do not print lose both symbols to
// the device pass's pruning, so they carry nothing of this. The compiler and
// the runtime take both names from abi_names.h.
#ifndef HC_DETAIL_PRINTF_DEVICE_HPP
#define HC_DETAIL_PRINTF_DEVICE_HPP

#include "config.hpp"

#if HC_DEVICE_PASS && (defined(__NVPTX__) || defined(__AMDGCN__))
#include "printf_record.h"

extern "C" {
// Set by the runtime when the module is loaded (CUDA: cuModuleGetGlobal;
// HSA: the symbol's VARIABLE_ADDRESS).
__attribute__((device))
HC_MODULE_VARIABLE hc::detail::printf_record::control *__hcc_printf_buffer;

// vprintf's contract: 0 when the record was stored, -1 when not (no
// buffer, or a record larger than the whole buffer).
__attribute__((device, noinline)) int __hcc_vprintf(const char *format,
                                                     const char *args) {
  hc::detail::printf_record::control *buffer = __hcc_printf_buffer;
  if (!buffer)
    return -1;
  return hc::detail::printf_record::write_record(buffer, format, args);
}
}
#endif

#endif // HC_DETAIL_PRINTF_DEVICE_HPP
