// hcc's work-item builtins (declared by hcc's <hc_defines.h>), callable
// anywhere in a kernel, including functions the kernel calls:
//
//   hc_get_grid_size(n)            amp_get_global_size(n)
//   hc_get_workitem_absolute_id(n) amp_get_global_id(n)
//   hc_get_group_size(n)           amp_get_local_size(n)
//   hc_get_workitem_id(n)          amp_get_local_id(n)
//   hc_get_num_groups(n)           amp_get_num_groups(n)
//   hc_get_group_id(n)             amp_get_group_id(n)
//   hc_barrier(flags)              amp_barrier(flags)
//
// Dimension n counts as in hcc (and OpenCL): 0 is the fastest varying
// dimension, i.e. component N-1 of an index<N>, 1 is component N-2, 2 is
// component N-3. Dimensions past the domain's rank (or past 2) have size 1
// and id 0. A non-tiled launch is made of work-groups of one work-item (the
// group id is the global id, the local id 0); hc_barrier there only
// orders memory. See docs/wavefront.md ("Work-item builtins").
//
// How a builtin finds its work-item: the kernel's entry point keeps a
// workitem_context (the launch's shape and the work-item's position) in
// its own stack frame and publishes the frame's address where the builtins
// read it: a thread_local pointer on the CPU backend, a group-memory
// pointer on GPUs (every thread of a block stores the same value: a stack
// address is thread-relative, each thread reaches its own frame through
// it). The entry updates the context once per work-item. A kernel that
// calls no builtin never reads the pointer, so the optimizer deletes the
// updates (the context does not outlive the entry): kernels that do not
// use the builtins pay nothing.
#ifndef HC_DETAIL_WORKITEM_HPP
#define HC_DETAIL_WORKITEM_HPP

#include "hc/detail/config.hpp"
#include "hc/detail/runtime.hpp"
#include "hc/detail/workitem_context.hpp"

#include <cstddef>
#include <cstdint>

#if HC_DEVICE_PASS && !defined(__NVPTX__) && !defined(__AMDGCN__)
#error "hc/detail/workitem.hpp: the work-item builtins are written for NVPTX and AMDGCN; add this target's barrier (see docs/wavefront.md)"
#endif

namespace hc {
namespace detail {

#if !HC_DEVICE_PASS
// CPU backend: the work-item the calling thread (or fiber) runs; null
// outside kernels.
inline thread_local const workitem_context *cpu_current_workitem = nullptr;
#endif

// Makes `c` the current work-item on the CPU backend for its lifetime, then
// restores the one before (kernels may run nested inside kernels there, and
// a host thread that waits for a kernel may run it: it must leave no
// work-item current behind), also when the kernel throws. (The CPU entry
// points that use it are compiled in the device pass too, where it does
// nothing.)
class cpu_workitem_scope {
public:
#if HC_DEVICE_PASS
  explicit cpu_workitem_scope(workitem_context *c) : previous_(c) {}
#else
  explicit cpu_workitem_scope(workitem_context *c)
      : previous_(cpu_current_workitem) {
    c->outer = previous_;
    cpu_current_workitem = c;
  }
  ~cpu_workitem_scope() { cpu_current_workitem = previous_; }
#endif
  cpu_workitem_scope(const cpu_workitem_scope &) = delete;
  cpu_workitem_scope &operator=(const cpu_workitem_scope &) = delete;

private:
  const workitem_context *previous_;
};

#if HC_DEVICE_PASS
// GPUs: the address of the running work-item's context, per block (every
// thread stores the same thread-relative stack address). One variable per
// translation unit (device code is not linked across them), so that it
// disappears from those that call no builtin.
// The optimizer deletes a variable that is stored to and never read only
// if it sees the stores themselves (so it is accessed through a pointer in
// the group address space, not through the generic address its name
// gives) and if it holds no pointer (which it keeps for leak checkers), so
// the address is stored as an integer.
static __attribute__((shared)) std::uintptr_t hc_workitem_frame;

typedef std::uintptr_t __attribute__((address_space(3))) *workitem_frame_slot;
HC_INLINE HC_HOST_DEVICE workitem_frame_slot workitem_frame() {
  return (workitem_frame_slot)&hc_workitem_frame;
}
HC_INLINE HC_HOST_DEVICE void gpu_publish_workitem(const workitem_context *c) {
  *workitem_frame() = reinterpret_cast<std::uintptr_t>(c);
}
HC_INLINE HC_HOST_DEVICE const workitem_context *current_workitem() {
  return reinterpret_cast<const workitem_context *>(*workitem_frame());
}
#else
inline const workitem_context *current_workitem() {
  return cpu_current_workitem;
}
#endif

#if !HC_DEVICE_PASS
// Gives the thread its current work-item back when it ends: a tile run as
// loops, whose work-items' scopes end in an order of the compiler's making.
class cpu_workitem_restore {
public:
  cpu_workitem_restore() : saved_(cpu_current_workitem) {}
  ~cpu_workitem_restore() { cpu_current_workitem = saved_; }
  cpu_workitem_restore(const cpu_workitem_restore &) = delete;
  cpu_workitem_restore &operator=(const cpu_workitem_restore &) = delete;

private:
  const workitem_context *saved_;
};
#endif

// A barrier of the calling work-item's tile. On the CPU backend the tile's
// work-items are fibers of one thread: the others run while this one
// waits, each starting from the thread's work-item before the tile, and
// this one is current again afterwards.
HC_INLINE HC_HOST_DEVICE void tile_barrier_wait() {
#if HC_DEVICE_PASS
  __gpu_sync_threads();
#else
  const workitem_context *self = cpu_current_workitem;
  if (self)
    cpu_current_workitem = self->outer;
  __hcc_cpu_tile_barrier();
  cpu_current_workitem = self;
#endif
}

#if !HC_DEVICE_PASS
// A yield point of the CPU backend: the compiler calls it at the top of
// every loop of kernel code that reads memory other threads write (atomics,
// volatile loads; llvm-passes/cpu/CpuKernelYieldPoints.h), so that a work-item
// spinning on a flag lets the others run, as each work-item of a GPU makes
// progress on its own. Outside kernels it returns at once; in a kernel, one
// call in 1024 asks the runtime, which acts only for a work-item that has
// spun for a while. Emitted in every translation unit (used): the pass
// calls it where it finds it, by its name in abi_names.h.
inline thread_local unsigned cpu_yield_point_calls = 0;
extern "C" __attribute__((used)) inline void __hcc_cpu_yield_point() {
  const workitem_context *self = cpu_current_workitem;
  if (!self || (++cpu_yield_point_calls & 1023u) != 0)
    return;
  // Other work-items may run meanwhile (fibers of the tile): as at a
  // barrier, they start from the work-item before this one.
  cpu_current_workitem = self->outer;
  cpu_spin_point(const_cast<workitem_context *>(self));
  cpu_current_workitem = self;
}
#endif

#if !HC_DEVICE_PASS
// Whether the caller runs in a CPU-backend kernel. In the functions that the
// kernels' entry points reach through direct calls the pass plugin answers
// `true` at compile time, in copies made for the kernels
// (llvm-passes/cpu/CpuKernelCode.h), so that nothing of the host paths it
// guards is left in kernel loops; elsewhere the thread is asked. Found by
// its name in abi_names.h.
extern "C" HC_INLINE bool __hcc_cpu_kernel_code() {
  return hc::detail::cpu_current_workitem != nullptr;
}
#endif

// Component n (hcc's order) of a row-major position: `linear` counted over
// `sizes` (dimension 0 fastest).
HC_INLINE HC_HOST_DEVICE std::uint32_t
component(std::size_t linear, const std::uint32_t *sizes, unsigned n) {
  for (unsigned d = 0; d < n; ++d)
    linear /= sizes[d];
  return static_cast<std::uint32_t>(linear % sizes[n]);
}

HC_INLINE HC_HOST_DEVICE std::uint32_t workitem_group_id(unsigned n) {
  const workitem_context *c = current_workitem();
  if (!c || n > 2)
    return 0u;
  const workitem_launch &l = c->launch;
  return component(c->linear, l.tiled ? l.groups : l.grid, n);
}

HC_INLINE HC_HOST_DEVICE std::uint32_t workitem_local_id(unsigned n) {
  const workitem_context *c = current_workitem();
  if (!c || n > 2 || !c->launch.tiled)
    return 0u;
  return c->local[n];
}

HC_INLINE HC_HOST_DEVICE std::uint32_t workitem_global_id(unsigned n) {
  const workitem_context *c = current_workitem();
  if (!c || n > 2)
    return 0u;
  const workitem_launch &l = c->launch;
  if (!l.tiled)
    return component(c->linear, l.grid, n);
  return component(c->linear, l.groups, n) * l.group[n] + c->local[n];
}

// Sizes: from the launch; 1 outside kernels and past dimension 2. The
// group size is that of the caller's group: smaller than the tile size in
// the last group of a dimension that the tile size does not divide (as in
// hcc, and OpenCL's get_local_size).
enum class workitem_size { grid, group, groups };
HC_INLINE HC_HOST_DEVICE std::uint32_t workitem_size_of(workitem_size what,
                                                      unsigned n) {
  const workitem_context *c = current_workitem();
  if (!c || n > 2)
    return 1u;
  const workitem_launch &l = c->launch;
  switch (what) {
  case workitem_size::grid:
    return l.grid[n];
  case workitem_size::group: {
    if (!l.tiled)
      return 1u;
    const std::uint32_t origin = component(c->linear, l.groups, n) * l.group[n];
    const std::uint32_t left = l.grid[n] - origin;
    return left < l.group[n] ? left : l.group[n];
  }
  case workitem_size::groups:
    return l.groups[n];
  }
  return 1u;
}

HC_INLINE HC_HOST_DEVICE void workitem_barrier(unsigned int flags) {
  (void)flags; // CLK_* fences: the barrier orders all memory of the tile
  const workitem_context *c = current_workitem();
  if (c && c->launch.tiled)
    tile_barrier_wait();
  else
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
}

} // namespace detail
} // namespace hc

// --- hcc's names (C linkage, global namespace, as in hcc's hc_defines.h) ---

extern "C" {
HC_INLINE HC_HOST_DEVICE std::uint32_t hc_get_grid_size(unsigned int n) {
  return hc::detail::workitem_size_of(hc::detail::workitem_size::grid, n);
}
HC_INLINE HC_HOST_DEVICE std::uint32_t
hc_get_workitem_absolute_id(unsigned int n) {
  return hc::detail::workitem_global_id(n);
}
HC_INLINE HC_HOST_DEVICE std::uint32_t hc_get_group_size(unsigned int n) {
  return hc::detail::workitem_size_of(hc::detail::workitem_size::group, n);
}
HC_INLINE HC_HOST_DEVICE std::uint32_t hc_get_workitem_id(unsigned int n) {
  return hc::detail::workitem_local_id(n);
}
HC_INLINE HC_HOST_DEVICE std::uint32_t hc_get_num_groups(unsigned int n) {
  return hc::detail::workitem_size_of(hc::detail::workitem_size::groups, n);
}
HC_INLINE HC_HOST_DEVICE std::uint32_t hc_get_group_id(unsigned int n) {
  return hc::detail::workitem_group_id(n);
}
HC_INLINE HC_HOST_DEVICE void hc_barrier(unsigned int n) {
  hc::detail::workitem_barrier(n);
}

// C++ AMP's spellings: the same values.
HC_INLINE HC_HOST_DEVICE std::uint32_t amp_get_global_size(unsigned int n) {
  return hc_get_grid_size(n);
}
HC_INLINE HC_HOST_DEVICE std::uint32_t amp_get_global_id(unsigned int n) {
  return hc_get_workitem_absolute_id(n);
}
HC_INLINE HC_HOST_DEVICE std::uint32_t amp_get_local_size(unsigned int n) {
  return hc_get_group_size(n);
}
HC_INLINE HC_HOST_DEVICE std::uint32_t amp_get_local_id(unsigned int n) {
  return hc_get_workitem_id(n);
}
HC_INLINE HC_HOST_DEVICE std::uint32_t amp_get_num_groups(unsigned int n) {
  return hc_get_num_groups(n);
}
HC_INLINE HC_HOST_DEVICE std::uint32_t amp_get_group_id(unsigned int n) {
  return hc_get_group_id(n);
}
HC_INLINE HC_HOST_DEVICE void amp_barrier(unsigned int n) { hc_barrier(n); }
} // extern "C"

#endif // HC_DETAIL_WORKITEM_HPP
