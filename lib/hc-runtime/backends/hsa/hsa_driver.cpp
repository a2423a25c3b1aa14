// Loading ROCr (see hsa_driver.hpp).
#include "backends/hsa/hsa_driver.hpp"

#include <cstdio>

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
  if (hsa_status_string &&
      hsa_status_string(status, &text) == HSA_STATUS_SUCCESS && text)
    out += std::string(" (") + text + ")";
  return out;
}

std::shared_ptr<const runtime_api> bind_runtime(const symbol_lookup &lookup,
                                                const std::string &library,
                                                std::string &why) {
  auto api = std::make_shared<runtime_api>();
  api->library = library;
  entry_point_binder bind(lookup);
#define HCC_HSA_BIND(member, symbol, ret, params)                              \
  bind.required(api->member, symbol);
  HCC_HSA_ENTRY_POINTS(HCC_HSA_BIND)
#undef HCC_HSA_BIND
  if (!bind.complete(library, "ROCr too old?", why))
    return nullptr;
  return api;
}

std::shared_ptr<const runtime_api> load_runtime(std::string &why) {
  std::string name =
      driver_library_name("HCC_HSA_LIBRARY", "libhsa-runtime64.so.1");
  symbol_lookup lookup = open_driver_library(name, why);
  return lookup ? bind_runtime(lookup, name, why) : nullptr;
}

void note(const std::string &message) { rt::note("hsa", message); }

} // namespace hsa
} // namespace rt
} // namespace detail
} // namespace hc
