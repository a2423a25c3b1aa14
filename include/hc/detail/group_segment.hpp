// hcc's group segment size queries, callable in kernels (docs/wavefront.md):
//
//   get_static_group_segment_size()  bytes of group memory the kernel
//                                    declares (tile_static variables)
//   get_group_segment_size()         static + dynamic bytes of the tile
//
// The dynamic part is tiled_extent::get_dynamic_group_segment_size() of the
// launch; its base is get_dynamic_group_segment_base_pointer() (tiled.hpp).
#ifndef HC_DETAIL_GROUP_SEGMENT_HPP
#define HC_DETAIL_GROUP_SEGMENT_HPP

#include "config.hpp"
#include "runtime.hpp"

#if HC_DEVICE_PASS && !defined(__NVPTX__) && !defined(__AMDGCN__)
#error "hc/detail/group_segment.hpp: the group segment queries read NVPTX or AMDGCN registers; add this target's (see docs/wavefront.md)"
#endif

namespace hc {

namespace detail {
#if HC_DEVICE_PASS && defined(__NVPTX__)
// PTX special registers (no Clang builtins): shared memory of the CTA in
// total, and the part the launch requested dynamically.
HC_INLINE HC_HOST_DEVICE unsigned int ptx_total_smem_size() {
  unsigned int v;
  asm("mov.u32 %0, %%total_smem_size;" : "=r"(v));
  return v;
}
HC_INLINE HC_HOST_DEVICE unsigned int ptx_dynamic_smem_size() {
  unsigned int v;
  asm("mov.u32 %0, %%dynamic_smem_size;" : "=r"(v));
  return v;
}
#endif
} // namespace detail

// Bytes of group memory the kernel allocates statically. On an NVIDIA GPU
// the CTA's shared memory minus the dynamic part (at least the kernel's
// tile_static bytes; PTX may round it up). On an AMD GPU the linker's
// static LDS size. On the CPU backend tile_static variables are thread-local
// variables, not part of a group segment, so it is 0.
extern "C" HC_INLINE HC_HOST_DEVICE unsigned int get_static_group_segment_size() {
#if HC_DEVICE_PASS && defined(__AMDGCN__)
  return __builtin_amdgcn_groupstaticsize();
#elif HC_DEVICE_PASS
  return detail::ptx_total_smem_size() - detail::ptx_dynamic_smem_size();
#else
  return 0u;
#endif
}

// Bytes of group memory of the calling tile: static plus dynamic. On an AMD
// GPU the dispatch packet's group_segment_size (offset 16 of
// hsa_kernel_dispatch_packet_t); on the CPU backend the dynamic segment.
extern "C" HC_INLINE HC_HOST_DEVICE unsigned int get_group_segment_size() {
#if HC_DEVICE_PASS && defined(__AMDGCN__)
  const auto *packet =
      static_cast<const unsigned char *>(__builtin_amdgcn_dispatch_ptr());
  return *reinterpret_cast<const unsigned int *>(packet + 16);
#elif HC_DEVICE_PASS
  return detail::ptx_total_smem_size();
#else
  return static_cast<unsigned int>(detail::cpu_dynamic_group_segment_size());
#endif
}

} // namespace hc

#endif // HC_DETAIL_GROUP_SEGMENT_HPP
