#include "core/driver_library.hpp"

#include "core/environment.hpp"

#include <cstdio>
#include <dlfcn.h>

namespace hc {
namespace detail {
namespace rt {

std::string driver_library_name(const char *override_variable,
                                const char *default_name) {
  std::string name = env_string(override_variable);
  return name.empty() ? default_name : name;
}

symbol_lookup open_driver_library(const std::string &library,
                                  std::string &why) {
  void *handle = dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *error = dlerror();
    why = "cannot load " + library + ": " + (error ? error : "unknown error");
    return nullptr;
  }
  return [handle](const char *symbol) { return dlsym(handle, symbol); };
}

bool entry_point_binder::complete(const std::string &library, const char *hint,
                                  std::string &why) const {
  if (missing_.empty())
    return true;
  why = library + " lacks " + missing_ + " (" + hint + ")";
  return false;
}

bool verbose() {
  std::string value = env_string("HCC_VERBOSE");
  return !value.empty() && value != "0";
}

void note(const char *backend, const std::string &message) {
  if (!verbose())
    return;
  std::string line =
      "hcc: note: " + std::string(backend) + ": " + message + "\n";
  std::fputs(line.c_str(), stderr);
}

} // namespace rt
} // namespace detail
} // namespace hc
