// Which of a kernel's two GPU entry points a launch uses.
//
// The device pass gives every kernel a second entry point that computes
// element offsets in 32 bits (hc/detail/offset_width.hpp). Those offsets
// are exact while no storage (the memory behind an array or array_view) has
// 2^31 bytes or more: an offset then counts fewer than 2^31 elements of any
// type. The runtime counts such storages as they are made and freed and
// launches the second entry point while there are none and the images have
// it (the pass leaves it out where it would change nothing or could be
// wrong).
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
// (enum __hcc_image_kind): device_name_offsets32 or device_name.
const char *kernel_entry_point(const kernel_launch &kernel,
                               unsigned image_kind);

} // namespace rt
} // namespace detail
} // namespace hc

#endif
