// Host global variables in kernels (docs/svm.md, llvm-passes/svm/HostGlobals.h),
// the part every GPU backend shares: a device image that uses globals of
// the program names them in `__hcc_host_global_names` and reaches them
// through `__hcc_host_global_slots`; host_globals_attach() reads the names
// and writes the addresses into the slots when a backend loads the image.
#ifndef HC_RUNTIME_CORE_SVM_GLOBALS_HPP
#define HC_RUNTIME_CORE_SVM_GLOBALS_HPP

#include "core/loaded_module.hpp"
#include "hc/detail/abi_names.h"
#include "hc/detail/image_registry.h"
#include "hc/detail/runtime.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace hc {
namespace detail {
namespace rt {
namespace svm {

constexpr const char *host_global_slots_symbol = hc::abi::host_global_slots;
constexpr const char *host_global_names_symbol = hc::abi::host_global_names;

// The host addresses of the NUL-separated `names` (ending with an empty
// name) from the image's table, their memory made visible to `dev`, one per
// slot of the `slots_bytes`-byte slot array. Throws Kalmar::runtime_exception
// naming the variable when it has no address or cannot be made visible.
std::vector<std::uint64_t> host_global_addresses(device &dev,
                                                 const __hcc_image_desc &desc,
                                                 const char *names,
                                                 std::size_t slots_bytes);

// The host address of the global variable `name` in the image's table of
// host globals; null when the table has none of that name.
void *host_address(const __hcc_image_desc &desc, const char *name);

// The same error, for what the backend finds wrong with the image.
[[noreturn]] void refuse_host_global(const __hcc_image_desc &desc,
                                     const char *name, const std::string &why);

// If `module` (just loaded on `dev` from `desc`) uses host globals, fills
// its slots with their addresses. A module linked from several images has
// the variables of each under names of its own (linked_images.hpp).
// Throws Kalmar::runtime_exception.
void host_globals_attach(device_impl &dev, loaded_module &module,
                         const __hcc_image_desc &desc,
                         const char *slots_symbol = host_global_slots_symbol,
                         const char *names_symbol = host_global_names_symbol);

} // namespace svm
} // namespace rt
} // namespace detail
} // namespace hc

#endif
