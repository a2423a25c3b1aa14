// What the HSA backend reads from an AMDGPU code object (HSACO) before it
// hands it to ROCr: the target, the code object version and, per kernel,
// the kernarg segment (explicit and hidden arguments with their offsets) and
// the group/private segment sizes. ROCr's loader does not expose the
// argument list, and the dispatch packet needs it: the kernarg segment is
// laid out from this metadata (hsa_kernarg.hpp).
#ifndef HC_RUNTIME_HSA_CODE_OBJECT_HPP
#define HC_RUNTIME_HSA_CODE_OBJECT_HPP

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace hc {
namespace detail {
namespace rt {
namespace hsa {

// One entry of a kernel's .args: an argument or a hidden (implicit) one.
struct kernel_arg {
  std::uint32_t offset = 0;
  std::uint32_t size = 0;
  std::string value_kind; // "by_value", "global_buffer", "hidden_block_count_x", ...
};

struct kernel_metadata {
  std::string name;   // .name: the kernel's (mangled) name
  std::string symbol; // .symbol: its kernel descriptor, "<name>.kd"
  std::uint32_t kernarg_segment_size = 0;
  std::uint32_t kernarg_segment_align = 0;
  std::uint32_t group_segment_fixed_size = 0;   // tile_static bytes
  std::uint32_t private_segment_fixed_size = 0; // scratch per work-item
  std::uint32_t wavefront_size = 0;
  std::uint32_t max_flat_workgroup_size = 0;
  bool uses_dynamic_stack = false;
  std::vector<kernel_arg> args;
};

struct code_object_metadata {
  unsigned version_major = 0, version_minor = 0; // amdhsa.version
  std::string target;                            // amdhsa.target
  std::vector<kernel_metadata> kernels;

  // The code object version of the ELF header's ABI version
  // (ELFABIVERSION_AMDGPU_HSA_V4 = 2 -> 4, V5 = 3 -> 5, V6 = 4 -> 6).
  unsigned code_object_version = 0;

  const kernel_metadata *find_kernel(const std::string &name) const;
};

// Reads the metadata of the code object [data, data + size). Throws
// std::runtime_error with a message for anything that is not a 64-bit
// little-endian AMDGPU HSA ELF with an NT_AMDGPU_METADATA note (code object
// v2, with its older note format, is not supported: ROCr's current loaders
// no longer take it either).
code_object_metadata read_code_object_metadata(const void *data,
                                               std::size_t size);

} // namespace hsa
} // namespace rt
} // namespace detail
} // namespace hc

#endif
