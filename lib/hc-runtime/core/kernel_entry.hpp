// Which of a kernel's GPU entry points a launch uses.
//
// The device pass gives every kernel a second entry point that computes
// element offsets in 32 bits (hc/detail/offset_width.hpp). Those offsets
// are exact while no storage (the memory behind an array or array_view) has
// 2^31 bytes or more: an offset then counts fewer than 2^31 elements of any
// type. The runtime counts such storages as they are made and freed and
// launches the second entry point while there are none and the images have
// it (the pass leaves it out where it would change nothing or could be
// wrong). Tiled kernels have a third, also with 32-bit offsets, for a grid
// of one block per tile over an extent of whole tiles: no tile loop, no
// domain test (hc_tiled_kernel32_whole, hc/detail/parallel_for_each.hpp).
#ifndef HC_RUNTIME_CORE_KERNEL_ENTRY_HPP
#define HC_RUNTIME_CORE_KERNEL_ENTRY_HPP

#include "hc/detail/kernel_launch.hpp"

#include <cstddef>

namespace hc {
namespace detail {
namespace rt {

// Bookkeeping of storage_object's constructor and destructor.
void note_storage_made(std::size_t bytes) noexcept;
void note_storage_freed(std::size_t bytes) noexcept;

// The entry point to launch `kernel` by, among the images of `image_kind`
// (enum __hcc_image_kind): device_name_whole_tiles when `whole_tiles` (see
// whole_tiles_launch), else device_name_offsets32, else device_name.
const char *kernel_entry_point(const kernel_launch &kernel, unsigned image_kind,
                               bool whole_tiles = false);

// Whether a tiled launch of geometry `g` on a grid of `grid` blocks (x, y,
// z; x = the fastest hc dimension) has one block per tile and an extent of
// whole tiles: what the whole-tiles entry point requires.
bool whole_tiles_launch(const launch_geometry &g, const unsigned grid[3]);

} // namespace rt
} // namespace detail
} // namespace hc

#endif
