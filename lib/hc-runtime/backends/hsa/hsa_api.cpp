// Loading ROCr (see hsa_api.hpp).
#include "backends/hsa/hsa_api.hpp"

#include "core/environment.hpp"

#include <cstdio>
#include <dlfcn.h>

namespace hc {
namespace detail {
namespace rt {
namespace hsa {

std::string runtime_api::describe(hsa_status_t status) const {
  const char *text = nullptr;
  std::string out = "HSA status 0x" + [&] {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%x", static_cast<unsigned>(status));
    return std::string(buf);
  }();
  if (hsa_status_string && hsa_status_string(status, &text) ==
                               HSA_STATUS_SUCCESS && text)
    out += std::string(" (") + text + ")";
  return out;
}

std::shared_ptr<const runtime_api> bind_runtime(const symbol_lookup &lookup,
                                                const std::string &library,
                                                std::string &why) {
  auto api = std::make_shared<runtime_api>();
  api->library = library;
  std::string missing;
#define HCC_HSA_BIND(member, symbol, ret, params)                              \
  api->member = reinterpret_cast<ret(*) params>(lookup(symbol));               \
  if (!api->member)                                                            \
    missing += std::string(missing.empty() ? "" : ", ") + symbol;
  HCC_HSA_ENTRY_POINTS(HCC_HSA_BIND)
#undef HCC_HSA_BIND
  if (!missing.empty()) {
    why = library + " lacks " + missing + " (ROCr too old?)";
    return nullptr;
  }
  return api;
}

std::shared_ptr<const runtime_api> load_runtime(std::string &why) {
  std::string name = env_string("HCC_HSA_LIBRARY");
  if (name.empty())
    name = "libhsa-runtime64.so.1";
  // RTLD_LOCAL: ROCr's symbols stay out of the global namespace. Never
  // dlclose()d: ROCr keeps threads (signal handlers, the async copy engine)
  // that run its code.
  void *handle = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *error = dlerror();
    why = "cannot load " + name + ": " + (error ? error : "unknown error");
    return nullptr;
  }
  return bind_runtime(
      [handle](const char *symbol) { return dlsym(handle, symbol); }, name,
      why);
}

void note(const std::string &message) {
  std::string value = env_string("HCC_VERBOSE");
  if (value.empty() || value == "0")
    return;
  std::string line = "hcc: note: hsa: " + message + "\n";
  std::fputs(line.c_str(), stderr);
}

} // namespace hsa
} // namespace rt
} // namespace detail
} // namespace hc
