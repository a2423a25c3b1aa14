#include "backends/cuda/cuda_svm_globals.hpp"

#include "backends/cuda/cuda_device.hpp"
#include "backends/cuda/cuda_module_globals.hpp"
#include "backends/cuda/cuda_util.hpp"
#include "core/profiler.hpp"
#include "core/svm_visibility.hpp"

#include <cstring>
#include <string>
#include <vector>

namespace hc {
namespace detail {
namespace rt {
namespace cuda {

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

void host_globals_attach(cuda_device &dev, CUmodule module,
                         const __hcc_image_desc &desc) {
  module_global slots, names;
  if (!find_module_global(dev.api(), module, slots_symbol, slots))
    return; // the module uses no host globals
  if (!find_module_global(dev.api(), module, names_symbol, names))
    refuse(desc, names_symbol, "the module lacks the list of their names");
  std::vector<char> text(names.size + 1, '\0');
  copy_from_device_now(dev, text.data(), names.address, names.size,
                       "reading a module's host global names");

  std::vector<CUdeviceptr> addresses;
  bool host_readable = dev.info().reads_host_memory;
  for (const char *name = text.data(); *name; name += std::strlen(name) + 1) {
    void *address = host_address(desc, name);
    if (!address)
      refuse(desc, name,
             "the host object of that translation unit has no address for it "
             "(was it compiled by this hcc?)");
    if (!host_readable) {
      if (!svm::enabled())
        refuse(desc, name, "shared virtual memory is off (HCC_SVM=0)");
      std::string why;
      if (!svm::make_range_visible(dev, reinterpret_cast<std::uintptr_t>(address),
                                   1, why))
        refuse(desc, name, why);
    }
    addresses.push_back(device_ptr(address));
  }
  if (addresses.size() * sizeof(CUdeviceptr) != slots.size)
    refuse(desc, text.data(), "the module's slots and names disagree");
  copy_to_device_now(dev, slots.address, addresses.data(), slots.size,
                     "setting a module's host globals");
}

} // namespace cuda
} // namespace rt
} // namespace detail
} // namespace hc
