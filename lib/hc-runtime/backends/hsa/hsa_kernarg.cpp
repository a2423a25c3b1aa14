// Kernarg layout from metadata (see hsa_kernarg.hpp). Value kinds and their
// meaning: LLVM AMDGPUUsage, "Code Object V5 Metadata" and "Amdhsa Code
// Object V5 implicit arguments".
#include "backends/hsa/hsa_kernarg.hpp"

#include <cstring>
#include <stdexcept>

namespace hc {
namespace detail {
namespace rt {
namespace hsa {

namespace {

struct known_hidden {
  const char *name;
  hidden_kind kind;
  std::uint32_t size;
};

constexpr known_hidden known[] = {
    {"hidden_block_count_x", hidden_kind::block_count_x, 4},
    {"hidden_block_count_y", hidden_kind::block_count_y, 4},
    {"hidden_block_count_z", hidden_kind::block_count_z, 4},
    {"hidden_group_size_x", hidden_kind::group_size_x, 2},
    {"hidden_group_size_y", hidden_kind::group_size_y, 2},
    {"hidden_group_size_z", hidden_kind::group_size_z, 2},
    {"hidden_remainder_x", hidden_kind::remainder_x, 2},
    {"hidden_remainder_y", hidden_kind::remainder_y, 2},
    {"hidden_remainder_z", hidden_kind::remainder_z, 2},
    {"hidden_global_offset_x", hidden_kind::global_offset_x, 8},
    {"hidden_global_offset_y", hidden_kind::global_offset_y, 8},
    {"hidden_global_offset_z", hidden_kind::global_offset_z, 8},
    {"hidden_grid_dims", hidden_kind::grid_dims, 2},
    {"hidden_dynamic_lds_size", hidden_kind::dynamic_lds_size, 4},
    {"hidden_queue_ptr", hidden_kind::queue_ptr, 8},
    {"hidden_none", hidden_kind::zero, 0},
};

[[noreturn]] void fail(const kernel_metadata &k, const std::string &what) {
  throw std::runtime_error("HSA kernel '" + k.name + "': " + what);
}

void store(unsigned char *out, const hidden_slot &slot, std::uint64_t value) {
  // Little-endian, as the GPU reads it; the host is little-endian too
  // (x86-64, AArch64), but say so rather than assume it.
  for (std::uint32_t i = 0; i < slot.size && i < 8; ++i)
    out[slot.offset + i] = static_cast<unsigned char>(value >> (8 * i));
}

} // namespace

kernarg_plan plan_kernargs(const kernel_metadata &kernel,
                           std::size_t explicit_bytes) {
  kernarg_plan plan;
  plan.size = kernel.kernarg_segment_size;
  plan.align = kernel.kernarg_segment_align > 16 ? kernel.kernarg_segment_align
                                                 : 16;
  bool have_explicit = false;
  for (const kernel_arg &a : kernel.args) {
    if (std::uint64_t{a.offset} + a.size > plan.size)
      fail(kernel, "argument '" + a.value_kind + "' at offset " +
                       std::to_string(a.offset) +
                       " lies outside the kernarg segment of " +
                       std::to_string(plan.size) + " bytes");
    if (a.value_kind.compare(0, 7, "hidden_") != 0) {
      if (have_explicit)
        fail(kernel, "more than one explicit argument (hcc kernels take one "
                     "argument block)");
      if (a.value_kind != "by_value")
        fail(kernel, "explicit argument is '" + a.value_kind +
                         "', expected 'by_value'");
      if (a.size != explicit_bytes)
        fail(kernel, "argument block is " + std::to_string(a.size) +
                         " bytes in the code object but " +
                         std::to_string(explicit_bytes) +
                         " on the host (host and device passes disagree "
                         "on the kernel's layout)");
      plan.explicit_offset = a.offset;
      plan.explicit_size = a.size;
      have_explicit = true;
      continue;
    }
    const known_hidden *h = nullptr;
    for (const known_hidden &k : known)
      if (a.value_kind == k.name)
        h = &k;
    if (!h)
      fail(kernel, "needs hidden argument '" + a.value_kind +
                       "', which hcc's HSA backend does not supply");
    if (h->kind != hidden_kind::zero && a.size != h->size)
      fail(kernel, "hidden argument '" + a.value_kind + "' is " +
                       std::to_string(a.size) + " bytes, expected " +
                       std::to_string(h->size));
    if (h->kind != hidden_kind::zero)
      plan.hidden.push_back({a.offset, a.size, h->kind});
  }
  if (!have_explicit && explicit_bytes != 0)
    fail(kernel, "has no explicit argument for the " +
                     std::to_string(explicit_bytes) + "-byte argument block");
  return plan;
}

void write_kernargs(const kernarg_plan &plan, void *out_void,
                    const void *args, const dispatch_shape &shape,
                    std::uint64_t queue_address) {
  auto *out = static_cast<unsigned char *>(out_void);
  std::memset(out, 0, plan.size);
  if (plan.explicit_size)
    std::memcpy(out + plan.explicit_offset, args, plan.explicit_size);
  for (const hidden_slot &slot : plan.hidden) {
    std::uint64_t v = 0;
    auto dim = [](hidden_kind k, hidden_kind x) {
      return static_cast<int>(k) - static_cast<int>(x);
    };
    switch (slot.kind) {
    case hidden_kind::block_count_x:
    case hidden_kind::block_count_y:
    case hidden_kind::block_count_z: {
      int d = dim(slot.kind, hidden_kind::block_count_x);
      v = shape.grid[d] / shape.workgroup[d];
      break;
    }
    case hidden_kind::group_size_x:
    case hidden_kind::group_size_y:
    case hidden_kind::group_size_z:
      v = shape.workgroup[dim(slot.kind, hidden_kind::group_size_x)];
      break;
    case hidden_kind::remainder_x:
    case hidden_kind::remainder_y:
    case hidden_kind::remainder_z: {
      int d = dim(slot.kind, hidden_kind::remainder_x);
      v = shape.grid[d] % shape.workgroup[d];
      break;
    }
    case hidden_kind::global_offset_x:
    case hidden_kind::global_offset_y:
    case hidden_kind::global_offset_z:
      v = 0; // hc grids always start at 0
      break;
    case hidden_kind::grid_dims:
      v = shape.dims;
      break;
    case hidden_kind::dynamic_lds_size:
      v = shape.dynamic_group_bytes;
      break;
    case hidden_kind::queue_ptr:
      v = queue_address;
      break;
    case hidden_kind::zero:
      break;
    }
    store(out, slot, v);
  }
}

} // namespace hsa
} // namespace rt
} // namespace detail
} // namespace hc
