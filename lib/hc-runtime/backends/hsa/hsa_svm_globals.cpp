#include "backends/hsa/hsa_svm_globals.hpp"

#include "backends/hsa/hsa_device.hpp"
#include "core/profiler.hpp"
#include "core/svm_visibility.hpp"

#include "hc/detail/exceptions.hpp"

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace hc {
namespace detail {
namespace rt {
namespace hsa {

namespace {

constexpr const char *slots_symbol = "__hcc_host_global_slots";
constexpr const char *names_symbol = "__hcc_host_global_names";

void *host_address(const __hcc_image_desc &desc, const std::string &name) {
  if (!desc.host_globals)
    return nullptr;
  const __hcc_host_global_table &table = *desc.host_globals;
  for (unsigned long i = 0; i < table.count; ++i)
    if (name == table.entries[i].name)
      return table.entries[i].address;
  return nullptr;
}

[[noreturn]] void refuse(const __hcc_image_desc &desc, const std::string &name,
                         const std::string &why) {
  throw Kalmar::runtime_exception(
      "hc runtime: kernels of " +
          std::string(desc.source ? desc.source : "a translation unit") +
          " use the host global variable '" +
          profile::kernel_display_name(name.c_str()) + "', but " + why +
          " (docs/svm.md)",
      Kalmar::E_FAIL_CODE);
}

} // namespace

void host_globals_attach(hsa_device &dev, hsa_executable_t executable,
                         const __hcc_image_desc &desc) {
  std::vector<char> slots_now, text;
  if (!dev.read_variable(executable, slots_symbol, slots_now, desc.source))
    return; // the code object uses no host globals
  if (!dev.read_variable(executable, names_symbol, text, desc.source))
    refuse(desc, names_symbol, "the code object lacks the list of their names");
  text.push_back('\0'); // a last empty name even if the variable lacks it

  std::vector<std::uint64_t> addresses;
  for (const char *name = text.data(); *name; name += std::strlen(name) + 1) {
    void *address = host_address(desc, name);
    if (!address)
      refuse(desc, name,
             "the host object of that translation unit has no address for it "
             "(was it compiled by this hcc?)");
    if (!svm::enabled())
      refuse(desc, name, "shared virtual memory is off (HCC_SVM=0)");
    std::string why;
    if (!svm::make_range_visible(dev, reinterpret_cast<std::uintptr_t>(address),
                                 1, why))
      refuse(desc, name, why);
    // Locked memory is used at its host address (register_host insists).
    addresses.push_back(reinterpret_cast<std::uintptr_t>(address));
  }
  if (addresses.size() * sizeof(std::uint64_t) != slots_now.size())
    refuse(desc, text.data(), "the code object's slots and names disagree");
  dev.write_variable(executable, slots_symbol, addresses.data(),
                     slots_now.size(), desc.source);
}

} // namespace hsa
} // namespace rt
} // namespace detail
} // namespace hc
