// The kernarg segment of an AQL kernel dispatch, laid out from code-object
// metadata.
//
// An hcc kernel has one explicit argument, the argument block
// (kernel_launch::args, raw bytes passed by value), followed by the hidden
// (implicit) arguments the code object version defines: with v5 the
// work-group counts, sizes and remainders, the grid's dimensions, global
// offsets and the dynamic LDS size, at the offsets the metadata gives. A
// hidden argument the backend cannot supply (printf/hostcall buffers,
// device-side enqueue, multi-grid sync, apertures of pre-gfx9 targets) makes
// the kernel unusable with a clear error instead of a fault on the GPU.
#ifndef HC_RUNTIME_HSA_KERNARG_HPP
#define HC_RUNTIME_HSA_KERNARG_HPP

#include "backends/hsa/hsa_code_object.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace hc {
namespace detail {
namespace rt {
namespace hsa {

// The geometry of one dispatch, as the AQL packet states it.
struct dispatch_shape {
  unsigned dims = 1;                // 1..3
  std::uint32_t grid[3] = {1, 1, 1}; // work-items per dimension
  std::uint16_t workgroup[3] = {1, 1, 1};
  std::uint32_t dynamic_group_bytes = 0;
};

enum class hidden_kind {
  block_count_x, block_count_y, block_count_z,
  group_size_x, group_size_y, group_size_z,
  remainder_x, remainder_y, remainder_z,
  global_offset_x, global_offset_y, global_offset_z,
  grid_dims,
  dynamic_lds_size,
  queue_ptr,
  zero, // hidden_none: padding the loader expects to be zero
};

struct hidden_slot {
  std::uint32_t offset;
  std::uint32_t size;
  hidden_kind kind;
};

struct kernarg_plan {
  std::uint32_t size = 0;  // bytes of the kernarg segment
  std::uint32_t align = 16;
  std::uint32_t explicit_offset = 0;
  std::uint32_t explicit_size = 0;
  std::vector<hidden_slot> hidden;
};

// Plans the kernarg segment of `kernel` for an argument block of
// `explicit_bytes`. Throws std::runtime_error (naming the kernel) when the
// metadata does not have exactly one explicit by-value argument of that
// size, when an argument lies outside the segment, or when the kernel needs
// a hidden argument this backend does not supply.
kernarg_plan plan_kernargs(const kernel_metadata &kernel,
                           std::size_t explicit_bytes);

// Writes the segment: zeroes [out, out + plan.size), copies the argument
// block and fills every hidden argument for `shape`. `queue_address` is the
// hsa_queue_t* the packet goes to (hidden_queue_ptr).
void write_kernargs(const kernarg_plan &plan, void *out, const void *args,
                    const dispatch_shape &shape, std::uint64_t queue_address);

} // namespace hsa
} // namespace rt
} // namespace detail
} // namespace hc

#endif
