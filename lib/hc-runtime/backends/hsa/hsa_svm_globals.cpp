#include "backends/hsa/hsa_svm_globals.hpp"

#include "backends/hsa/hsa_device.hpp"
#include "core/svm_globals.hpp"

#include <cstdint>
#include <vector>

namespace hc {
namespace detail {
namespace rt {
namespace hsa {

void host_globals_attach(hsa_device &dev, hsa_executable_t executable,
                         const __hcc_image_desc &desc) {
  std::vector<char> slots_now, text;
  if (!dev.read_variable(executable, svm::host_global_slots_symbol, slots_now,
                         desc.source))
    return; // the code object uses no host globals
  if (!dev.read_variable(executable, svm::host_global_names_symbol, text,
                         desc.source))
    svm::refuse_host_global(desc, svm::host_global_names_symbol,
                            "the code object lacks the list of their names");
  text.push_back('\0'); // a last empty name even if the variable lacks it
  std::vector<std::uint64_t> addresses =
      svm::host_global_addresses(dev, desc, text.data(), slots_now.size());
  dev.write_variable(executable, svm::host_global_slots_symbol,
                     addresses.data(), slots_now.size(), desc.source);
}

} // namespace hsa
} // namespace rt
} // namespace detail
} // namespace hc
