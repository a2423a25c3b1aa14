// The shape of a launch and the position of one work-item, as hcc's
// work-item builtins report them (hc/detail/workitem.hpp). A header of its
// own: the runtime reads a CPU work-item's context too (cpu_spin_point in
// runtime.hpp), without the builtins' device code.
#ifndef HC_DETAIL_WORKITEM_CONTEXT_HPP
#define HC_DETAIL_WORKITEM_CONTEXT_HPP

#include <cstddef>
#include <cstdint>

namespace hc {
namespace detail {

// The shape of a launch as the builtins report it, in hcc's dimension
// order (0 = fastest varying). Computed on the host with the kernel's
// arguments; constant for the whole launch.
struct workitem_launch {
  std::uint32_t grid[3];   // work-items per dimension (the extent)
  std::uint32_t group[3];  // work-items per group (the tile; 1 if not tiled)
  std::uint32_t groups[3]; // groups per dimension (partial tiles count)
  std::uint32_t tiled;     // 1 for a tiled launch
};

template <int N>
inline workitem_launch make_workitem_launch(const int *extent_hc_order,
                                            const int *tile_hc_order) {
  workitem_launch l;
  for (int n = 0; n < 3; ++n) {
    const int dim = N - 1 - n; // hc's component for hcc's dimension n
    const std::uint32_t e =
        dim >= 0 ? static_cast<std::uint32_t>(extent_hc_order[dim]) : 1u;
    const std::uint32_t t =
        dim >= 0 && tile_hc_order ? static_cast<std::uint32_t>(tile_hc_order[dim])
                                  : 1u;
    l.grid[n] = e;
    l.group[n] = t;
    l.groups[n] = (e + t - 1) / t;
  }
  l.tiled = tile_hc_order ? 1u : 0u;
  return l;
}

// One work-item's position. `linear` is the row-major number of the
// work-item (non-tiled launches) or of its tile (tiled launches); `local`
// is the position in the tile in hcc's dimension order (tiled only).
struct workitem_context {
  workitem_launch launch; // a copy: on GPUs the frame is thread-private

  std::size_t linear;
  std::uint32_t local[3];
  // CPU backend, non-tiled: one past the last work-item the entry point
  // runs. The runtime lowers it to hand the rest of the range to another
  // thread when a work-item spins (cpu_spin_point in runtime.hpp).
  std::size_t end;
  // CPU backend: the thread's current work-item before this one (null
  // outside kernels). A work-item that lets others of its tile run on its
  // thread (a fiber at a barrier or a spin point) gives it back meanwhile,
  // so that whichever of them ends last leaves the thread as it was.
  const workitem_context *outer = nullptr;
};

} // namespace detail
} // namespace hc

#endif
