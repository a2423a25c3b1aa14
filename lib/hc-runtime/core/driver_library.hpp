// Loading a GPU driver library at run time and binding its entry points.
//
// The GPU backends call their vendor's driver (libcuda, ROCr) through a
// table of function pointers filled from the library at start-up, so that
// libhc_runtime builds and runs without any vendor SDK: a machine without
// the driver simply has no devices of that backend. The unit tests fill
// the same tables from fake drivers through an injected symbol_lookup.
#ifndef HC_RUNTIME_CORE_DRIVER_LIBRARY_HPP
#define HC_RUNTIME_CORE_DRIVER_LIBRARY_HPP

#include "hc/detail/runtime.hpp"

#include <exception>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace hc {
namespace detail {
namespace rt {

// Resolves a symbol name to its address; null when absent (dlsym, or a
// test's fake driver).
using symbol_lookup = std::function<void *(const char *symbol)>;

// The library to load: the value of the environment variable
// `override_variable` when set, else `default_name`.
std::string driver_library_name(const char *override_variable,
                                const char *default_name);

// dlopen()s `library` (RTLD_NOW | RTLD_LOCAL: its symbols stay out of the
// global namespace) and returns its lookup; never dlclose()d, since drivers
// keep threads and callbacks that run their code. An empty function, with
// `why` set, when it cannot be loaded.
symbol_lookup open_driver_library(const std::string &library, std::string &why);

// Fills the function pointers of an entry-point table through a lookup and
// remembers which required ones are missing.
class entry_point_binder {
public:
  explicit entry_point_binder(const symbol_lookup &lookup) : lookup_(lookup) {}

  template <class Function>
  void required(Function *&member, const char *symbol) {
    optional(member, symbol);
    if (!member)
      missing_ += (missing_.empty() ? "" : ", ") + std::string(symbol);
  }
  template <class Function>
  void optional(Function *&member, const char *symbol) {
    member = reinterpret_cast<Function *>(lookup_(symbol));
  }

  // True when every required entry point was found; else false with `why`
  // set to "<library> lacks <symbols> (<hint>)".
  bool complete(const std::string &library, const char *hint,
                std::string &why) const;

private:
  const symbol_lookup &lookup_;
  std::string missing_;
};

// True when HCC_VERBOSE is set to anything but "" or "0".
bool verbose();
// "hcc: note: <backend>: <message>" on stderr when verbose().
void note(const char *backend, const std::string &message);

// A GPU backend's discovery: `bind` loads the driver and binds its table
// (null, with `why` set, when it cannot), `find` lists the devices over
// it. A missing driver or a failure is one note ("<why>; <no_devices>"),
// and the backend has no devices: a machine without the hardware is not an
// error.
template <class Api, class Bind, class Find>
std::vector<device *> discover_with_driver(const char *backend,
                                           const char *no_devices, Bind bind,
                                           Find find) {
  try {
    std::string why;
    std::shared_ptr<const Api> api = bind(why);
    if (!api) {
      note(backend, why + "; " + no_devices);
      return {};
    }
    return find(std::move(api));
  } catch (const std::exception &e) {
    note(backend, std::string("discovery failed: ") + e.what());
    return {};
  }
}

} // namespace rt
} // namespace detail
} // namespace hc

#endif
