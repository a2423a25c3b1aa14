#include "backends/cuda/cuda_svm_globals.hpp"

#include "backends/cuda/cuda_device.hpp"
#include "backends/cuda/cuda_module_globals.hpp"
#include "core/svm_globals.hpp"

#include <vector>

namespace hc {
namespace detail {
namespace rt {
namespace cuda {

void host_globals_attach(cuda_device &dev, CUmodule module,
                         const __hcc_image_desc &desc) {
  module_global slots, names;
  if (!find_module_global(dev.api(), module, svm::host_global_slots_symbol,
                          slots))
    return; // the module uses no host globals
  if (!find_module_global(dev.api(), module, svm::host_global_names_symbol,
                          names))
    svm::refuse_host_global(desc, svm::host_global_names_symbol,
                            "the module lacks the list of their names");
  std::vector<char> text(names.size + 1, '\0');
  copy_from_device_now(dev, text.data(), names.address, names.size,
                       "reading a module's host global names");
  std::vector<std::uint64_t> addresses =
      svm::host_global_addresses(dev, desc, text.data(), slots.size);
  copy_to_device_now(dev, slots.address, addresses.data(), slots.size,
                     "setting a module's host globals");
}

} // namespace cuda
} // namespace rt
} // namespace detail
} // namespace hc
