#include "core/svm_globals.hpp"

#include "core/image_registry.hpp"
#include "core/profiler.hpp"
#include "core/svm_visibility.hpp"

#include <cstring>
#include <string>

namespace hc {
namespace detail {
namespace rt {
namespace svm {

void *host_address(const __hcc_image_desc &desc, const char *name) {
  if (!desc.host_globals)
    return nullptr;
  const __hcc_host_global_table &table = *desc.host_globals;
  for (unsigned long i = 0; i < table.count; ++i)
    if (std::strcmp(name, table.entries[i].name) == 0)
      return table.entries[i].address;
  return nullptr;
}

void refuse_host_global(const __hcc_image_desc &desc, const char *name,
                        const std::string &why) {
  throw Kalmar::runtime_exception(
      "hc runtime: kernels of " +
          std::string(desc.source ? desc.source : "a translation unit") +
          " use the host global variable '" +
          profile::kernel_display_name(name) + "', but " + why +
          " (docs/svm.md)",
      Kalmar::E_FAIL_CODE);
}

std::vector<std::uint64_t> host_global_addresses(device &dev,
                                                 const __hcc_image_desc &desc,
                                                 const char *names,
                                                 std::size_t slots_bytes) {
  std::vector<std::uint64_t> addresses;
  bool host_readable = dev.info().reads_host_memory;
  for (const char *name = names; *name; name += std::strlen(name) + 1) {
    void *address = host_address(desc, name);
    if (!address)
      refuse_host_global(
          desc, name,
          "the host object of that translation unit has no address for it "
          "(was it compiled by this hcc?)");
    if (!host_readable) {
      if (!enabled())
        refuse_host_global(desc, name,
                           "shared virtual memory is off (HCC_SVM=0)");
      std::string why;
      if (!make_range_visible(dev, reinterpret_cast<std::uintptr_t>(address),
                              1, why))
        refuse_host_global(desc, name, why);
    }
    // Visible memory is used at its host address (register_host insists).
    addresses.push_back(reinterpret_cast<std::uintptr_t>(address));
  }
  if (addresses.size() * sizeof(std::uint64_t) != slots_bytes)
    refuse_host_global(desc, names, "the image's slots and names disagree");
  return addresses;
}

void host_globals_attach(device_impl &dev, loaded_module &module,
                         const __hcc_image_desc &desc, const char *slots_symbol,
                         const char *names_symbol) {
  module_global slots, names;
  if (!module.find_global(slots_symbol, slots))
    return; // the module uses no host globals
  if (!module.find_global(names_symbol, names))
    refuse_host_global(desc, names_symbol,
                       "the module lacks the list of their names");
  // A last empty name even if the variable lacks it.
  std::vector<char> text(names.size + 1, '\0');
  dev.read_device_now_impl(text.data(), names.address, names.size,
                           "reading a module's host global names");
  std::vector<std::uint64_t> addresses =
      host_global_addresses(dev, desc, text.data(), slots.size);
  dev.write_device_now_impl(slots.address, addresses.data(), slots.size,
                            "setting a module's host globals");
}

} // namespace svm
} // namespace rt
} // namespace detail
} // namespace hc

namespace hc {
namespace detail {

void *find_host_global(const char *name) noexcept {
  if (!name)
    return nullptr;
  try {
    for (const rt::image &img : rt::registered_images())
      if (void *address = rt::svm::host_address(img.desc, name))
        return address;
  } catch (...) {
  }
  return nullptr;
}

} // namespace detail
} // namespace hc
