// Internal API of the device code image registry, for backends.
//
// The driver's constructors register images with __hcc_register_image()
// (image_registry.h). A backend asks which registered images of its kind
// define a kernel, then loads the one that fits its device.
#ifndef HC_RUNTIME_CORE_IMAGE_REGISTRY_HPP
#define HC_RUNTIME_CORE_IMAGE_REGISTRY_HPP

#include "hc/detail/image_registry.h"

#include <cstddef>
#include <string>
#include <vector>

namespace hc {
namespace detail {
namespace rt {

// A registered image. `desc` is a copy of the descriptor handed to
// __hcc_register_image; its pointers refer to the registering object's data.
struct image {
  __hcc_image_desc desc;
  std::size_t index; // registration order, stable for the program's life
};

// Snapshot of every registered image, in registration order.
std::vector<image> registered_images();

// Images of `kind` (enum __hcc_image_kind) whose kernels include
// `kernel_name`, in registration order. The kernel names of an image are
// extracted on the first lookup and cached.
std::vector<image> images_with_kernel(unsigned kind, const char *kernel_name);

// Kernel entry names defined by an image (uncached; used by the registry).
// PTX: every `.entry <name>(`; HSACO: every `<name>.kd` kernel descriptor
// symbol of the ELF symbol table. Unknown kinds: none.
std::vector<std::string> kernel_names_in(const __hcc_image_desc &desc);

} // namespace rt
} // namespace detail
} // namespace hc

#endif
