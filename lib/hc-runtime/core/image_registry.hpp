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

// Device functions of a PTX image that cross images: those it defines for
// other images (`.visible .func`, `.weak .func`) and those it calls from
// them (`.extern .func`, which also names the driver's system calls such as
// vprintf and malloc). In the order of the text.
struct image_device_functions {
  std::vector<std::string> defined;
  std::vector<std::string> external;
};
image_device_functions ptx_device_functions(const char *text, std::size_t size);

// The images `root` is linked with when loaded: for each function it calls
// from another image, the first registered image of its kind and target
// that defines it, then the same for those images. Empty when it calls
// none (or no image defines what it calls: the JIT then reports the name).
// PTX only; other kinds: empty.
std::vector<image> images_to_link_with(const image &root);

} // namespace rt
} // namespace detail
} // namespace hc

#endif
