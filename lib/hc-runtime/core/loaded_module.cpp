#include "core/loaded_module.hpp"

#include "core/device_heap_setup.hpp"
#include "core/gpu_printf.hpp"
#include "core/svm_globals.hpp"
#include "hc/detail/exceptions.hpp"

namespace hc {
namespace detail {
namespace rt {

void set_up_loaded_module(device_impl &dev, loaded_module &module,
                          const __hcc_image_desc &desc) {
  printf_attach(dev, module);                  // docs/printf.md
  svm::host_globals_attach(dev, module, desc); // docs/svm.md
  device_heap_attach(dev, module);             // docs/device-heap.md
}

bool loaded_module::find_runtime_global(const char *symbol,
                                        std::size_t expected_size,
                                        module_global &out) {
  if (!find_global(symbol, out))
    return false;
  if (out.size != expected_size)
    throw Kalmar::runtime_exception(
        "hc runtime: " + std::string(symbol) + " of " + source() + " is " +
            std::to_string(out.size) + " bytes, the runtime expected " +
            std::to_string(expected_size) + " (compiled by another hcc?)",
        Kalmar::E_FAIL_CODE);
  return true;
}

std::string narrow(const std::wstring &text) {
  std::string out;
  for (wchar_t c : text)
    out += (c >= 0 && c < 128) ? static_cast<char>(c) : '?';
  return out;
}

std::string device_label(const device &dev) {
  const device_info &info = dev.info();
  return narrow(info.device_path) + " (" + narrow(info.description) + ")";
}

} // namespace rt
} // namespace detail
} // namespace hc
