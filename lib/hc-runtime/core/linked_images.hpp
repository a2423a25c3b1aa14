// Linking a PTX image with the images that define the [[hc]] functions it
// calls from other translation units (docs/driver.md, "Device functions
// across translation units"): what the linked module is made of, and its
// set-up.
//
// Every image that uses host global variables defines the same two
// variables, its slots and their names (svm_globals.hpp). In a linked
// module each image keeps its own: the texts of the images linked with the
// first are given those variables under names of their own
// (`__hcc_host_global_slots_linked_<N>`), and each table is filled from its
// image's host globals.
#ifndef HC_RUNTIME_CORE_LINKED_IMAGES_HPP
#define HC_RUNTIME_CORE_LINKED_IMAGES_HPP

#include "core/image_registry.hpp"
#include "core/loaded_module.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace hc {
namespace detail {
namespace rt {

// The PTX text of `desc` as the `position`-th image linked with another
// (1, 2, ...): its host-global variables renamed. Position 0 is the text as
// it is.
std::string linked_ptx_text(const __hcc_image_desc &desc, std::size_t position);

// set_up_loaded_module() for a module linked from `root` and `linked` (in
// that order, as linked_ptx_text numbered them): the printf buffer and the
// device heap once, the host globals of every image.
void set_up_linked_module(device_impl &dev, loaded_module &module,
                          const __hcc_image_desc &root,
                          const std::vector<image> &linked);

} // namespace rt
} // namespace detail
} // namespace hc

#endif
