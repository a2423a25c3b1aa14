// What the runtime provides to the code a GPU backend loads, set up once for
// every GPU backend.
//
// A device image's module (a PTX module on CUDA, an executable on HSA) may
// declare variables the runtime fills in when it is loaded: the printf
// buffer pointer (gpu_printf.hpp), the device heap pointer
// (device_heap_setup.hpp) and the slots of the host globals its kernels use
// (svm_globals.hpp). A backend only finds a variable's address and size
// (loaded_module) and copies bytes to and from device memory synchronously
// (device_impl's write_device_now_impl / read_device_now_impl); the rest is
// here. As a command finishes, the backend calls printf_after_command() and
// device_heap_after_command().
#ifndef HC_RUNTIME_CORE_LOADED_MODULE_HPP
#define HC_RUNTIME_CORE_LOADED_MODULE_HPP

#include "core/device_impl.hpp"
#include "hc/detail/image_registry.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace hc {
namespace detail {
namespace rt {

// A variable of a loaded module, in device memory.
struct module_global {
  std::uint64_t address = 0;
  std::size_t size = 0;
};

// One module a GPU backend has just loaded, as the set-up sees it.
class loaded_module {
public:
  // `source` names the image in messages (may be null).
  explicit loaded_module(const char *source) : source_(source) {}

  // `symbol`'s address and size; false when the module has no such
  // variable. Throws Kalmar::runtime_exception when the driver fails.
  virtual bool find_global(const char *symbol, module_global &out) = 0;

  // find_global() for a variable of the runtime's own layout: a variable
  // of another size (a module built by another compiler) is an error, not
  // memory the runtime overwrites. Throws Kalmar::runtime_exception.
  bool find_runtime_global(const char *symbol, std::size_t expected_size,
                           module_global &out);

  const char *source() const { return source_ ? source_ : "a device image"; }

protected:
  ~loaded_module() = default;

private:
  const char *source_;
};

// Sets up a module just loaded on `dev` from `desc`: its printf buffer, its
// host globals and its device heap, each only if the module has the
// variable. Throws Kalmar::runtime_exception.
void set_up_loaded_module(device_impl &dev, loaded_module &module,
                          const __hcc_image_desc &desc);

// "cuda:0 (NVIDIA H100 80GB HBM3)": a device in messages.
std::string device_label(const device &dev);
// Device names and paths are wide strings; messages are ASCII ('?' for
// anything else).
std::string narrow(const std::wstring &text);

} // namespace rt
} // namespace detail
} // namespace hc

#endif
