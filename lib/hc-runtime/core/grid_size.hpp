// How many work-groups (CUDA blocks) a non-tiled launch gets, for every GPU
// backend. The kernel walks linear ids with a grid-sized stride
// (hc/detail/parallel_for_each.hpp), so any number works; the choice is
// about speed:
//
//  - one work-item per element was measured at 0.80x of the textbook saxpy
//    on an H200 (block start-up paid per element); a grid of what the GPU
//    holds at once (one wave) runs streaming kernels at 1.05x;
//  - but one wave assigns every work-item its elements statically, and with
//    a stride that is a multiple of a row (grids are multiples of 2048, rows
//    often powers of two) each work-item's elements lie in one column: a
//    kernel whose cost varies over the domain (Mandelbrot) finishes when the
//    work-groups of the costly columns do, at 0.60x of CUDA's one thread per
//    pixel on an H200.
//
// Several waves keep the per-element start-up small while the hardware
// hands the smaller work-groups to whichever unit is free.
#ifndef HC_RUNTIME_CORE_GRID_SIZE_HPP
#define HC_RUNTIME_CORE_GRID_SIZE_HPP

#include <algorithm>
#include <cstddef>

namespace hc {
namespace detail {
namespace rt {

// Waves of resident work-groups a non-tiled launch is given at most.
constexpr std::size_t non_tiled_waves = 8;

// Work-groups for `total` work-items in groups of `group_size` on
// `units` compute units holding `resident_per_unit` groups each, at most
// `max_groups`; at least one when there is any work.
inline std::size_t non_tiled_groups(std::size_t total, std::size_t group_size,
                                    std::size_t units,
                                    std::size_t resident_per_unit,
                                    std::size_t max_groups) {
  if (total == 0)
    return 0;
  std::size_t groups = (total + group_size - 1) / group_size;
  std::size_t cap = std::max<std::size_t>(1, units) *
                    std::max<std::size_t>(1, resident_per_unit) *
                    non_tiled_waves;
  return std::max<std::size_t>(1, std::min({groups, cap, max_groups}));
}

} // namespace rt
} // namespace detail
} // namespace hc

#endif
